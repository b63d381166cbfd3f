// Pesapal's RECURRING notification: a scheduled card charge of one of our agreements (ADR 019). It names the
// agreement's account_number and the charge's own tracking id, and carries no status: we ask GetTransactionStatus,
// whose answer names the agreement by one of several fields (agreementNamedBy); a charge it names no agreement by is
// held for review and Pesapal is asked to send the notification again. Only a COMPLETED charge becomes an order of ours (a renewal order linked to the agreement), which then goes
// through the same verification as every other order. The charge's tracking id is unique on orders, so repeated
// IPNs, a poll and an admin's check find that order and change nothing twice.
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { cardRenewalEvents, cardRenewals, orders, orderStatusHistory, payments } from "~/db/schema";
import { newMerchantReference } from "./checkout.server";
import { checkTransactionStatus } from "./gateway-checks.server";
import {
  applyVerifiedReport,
  verifyPayment,
  type Verification,
  type VerifySource,
} from "./payment-verification.server";
import { agreementNamedBy, type CardRenewal } from "~/modules/membership/card-renewals.server";
import { isPesapalError } from "./pesapal/errors";
import type { TransactionStatus } from "./pesapal/types";
import { centsToDecimal } from "~/modules/pricing/money";

const TRACKING_ID = /^[A-Za-z0-9-]{1,100}$/;
const REFERENCE = /^[A-Za-z0-9._:-]{1,50}$/;

/** A completed scheduled charge naming no agreement of ours: held for review; Pesapal is asked to send it again. */
export type RecurringOutcome = Verification | { kind: "unmatched"; why: string };

type Order = typeof orders.$inferSelect;

export async function handleRecurringNotification(input: {
  trackingId: string;
  accountNumber: string;
  source: VerifySource;
  now?: Date;
}): Promise<RecurringOutcome> {
  const now = input.now ?? new Date();
  if (!TRACKING_ID.test(input.trackingId)) return { kind: "unknown" };
  // Only a hint for the record: Pesapal's own answer decides which agreement a charge belongs to.
  const notified = REFERENCE.test(input.accountNumber) ? input.accountNumber : "";
  const known = await chargeOrder(input.trackingId);
  // CASE: a repeated notification (or one after a poll) -> the charge is an order already: the usual door.
  if (known)
    return known.cardRenewalId
      ? verifyPayment({ trackingId: input.trackingId, source: input.source, now })
      : { kind: "unknown" };

  const checked = await checkCharge(input.trackingId, input.source);
  if ("outcome" in checked) return checked.outcome;
  const { report } = checked;
  // CASE: not (yet) a completed charge -> nothing to record; "not paid yet" asks Pesapal to notify again.
  if (report.statusCode !== 1) {
    return report.statusCode === 0 ? { kind: "unreachable", orderId: "" } : { kind: "unknown" };
  }
  // The agreement is whatever Pesapal's answer names (never the notification's word alone), by any of its fields.
  const named = await agreementNamedBy(report);
  // CASE: a completed charge naming no agreement of ours -> kept for a person, and Pesapal is asked to send it again.
  if (!named) return holdUnmatchedCharge(report, notified, input.source, now);

  const created = await recordCharge({ ...named, report, trackingId: input.trackingId, source: input.source, now });
  if (created === "duplicate") return { kind: "checked", orderId: "", status: "completed", changed: false };
  if (created === null) return verifyPayment({ trackingId: input.trackingId, source: input.source, now });
  return applyVerifiedReport(created.id, input.trackingId, report, input.source, now);
}

/** Pesapal's report of the charge, or what to answer when it could not (or need not) be had now. */
async function checkCharge(
  trackingId: string,
  source: VerifySource,
): Promise<{ report: TransactionStatus } | { outcome: RecurringOutcome }> {
  try {
    // The same bound and sharing as every IPN (gateway-checks.server.ts): a charge's notification can be forged too.
    const check = await checkTransactionStatus(trackingId, source === "ipn" ? "ipn" : "other");
    if (check.kind === "busy" || (check.shared && source === "ipn")) {
      return { outcome: { kind: "deferred", orderId: "", status: "pending" } };
    }
    return { report: check.report };
  } catch (error) {
    console.error(`Recurring charge ${trackingId} could not be checked: ${isPesapalError(error) ? error.code : error}`);
    return { outcome: { kind: "unreachable", orderId: "" } };
  }
}

/**
 * The completed charge as a pending renewal order of its agreement, with its history and the agreement's event, in
 * one transaction. Null when a concurrent notification made the order first; "duplicate" when the same charge is an
 * order already under another tracking id.
 */
