// Reconciliation: orders left pending (the IPN was lost, the buyer closed the page before M-Pesa confirmed) are asked
// about again with GetTransactionStatus, through the same verification as callbacks and IPNs, with growing gaps
// (1 min, 5 min, 30 min, 2 h, 24 h); still unpaid after the last check, an order is cancelled at Pesapal and
// abandoned (abandon-order.server.ts). A payment Pesapal completes later (its IPN, an admin's check, or the re-checks
// of order-rechecks.server.ts) still completes an abandoned order (order-transitions.ts). A zero-amount order left
// pending (ADR 037) is not Pesapal's: it is completed here without asking.
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders } from "~/db/schema";
import { verifyPayment } from "./payment-verification.server";
import { abandonOrder } from "./abandon-order.server";
import { completeZeroAmountOrder } from "./zero-amount-orders.server";
import { nextRecheck, RECHECK_GAPS_MS, UNREACHABLE_RETRY_MS as RETRY } from "~/modules/orders/order-recheck-schedule";

const MINUTE_MS = 60 * 1000;
/** The gap before each status check: the first is this long after the order, each next one after the previous. */
export const STATUS_CHECK_GAPS_MS: readonly number[] = RECHECK_GAPS_MS.pending;
/** An IPN came while Pesapal still said "not paid yet": the next check is due no later than this. */
export const AFTER_IPN_CHECK_MS = MINUTE_MS;
/** Pesapal could not be asked: try again this soon, without counting it as a check. */
const UNREACHABLE_RETRY_MS = RETRY.pending;

/** When the first check of an order is due, for rows without next_status_check_at. */
const firstCheckAt = sql`${orders.createdAt} + ${sql.raw(`interval '${STATUS_CHECK_GAPS_MS[0]! / 1000} seconds'`)}`;
/** When an order's next check is due (re-checks after pending use it too: a row without a schedule is due at once). */
export const statusCheckDueAt = sql<Date>`coalesce(${orders.nextStatusCheckAt}, ${firstCheckAt})`;
const dueAt = statusCheckDueAt;

/** What a status check of an order needs to name it (here and in the re-checks after pending). */
export const CHECKED_ORDER = {
  id: orders.id,
  trackingId: orders.gatewayTrackingId,
  reference: orders.merchantReference,
};

export async function checkPendingOrders(now = new Date(), limit = 50) {
  const db = getDb();
  const due = await db
    .select({
      ...CHECKED_ORDER,
      checks: orders.statusChecks,
      amountCents: orders.amountCents,
      zeroAmountReason: orders.zeroAmountReason,
    })
    .from(orders)
    .where(and(eq(orders.status, "pending"), sql`${dueAt} <= ${now}`))
    .orderBy(asc(dueAt))
    .limit(limit);
  let changed = 0;
  let abandoned = 0;
  for (const order of due) {
    // CASE: an offer code brought it to zero and the process died before completing it -> nothing to ask Pesapal
    // (gateway 'none'): complete it now, once, with its receipt mail (ADR 037).
    if (order.amountCents === 0 && order.zeroAmountReason) {
      const outcome = await completeZeroAmountOrder(order.id, now);
      if (outcome.completed) changed++;
      continue;
    }
    // CASE: SubmitOrderRequest timed out -> no tracking id to ask about; only its IPN can name it. The schedule
    // still runs, so it is abandoned like any other unpaid order.
    if (order.trackingId) {
      const result = await verifyPayment({
        trackingId: order.trackingId,
        merchantReference: order.reference,
        source: "poll",
        now,
      });
      if (result.kind === "checked" && result.status !== "pending") {
        if (result.changed) changed++;
        continue;
      }
      if (result.kind === "unreachable") {
        await db
          .update(orders)
          .set({ nextStatusCheckAt: new Date(now.getTime() + UNREACHABLE_RETRY_MS) })
          .where(and(eq(orders.id, order.id), eq(orders.status, "pending")));
        continue;
      }
    }
    const checks = order.checks + 1;
    const next = nextRecheck("pending", checks, now);
    if (next === "last") {
      const outcome = await abandonOrder({ ...order, status: "pending" }, checks, now);
      if (outcome === "abandoned") abandoned++;
      if (outcome === "changed") changed++;
      continue;
    }
    await db
      .update(orders)
      .set({ statusChecks: checks, nextStatusCheckAt: next })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending")));
  }
  return { checked: due.length, changed, abandoned };
}
