// The only way an order changes after checkout: ask Pesapal (GetTransactionStatus) and apply what it says, with
// the order row locked, once. Callbacks, IPNs, polls and admins all come through here; none of them is trusted on
// its own (a callback or IPN only says "look at this order").
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { cardRenewals, orders, orderStatusHistory, payments } from "~/db/schema";
import { paymentMethodLabel } from "~/modules/orders/payment-method";
import { sendQueuedMailNow } from "~/lib/mail/mail-queue.server";
import { queueReceiptMail, receiptMailKey } from "./receipt-mail.server";
import type { Grant, Tx } from "~/modules/membership/grants.server";
import { issueReceipt } from "~/modules/receipts/receipt-numbers.server";
import { deliverCompletedGift } from "~/modules/membership/gifts.server";
import { formatMinorUnits } from "~/modules/pricing/money";
import { decideTransition, type Decision, type OrderStatus } from "~/modules/orders/order-transitions";
import { firstRecheckAt } from "~/modules/orders/order-recheck-schedule";
import { reclaimRedemption, releaseRedemption } from "~/modules/orders/offer-codes.server";
import {
  agreementNamedBy,
  decideCharge,
  endCardRenewalOf,
  settleFirstPayment,
} from "~/modules/membership/card-renewals.server";
import { refundForSystem } from "./refunds.server";
import { isMpesaPayment, queueMpesaReceiptSms } from "./receipt-sms.server";
import { providerFor } from "./payment-provider.server";
import { historyName } from "./provider-words";
import { purchaseKindOf } from "./purchase-kinds/index.server";
import { isPesapalError } from "./pesapal/errors";
import { isDarajaError } from "./daraja/client.server";
import type { PaymentStatus, TransactionStatus } from "./pesapal/types";

const PESAPAL_STATUS_WORDS: Record<PaymentStatus, string> = {
  COMPLETED: "paid",
  FAILED: "failed",
  INVALID: "not paid",
  REVERSED: "reversed",
};

export type VerifySource = "callback" | "ipn" | "poll" | "admin";

export type Verification =
  /** No order of ours (or not this reader's): nothing was asked or changed. */
  | { kind: "unknown" }
  /** Pesapal could not be asked; nothing changed. */
  | { kind: "unreachable"; orderId: string }
  | { kind: "checked"; orderId: string; status: OrderStatus; changed: boolean; grant?: Grant; refundDue?: string }
  /**
   * IPN only: answered from another check's answer (which may predate the change the IPN announces), or too many
   * IPN-caused gateway calls are in flight; nothing was applied. Pesapal is to send it again (gateway-checks.server.ts).
   */
  | { kind: "deferred"; orderId: string; status: OrderStatus };

// Pesapal's OrderTrackingId (a UUID) or Daraja's CheckoutRequestID (ws_CO_...) / M-Pesa receipt.
const TRACKING_ID = /^[A-Za-z0-9_-]{1,100}$/;
const REFERENCE = /^[A-Za-z0-9._:-]{1,50}$/;

type Order = typeof orders.$inferSelect;

async function findOrder(trackingId: string, merchantReference: string | null): Promise<Order | null> {
  const db = getDb();
  const [byTracking] = await db.select().from(orders).where(eq(orders.gatewayTrackingId, trackingId));
  if (byTracking) {
    return merchantReference && merchantReference !== byTracking.merchantReference ? null : byTracking;
  }
  // CASE: SubmitOrderRequest timed out after Pesapal created the order -> we never stored its tracking id; the
  // notification carries our reference, and the gateway's answer must confirm the pair before we adopt it.
  if (!merchantReference) return null;
  const [byReference] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.merchantReference, merchantReference), isNull(orders.gatewayTrackingId)));
  return byReference ?? null;
}

