// Giving up on an unpaid order (pending or failed after its last scheduled check, ADR 027): cancel it at Pesapal
// first (CancelOrder), so the buyer cannot pay it after we stopped looking, then mark it abandoned. The status stays
// `abandoned` whatever Pesapal answers: order-transitions still completes an abandoned order Pesapal reports paid.
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders, orderStatusHistory } from "~/db/schema";
import { providerOfOrder, type CancelAnswer } from "./payment-provider.server";
import { verifyPayment } from "./payment-verification.server";
import { firstRecheckAt } from "~/modules/orders/order-recheck-schedule";
import { releaseRedemption } from "~/modules/orders/offer-codes.server";

export type { CancelAnswer };

/** Cancels an unpaid order at the provider that took it (Pesapal's CancelOrder; M-Pesa direct has nothing to cancel). */
export async function cancelAtPesapal(orderId: string, trackingId: string): Promise<CancelAnswer> {
  return (await providerOfOrder(orderId)).cancel({ id: orderId, trackingId });
}

/** abandoned; changed: Pesapal's answer changed it (paid after all); unchanged: something else changed it first. */
export type AbandonOutcome = "abandoned" | "changed" | "unchanged";

/**
 * Cancels the order at Pesapal and abandons it. CASE: CancelOrder refused -> it may have been paid meanwhile (a late
 * M-Pesa): it is verified, and a payment completes it as any other; a payment must never be lost. Still unpaid (or
 * Pesapal unreachable) -> abandoned without a confirmed cancellation, and re-checked on the abandoned schedule,
 * which asks Pesapal again to cancel it.
 */
export async function abandonOrder(
  order: { id: string; trackingId: string | null; reference: string; status: "pending" | "failed" },
  checks: number,
  now: Date,
): Promise<AbandonOutcome> {
  let answer: CancelAnswer | null = null;
  if (order.trackingId) {
    answer = await cancelAtPesapal(order.id, order.trackingId);
    if (answer.kind === "refused") {
      const verified = await verifyPayment({
        trackingId: order.trackingId,
        merchantReference: order.reference,
        source: "poll",
        now,
      });
      if (verified.kind === "checked" && verified.changed && verified.status !== "failed") return "changed";
    }
  }
  const cancelled = answer?.kind === "cancelled";
  const because = !answer
    ? "no tracking id to cancel it at Pesapal"
    : answer.kind === "cancelled"
      ? "cancelled at Pesapal"
      : `Pesapal did not cancel it (${answer.message}); checked again later`;
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    // CASE: paid or changed meanwhile (a callback, an IPN) -> that answer stands.
    if (!row || (row.status !== "pending" && row.status !== "failed")) return "unchanged";
    await tx
      .update(orders)
      .set({
        status: "abandoned",
        statusChecks: 0,
        // Cancelled at Pesapal, or without a tracking id to ask about: nothing left to check.
        nextStatusCheckAt: cancelled || !order.trackingId ? null : firstRecheckAt("abandoned", now),
        gatewayCancelledAt: cancelled ? now : null,
        updatedAt: now,
      })
      .where(and(eq(orders.id, order.id), inArray(orders.status, ["pending", "failed"])));
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: row.status,
      toStatus: "abandoned",
      source: "system",
      note: `not paid after ${checks} status checks; ${because}`,
      createdAt: now,
    });
    // Cancelled at Pesapal (or never there): it can no longer be paid, so its offer code's slot is given back.
    if (cancelled || !order.trackingId) await releaseRedemption(tx, order.id, now);
    return "abandoned";
  });
}
