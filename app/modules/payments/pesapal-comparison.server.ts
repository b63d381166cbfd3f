// What Pesapal says against what we recorded (ADR 027), for `npm run reconcile`: every order whose outcome can still
// change (the re-check job's own set, ordersThatCanStillChange) and every refund whose outcome is unknown. Read-only:
// it asks GetTransactionStatus and works out with the same pure rules as the verification (order-transitions.ts)
// what that answer would do, but changes nothing; each difference says what a person should do.
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { cardRenewals, orders, payments, refunds } from "~/db/schema";
import { decideTransition, ORDER_STATUS_LABELS, type OrderStatus } from "~/modules/orders/order-transitions";
import { ordersThatCanStillChange } from "./order-rechecks.server";
import { getPesapal, pesapalConnection } from "./payment-gateway.server";
import { isOutcomeUnknown, statusShowsRefund } from "./refunds.server";
import { formatKesCents, formatMinorUnits } from "~/modules/pricing/money";
import { isPesapalError } from "./pesapal/errors";
import type { TransactionStatus } from "./pesapal/types";
import { paymentStands } from "~/modules/membership/membership-state";
import { askEach, untilUnreachable } from "./gateway-comparison.server";

export interface PesapalDifference {
  reference: string;
  orderId: string;
  /** What the shop recorded, in words. */
  recorded: string;
  /** What Pesapal's status answer says, in words. */
  pesapal: string;
  /** What a person should do, in plain words. */
  action: string;
}

export type PesapalComparison =
  | { reached: true; ordersAsked: number; refundsAsked: number; differences: PesapalDifference[] }
  /** Pesapal could not be asked (not configured, down, credentials refused): nothing can be said. */
  | { reached: false; problem: string; differences: PesapalDifference[] };

const CHECK = "press “Check payment with Pesapal” on its order page";

/** Pesapal's answer in words: "Reversed, KES 1,000.00 by M-Pesa (status 3)". */
function pesapalWords(report: TransactionStatus): string {
  const status = { 0: "Not paid", 1: "Paid", 2: "Failed", 3: "Reversed" }[report.statusCode];
  const described = report.statusDescription && !/^invalid$/i.test(report.statusDescription);
  const currency = report.currency.toUpperCase();
  const amount =
    currency === "KES" ? formatKesCents(report.amountCents) : formatMinorUnits(report.amountCents, currency, "en-KE");
  return `${status}${described ? ` (“${report.statusDescription}”)` : ""}, ${amount} (status ${report.statusCode})`;
}

/** Pesapal's answer would change the order: what to do about it. */
function actionFor(to: OrderStatus, revokes: boolean, reason: string): string {
  if (to === "reversed") {
    return revokes
      ? `Pesapal reversed this payment: ${CHECK} to take access back.`
      : `Pesapal reversed this payment (nothing was given for it): ${CHECK} to record it.`;
  }
  if (to === "completed") return `Pesapal shows this order paid: ${CHECK} to give the reader what she paid for.`;
  if (to === "review") {
    return `Pesapal shows a payment that does not match the order (${reason.replace(/^payment does not match: /, "")}): ${CHECK} to hold it for review, then settle it by hand.`;
  }
  if (to === "failed") return `Pesapal shows the payment failed: ${CHECK} to record it.`;
  return `Pesapal's answer changes this order to ${ORDER_STATUS_LABELS[to]}: ${CHECK}.`;
}

export async function compareWithPesapal(now = new Date()): Promise<PesapalComparison> {
  if (!pesapalConnection()) {
    return {
      reached: false,
      problem:
        "Pesapal is not configured (PESAPAL_CONSUMER_KEY and PESAPAL_CONSUMER_SECRET): nothing was compared with it.",
      differences: [],
    };
  }
  const client = await getPesapal();
  // CASE: Pesapal answered "no" about this one order (an id it does not know) -> a difference of its own;
  // anything else (network, timeout, 5xx, credentials) means Pesapal cannot be asked at all.
  const ask = askEach(
    (trackingId: string) => client.getTransactionStatus(trackingId),
    isPesapalError,
    "PESAPAL_REJECTED",
  );
  const changeable = await ordersToAsk(now);
  const unknownRefunds = await refundsOfUnknownOutcome(now);
  // CASE: an order whose refund outcome is unknown -> compared once, through its refund (Pesapal's REVERSED there is
  // most likely that refund, and settling the refund is what to do).
  const comparedByRefund = new Set(unknownRefunds.map((row) => row.refund.orderId));
  const differences: PesapalDifference[] = [];
  return untilUnreachable("Pesapal", differences, async () => {
    for (const order of changeable.filter((o) => !comparedByRefund.has(o.id))) {
      const difference = orderDifference(order, await ask(order.trackingId!));
      if (difference) differences.push(difference);
    }
    for (const row of unknownRefunds) differences.push(refundDifference(row, await ask(row.trackingId)));
    return { reached: true, ordersAsked: changeable.length, refundsAsked: unknownRefunds.length, differences } as const;
  });
}

