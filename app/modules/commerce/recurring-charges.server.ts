// Pesapal's RECURRING notification: a scheduled card charge of one of our agreements (ADR 019). It names the
// agreement's account_number and the charge's own tracking id, and carries no status: we ask GetTransactionStatus,
// and only a COMPLETED charge becomes an order of ours (a renewal order linked to the agreement), which then goes
// through the same verification as every other order. The charge's tracking id is unique on orders, so repeated
// IPNs, a poll and an admin's check find that order and change nothing twice.
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { cardRenewalEvents, cardRenewals, orders, orderStatusHistory, payments } from "~/db/schema";
import { newMerchantReference } from "./checkout.server";
import { getPesapal } from "./payment-gateway.server";
import {
  applyVerifiedReport,
  verifyPayment,
  type Verification,
  type VerifySource,
} from "./payment-verification.server";
import { isPesapalError } from "./pesapal/errors";
import type { TransactionStatus } from "./pesapal/types";
import { centsToDecimal } from "./money";

const TRACKING_ID = /^[A-Za-z0-9-]{1,100}$/;
const REFERENCE = /^[A-Za-z0-9._:-]{1,50}$/;

export async function handleRecurringNotification(input: {
  trackingId: string;
  accountNumber: string;
  source: VerifySource;
  now?: Date;
}): Promise<Verification> {
  const now = input.now ?? new Date();
  if (!TRACKING_ID.test(input.trackingId) || !REFERENCE.test(input.accountNumber)) return { kind: "unknown" };
  const db = getDb();
  const known = await chargeOrder(input.trackingId);
  // CASE: a repeated notification (or one after a poll) -> the charge is an order already: the usual door.
  if (known)
    return known.cardRenewalId
      ? verifyPayment({ trackingId: input.trackingId, source: input.source, now })
      : { kind: "unknown" };

  let report: TransactionStatus;
  try {
    report = await (await getPesapal()).getTransactionStatus(input.trackingId);
  } catch (error) {
    console.error(
      `Recurring charge ${input.trackingId} could not be checked: ${isPesapalError(error) ? error.code : error}`,
    );
    return { kind: "unreachable", orderId: "" };
  }
  // CASE: the notification names another account than Pesapal's own answer -> not a charge we can place.
  if (report.merchantReference !== input.accountNumber) {
    console.warn(
      `Recurring notification ${input.trackingId}: reference ${input.accountNumber}, Pesapal says ${report.merchantReference}`,
    );
    return { kind: "unknown" };
  }
  // CASE: not (yet) a completed charge -> nothing to record; "not paid yet" asks Pesapal to notify again.
  if (report.statusCode !== 1) {
    return report.statusCode === 0 ? { kind: "unreachable", orderId: "" } : { kind: "unknown" };
  }

  const [agreement] = await db.select().from(cardRenewals).where(eq(cardRenewals.accountNumber, input.accountNumber));
  if (!agreement) return refundUnknownAccount(report, input.source, now);

  const created = await db.transaction(async (tx) => {
    // The agreement row queues concurrent notifications of its charges; the second finds the first one's order.
    const [locked] = await tx.select().from(cardRenewals).where(eq(cardRenewals.id, agreement.id)).for("update");
    const [again] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.gatewayTrackingId, input.trackingId));
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
      .values({
        merchantReference: newMerchantReference(),
        userId: locked!.userId,
        kind: "plan",
        planId: locked!.planId,
        // The agreement's locked amount: the charge's report is compared with it, never the other way round.
        amountCents: locked!.amountCents,
        currency: locked!.currency,
        basePriceCents: first!.basePriceCents,
        countryCode: first!.countryCode,
        countrySource: first!.countrySource,
        pickedCountryCode: first!.pickedCountryCode,
        pricingRuleId: first!.pricingRuleId,
        markupPercentage: first!.markupPercentage,
        discountPercentage: first!.discountPercentage,
        exchangeRate: first!.exchangeRate,
        displayCurrency: first!.displayCurrency,
        displayAmount: first!.displayAmount,
        status: "pending",
        gateway: first!.gateway,
        gatewayTrackingId: input.trackingId,
        cardRenewalId: locked!.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(orderStatusHistory).values({
      orderId: order!.id,
      fromStatus: null,
      toStatus: "pending",
      source: input.source,
      note: `scheduled card charge of ${locked!.accountNumber} (Pesapal ${input.trackingId})`,
      createdAt: now,
    });
    await tx.insert(cardRenewalEvents).values({
      cardRenewalId: locked!.id,
      accountNumber: locked!.accountNumber,
      orderId: order!.id,
      gatewayTrackingId: input.trackingId,
      source: input.source,
      note: `scheduled charge reported: ${report.currency} ${centsToDecimal(report.amountCents)}`,
      createdAt: now,
    });
    return order!;
  });
  if (created === "duplicate") return { kind: "checked", orderId: "", status: "completed", changed: false };
  if (created === null) return verifyPayment({ trackingId: input.trackingId, source: input.source, now });
  return applyVerifiedReport(created.id, input.trackingId, report, input.source, now);
}

async function chargeOrder(trackingId: string) {
  const [row] = await getDb()
    .select({ id: orders.id, cardRenewalId: orders.cardRenewalId })
    .from(orders)
    .where(eq(orders.gatewayTrackingId, trackingId));
  return row ?? null;
}

/**
 * A completed charge for an account_number we never issued: nobody's plan to extend and no reader to write to. It is
 * recorded (an event without an agreement) and refunded in full straight away; a refusal is logged for a person.
 */
async function refundUnknownAccount(report: TransactionStatus, source: VerifySource, now: Date): Promise<Verification> {
  const db = getDb();
  // Claimed before Pesapal is asked, so a repeated notification does not ask for a second refund.
  const claimed = await db
    .insert(cardRenewalEvents)
    .values({
      cardRenewalId: null,
      accountNumber: report.merchantReference,
      gatewayTrackingId: report.orderTrackingId,
      source,
      note: `charge of ${report.currency} ${centsToDecimal(report.amountCents)} (code ${report.confirmationCode}) for an unknown account number; refund requested`,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: cardRenewalEvents.id });
  if (claimed.length === 0) return { kind: "unknown" };
  let outcome: string;
  try {
    const ack = await (
      await getPesapal()
    ).refund({
      confirmationCode: report.confirmationCode,
      amountCents: report.amountCents,
      username: "Nuru (automatic refund)",
      remarks: "Charge for an unknown account number: no Nuru subscription",
    });
    outcome = `refund accepted (${ack.message})`;
  } catch (error) {
    outcome = `refund not accepted (${isPesapalError(error) ? error.message : String(error)}): refund it by hand`;
    console.error(
      `Recurring charge ${report.orderTrackingId} for unknown account ${report.merchantReference}: ${outcome}`,
    );
  }
  await db
    .update(cardRenewalEvents)
    .set({
      note: `charge of ${report.currency} ${centsToDecimal(report.amountCents)} (code ${report.confirmationCode}) for an unknown account number; ${outcome}`,
    })
    .where(eq(cardRenewalEvents.id, claimed[0]!.id));
  return { kind: "unknown" };
}