async function recordCharge(charge: {
  agreement: CardRenewal;
  by: string;
  report: TransactionStatus;
  trackingId: string;
  source: VerifySource;
  now: Date;
}): Promise<Order | "duplicate" | null> {
  const { report, trackingId, source, now } = charge;
  return getDb().transaction(async (tx) => {
    // The agreement row queues concurrent notifications of its charges; the second finds the first one's order.
    const [locked] = await tx.select().from(cardRenewals).where(eq(cardRenewals.id, charge.agreement.id)).for("update");
    const [again] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.gatewayTrackingId, trackingId));
    if (again) return null;
    // CASE: the same charge under another tracking id (a confirmation code seen before) -> not charged twice.
    if (report.confirmationCode) {
      const [sameCharge] = await tx
        .select({ id: payments.id })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(orders.cardRenewalId, locked!.id), eq(payments.confirmationCode, report.confirmationCode)));
      if (sameCharge) return "duplicate" as const;
    }
    const [first] = await tx.select().from(orders).where(eq(orders.id, locked!.firstOrderId));
    const [order] = await tx
      .insert(orders)
      .values(renewalOrder(locked!, first!, trackingId, now))
      .returning();
    await tx.insert(orderStatusHistory).values({
      orderId: order!.id,
      fromStatus: null,
      toStatus: "pending",
      source,
      note: `scheduled card charge of ${locked!.accountNumber} (Pesapal ${trackingId})`,
      createdAt: now,
    });
    await tx.insert(cardRenewalEvents).values({
      cardRenewalId: locked!.id,
      accountNumber: locked!.accountNumber,
      orderId: order!.id,
      gatewayTrackingId: trackingId,
      source,
      note: `scheduled charge reported: ${report.currency} ${centsToDecimal(report.amountCents)} (named by its ${charge.by})`,
      createdAt: now,
    });
    return order!;
  });
}

/** A renewal order: the agreement's locked amount, priced and sent like the agreement's first order. */
function renewalOrder(agreement: CardRenewal, first: Order, trackingId: string, now: Date): typeof orders.$inferInsert {
  return {
    merchantReference: newMerchantReference(),
    userId: agreement.userId,
    kind: "plan",
    planId: agreement.planId,
    // The agreement's locked amount: the charge's report is compared with it, never the other way round.
    amountCents: agreement.amountCents,
    currency: agreement.currency,
    basePriceCents: first.basePriceCents,
    countryCode: first.countryCode,
    countrySource: first.countrySource,
    pickedCountryCode: first.pickedCountryCode,
    pricingRuleId: first.pricingRuleId,
    markupPercentage: first.markupPercentage,
    discountPercentage: first.discountPercentage,
    exchangeRate: first.exchangeRate,
    displayCurrency: first.displayCurrency,
    displayAmount: first.displayAmount,
    status: "pending",
    gateway: first.gateway,
    gatewayTrackingId: trackingId,
    cardRenewalId: agreement.id,
    createdAt: now,
    updatedAt: now,
  };
}

async function chargeOrder(trackingId: string) {
  const [row] = await getDb()
    .select({ id: orders.id, cardRenewalId: orders.cardRenewalId })
    .from(orders)
    .where(eq(orders.gatewayTrackingId, trackingId));
  return row ?? null;
}

/**
 * A completed charge whose answer names no agreement of ours: the card was charged and nobody's plan can be extended.
 * It is recorded once (an event without an agreement, unique per tracking id) and listed in the reconciliation's
 * differences for an admin, who finds the reader's agreement or refunds it on Pesapal's dashboard. Never refunded
 * blindly: it may be a subscriber's charge named in a way we do not know yet.
 */
async function holdUnmatchedCharge(
  report: TransactionStatus,
  notified: string,
  source: VerifySource,
  now: Date,
): Promise<RecurringOutcome> {
  const info = report.subscriptionTransactionInfo;
  const named = [
    `merchant_reference ${report.merchantReference || "(none)"}`,
    `account_reference ${info?.accountReference || "(none)"}`,
    `correlation_id ${info?.correlationId || "(none)"}`,
    `the notification said ${notified || "(nothing)"}`,
  ].join(", ");
  const why = `scheduled card charge of ${report.currency} ${centsToDecimal(report.amountCents)} (confirmation ${report.confirmationCode || "none"}) matches no agreement: ${named}`;
  await getDb()
    .insert(cardRenewalEvents)
    .values({
      cardRenewalId: null,
      accountNumber: (report.merchantReference || info?.accountReference || notified || "unknown").slice(0, 100),
      gatewayTrackingId: report.orderTrackingId,
      source,
      note: `${why}. Needs review: find the reader's agreement, or refund it on Pesapal's dashboard.`,
      createdAt: now,
    })
    .onConflictDoNothing();
  console.error(`Recurring charge ${report.orderTrackingId} needs review: ${why}`);
  return { kind: "unmatched", why };
}