/** The re-check job's own set: Pesapal orders whose outcome can still change. */
function ordersToAsk(now: Date) {
  return (
    getDb()
      .select({
        id: orders.id,
        reference: orders.merchantReference,
        status: orders.status,
        amountCents: orders.amountCents,
        currency: orders.currency,
        trackingId: orders.gatewayTrackingId,
        accountNumber: cardRenewals.accountNumber,
      })
      .from(orders)
      .leftJoin(cardRenewals, eq(cardRenewals.id, orders.cardRenewalId))
      // Orders another provider took (M-Pesa direct, ADR 043) are not Pesapal's to answer about.
      .where(and(ordersThatCanStillChange(now), isNotNull(orders.gatewayTrackingId), eq(orders.gateway, "pesapal")))
      .orderBy(asc(orders.createdAt))
  );
}

/** Refunds of Pesapal orders sent and not answered, whose outcome is now unknown. */
async function refundsOfUnknownOutcome(now: Date) {
  const rows = await getDb()
    .select({
      refund: refunds,
      reference: orders.merchantReference,
      orderStatus: orders.status,
      trackingId: payments.gatewayTrackingId,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(inArray(refunds.status, ["unconfirmed", "requesting"]), eq(orders.gateway, "pesapal")))
    .orderBy(asc(refunds.createdAt));
  return rows.filter((row) => isOutcomeUnknown(row.refund, now));
}

type ChangeableOrder = Awaited<ReturnType<typeof ordersToAsk>>[number];

/** The order against Pesapal's answer about it: null when they agree. */
function orderDifference(order: ChangeableOrder, report: TransactionStatus | string): PesapalDifference | null {
  const recorded = `${ORDER_STATUS_LABELS[order.status]}, ${formatKesCents(order.amountCents)}`;
  if (typeof report === "string") {
    return {
      reference: order.reference,
      orderId: order.id,
      recorded,
      pesapal: `no such order (${report})`,
      action: "Look the order up on the Pesapal dashboard by its reference before doing anything.",
    };
  }
  const action = actionForAnswer(order, report);
  if (!action) return null;
  return { reference: order.reference, orderId: order.id, recorded, pesapal: pesapalWords(report), action };
}

/** What Pesapal's answer would do to the order (the verification's own rules), as what a person should do. */
function actionForAnswer(order: ChangeableOrder, report: TransactionStatus): string | null {
  // A scheduled card charge is named by its agreement's account_number, not by this order's reference.
  const namesAgreement =
    order.accountNumber !== null &&
    (report.merchantReference === order.accountNumber ||
      report.subscriptionTransactionInfo?.accountReference === order.accountNumber);
  const terms = {
    ...order,
    merchantReference: !order.accountNumber
      ? order.reference
      : namesAgreement
        ? report.merchantReference
        : order.accountNumber,
  };
  const decision = decideTransition(terms, report);
  if (decision.to !== null) return actionFor(decision.to, decision.effect === "revoke", decision.reason);
  if (paymentStands(order.status) && (report.statusCode === 0 || report.statusCode === 2)) {
    return "Pesapal does not show this payment as paid: look it up on the Pesapal dashboard; the reader keeps access until you decide.";
  }
  if (decision.reason.startsWith("ignored")) {
    return `Pesapal's payment does not match the order (${decision.reason}): look it up on the Pesapal dashboard.`;
  }
  return null;
}

/** A refund whose outcome is unknown, against Pesapal's answer about its payment: always a difference. */
function refundDifference(
  row: Awaited<ReturnType<typeof refundsOfUnknownOutcome>>[number],
  report: TransactionStatus | string,
): PesapalDifference {
  const recorded = `refund of ${formatKesCents(row.refund.amountCents)} asked for, outcome unknown (order ${ORDER_STATUS_LABELS[row.orderStatus]})`;
  const refunded = typeof report !== "string" && statusShowsRefund(report);
  return {
    reference: row.reference,
    orderId: row.refund.orderId,
    recorded,
    pesapal: typeof report === "string" ? `no such payment (${report})` : pesapalWords(report),
    action: refunded
      ? `Pesapal shows the money went back: use “Check with Pesapal” on the refund (order page) to record it.`
      : "Pesapal does not show the refund made: wait for the daily check, or record what the Pesapal dashboard shows on the order page.",
  };
}