export async function verifyPayment(input: {
  trackingId: string;
  merchantReference?: string | null;
  source: VerifySource;
  /** For pages: only this reader's own orders are looked at; anyone else's answer "unknown". */
  ownerId?: string;
  now?: Date;
}): Promise<Verification> {
  const reference = input.merchantReference && REFERENCE.test(input.merchantReference) ? input.merchantReference : null;
  if (!TRACKING_ID.test(input.trackingId)) return { kind: "unknown" };
  const order = await findOrder(input.trackingId, reference);
  if (!order || (input.ownerId !== undefined && order.userId !== input.ownerId)) return { kind: "unknown" };

  // CASE: reversed, cancelled or fully refunded orders are over; nothing Pesapal says can change them, so it is not
  // asked (a replayed IPN for an old order costs no gateway call).
  if (order.status === "reversed" || order.status === "cancelled" || order.status === "refunded") {
    return { kind: "checked", orderId: order.id, status: order.status, changed: false };
  }
  let report: TransactionStatus;
  try {
    const provider = await providerFor(order.gateway);
    const check = await provider.checkStatus(
      { id: order.id, trackingId: input.trackingId },
      input.source === "ipn" ? "ipn" : "other",
    );
    if (check.kind === "busy" || (check.shared && input.source === "ipn")) {
      return { kind: "deferred", orderId: order.id, status: order.status };
    }
    report = check.report;
  } catch (error) {
    console.error(
      `Payment check for ${order.merchantReference} (${input.source}) failed: ${isPesapalError(error) || isDarajaError(error) ? error.code : error}`,
    );
    return { kind: "unreachable", orderId: order.id };
  }
  if (order.gatewayTrackingId === null && report.merchantReference !== order.merchantReference) {
    return { kind: "unknown" };
  }
  return applyVerifiedReport(order.id, input.trackingId, report, input.source, input.now ?? new Date());
}

/**
 * A verified gateway answer applied to one of our orders, then what follows the commit: the receipt for a grant and a
 * gift's claim mail (queued with the change) sent now, and the automatic refund of a card charge nobody may keep (a
 * renewal the reader had cancelled, ADR 019).
 */
export async function applyVerifiedReport(
  orderId: string,
  trackingId: string,
  report: TransactionStatus,
  source: VerifySource,
  now: Date,
): Promise<Verification> {
  const result = await applyReport(orderId, trackingId, report, source, now);
  // Queued with the change (ADR 046), sent now so she has it at once; the "mail" job sends it if this fails.
  if (result.grant && !result.grant.note) await sendQueuedMailNow(receiptMailKey(orderId), now);
  await deliverCompletedGift(result.grant, now);
  if (result.refundDue) {
    try {
      const refund = await refundForSystem({
        orderId,
        amount: "full",
        reason: result.refundDue,
        mailNote:
          "Your card was charged for a Nuru renewal after you had cancelled it, so we have refunded the charge in full.",
      });
      if (refund.kind !== "accepted")
        console.warn(`Automatic refund of order ${orderId}: ${refund.kind} (${refund.message})`);
    } catch (error) {
      // The order waits in review, first in the admin's list, for a person to refund it.
      console.error(`Automatic refund of order ${orderId} failed:`, error);
    }
  }
  return { kind: "checked", orderId, ...result };
}

type Applied = { status: OrderStatus; changed: boolean; grant?: Grant; refundDue?: string };

/** One verified answer applied to the order, locked, in one transaction: decide, record, give or take back, note. */
async function applyReport(
  orderId: string,
  trackingId: string,
  report: TransactionStatus,
  source: VerifySource,
  now: Date,
): Promise<Applied> {
  return getDb().transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    const { decision, refundDue } = await decideReport(tx, order, report, now);
    if (decision.to === null) {
      if (decision.reason.startsWith("ignored")) console.warn(`Order ${order.merchantReference}: ${decision.reason}`);
      return { status: order.status, changed: false };
    }
    if (decision.to === "review") console.warn(`Order ${order.merchantReference} needs review: ${decision.reason}`);
    const to = decision.to;
    const receiptNumber = await recordPayment(tx, order, trackingId, report, { ...decision, to }, now);
    const { grant, restored } = await applyEffect(tx, order, report, decision.effect, receiptNumber, now);
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: to,
      source,
      note: [decision.reason, evidenceOf(order, report), grant?.note, restored].filter(Boolean).join("; "),
      createdAt: now,
    });
    return { status: to, changed: true, grant, refundDue };
  });
}

/** What the answer does to the order: its transition, with a card charge's and an upgrade's own checks. */
async function decideReport(
  tx: Tx,
  order: Order,
  report: TransactionStatus,
  now: Date,
): Promise<{ decision: Decision; refundDue?: string }> {
  // A scheduled card charge is named by its agreement: the answer's reference counts as ours when any of its fields
  // names this order's agreement (agreementNamedBy), else it is compared with the account_number (and differs).
  const [agreement] = order.cardRenewalId
    ? await tx
        .select({ accountNumber: cardRenewals.accountNumber })
        .from(cardRenewals)
        .where(eq(cardRenewals.id, order.cardRenewalId))
    : [];
  const namesIt = agreement && (await agreementNamedBy(report, tx))?.agreement.id === order.cardRenewalId;
  let decision: Decision = decideTransition(
    agreement ? { ...order, merchantReference: namesIt ? report.merchantReference : agreement.accountNumber } : order,
    report,
  );
  let refundDue: string | undefined;
  if (order.cardRenewalId && decision.to !== null) {
    ({ decision, refundDue } = await decideCharge(tx, order, decision, now));
  }
  // The kind's own check (an upgrade's locked credit against her plan now, ADR 039); a mismatch goes to review.
  const kind = await purchaseKindOf(tx, order);
  if (kind.recheck) decision = await kind.recheck(tx, order, decision, now);
  return { decision, refundDue };
}

/** The payment row and the order's new status; returns the receipt number a completed order takes. */
async function recordPayment(
  tx: Tx,
  order: Order,
  trackingId: string,
  report: TransactionStatus,
  decision: Decision & { to: OrderStatus },
  now: Date,
): Promise<string | null> {
  await tx.insert(payments).values({
    orderId: order.id,
    gateway: order.gateway,
    gatewayTrackingId: trackingId,
    amountCents: report.amountCents,
    currency: report.currency.toUpperCase().slice(0, 3),
    status: decision.to === "review" ? "completed" : decision.to,
    paymentMethod: report.paymentMethod || null,
    confirmationCode: report.confirmationCode || null,
    raw: report,
    verifiedAt: now,
  });
  await tx
    .update(orders)
    .set({
      status: decision.to,
      gatewayTrackingId: trackingId,
      updatedAt: now,
      // The new status's re-check schedule starts now (ADR 027): a completed payment is asked about again within
      // its reversal window, a failed one while the buyer may still pay; final statuses never.
      statusChecks: 0,
      nextStatusCheckAt: firstRecheckAt(decision.to, now),
      ...(decision.to === "completed" ? { completedAt: now } : {}),
    })
    .where(eq(orders.id, order.id));
  // A code is used only by a paid order (ADR 037): a failed payment gives its slot back so her retry gets the
  // discount; a failed order paid after all takes it again.
  if (decision.to === "failed") await releaseRedemption(tx, order.id, now);
  if (decision.effect === "grant") await reclaimRedemption(tx, order.id, now);
  // The receipt's number is taken in this transaction, so it has no gaps (receipt-numbers.server.ts).
  return decision.to === "completed" ? await issueReceipt(tx, order, now) : null;
}

/** What the order's kind gives for a completed payment, or takes back for a reversal (purchase-kinds/). */
async function applyEffect(
  tx: Tx,
  order: Order,
  report: TransactionStatus,
  effect: Decision["effect"],
  receiptNumber: string | null,
  now: Date,
): Promise<{ grant?: Grant; restored: string | null }> {
  if (effect === "grant") {
    const kind = await purchaseKindOf(tx, order);
    const grant = await kind.grant(tx, order, now);
    if (!order.cardRenewalId) await settleFirstPayment(tx, order.id, report, now);
    // Her SMS receipt (issue 49): queued with the grant, so it is sent once whatever happens after the commit.
    if (grant && receiptNumber && order.receiptPhone && isMpesaPayment(report.paymentMethod)) {
      await queueMpesaReceiptSms(tx, order, kind.words, grant, { ...report, receiptNumber }, now);
    }
    // Her receipt mail, likewise (ADR 046); none when nothing new was given (the order needs a refund).
    if (grant && !grant.note) {
      const paidWith = {
        method: paymentMethodLabel(report.paymentMethod) ?? "",
        confirmationCode: report.confirmationCode,
      };
      await queueReceiptMail(tx, order.id, paidWith, grant, now);
    }
    return { grant, restored: null };
  }
  if (effect !== "revoke") return { restored: null };
  const restored = await (await purchaseKindOf(tx, order)).takeBack(tx, order, now);
  if (!order.cardRenewalId) await endCardRenewalOf(tx, order.id, "first payment reversed", now);
  return { restored };
}

/** Read by admins on the order page: the gateway's answer in words ('M-Pesa', not 'MpesaKE'). */
function evidenceOf(order: Order, report: TransactionStatus): string {
  return `${historyName(order.gateway)}: ${PESAPAL_STATUS_WORDS[report.status]}, ${formatMinorUnits(report.amountCents, report.currency, "en-KE")}${
    report.paymentMethod ? ` by ${paymentMethodLabel(report.paymentMethod)}` : ""
  }${report.confirmationCode ? `, confirmation ${report.confirmationCode}` : ""}`;
}
