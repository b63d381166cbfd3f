// Reconciliation: orders left pending (the IPN was lost, the buyer closed the page before M-Pesa confirmed) are asked
// about again with GetTransactionStatus, through the same verification as callbacks and IPNs, with growing gaps
// (1 min, 5 min, 30 min, 2 h, 24 h); still unpaid after the last check, an order is abandoned. A payment Pesapal
// completes later (its IPN, or an admin's check) still completes an abandoned order (order-transitions.ts).
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders, orderStatusHistory } from "~/db/schema";
import { verifyPayment } from "./payment-verification.server";

const MINUTE_MS = 60 * 1000;
/** The gap before each status check: the first is this long after the order, each next one after the previous. */
export const STATUS_CHECK_GAPS_MS = [1, 5, 30, 120, 24 * 60].map((minutes) => minutes * MINUTE_MS);
/** An IPN came while Pesapal still said "not paid yet": the next check is due no later than this. */
export const AFTER_IPN_CHECK_MS = MINUTE_MS;
/** Pesapal could not be asked: try again this soon, without counting it as a check. */
const UNREACHABLE_RETRY_MS = 5 * MINUTE_MS;

/** When the first check of an order is due, for rows without next_status_check_at. */
const firstCheckAt = sql`${orders.createdAt} + ${sql.raw(`interval '${STATUS_CHECK_GAPS_MS[0]! / 1000} seconds'`)}`;
const dueAt = sql`coalesce(${orders.nextStatusCheckAt}, ${firstCheckAt})`;

export async function checkPendingOrders(now = new Date(), limit = 50) {
  const db = getDb();
  const due = await db
    .select({
      id: orders.id,
      trackingId: orders.gatewayTrackingId,
      reference: orders.merchantReference,
      checks: orders.statusChecks,
    })
    .from(orders)
    .where(and(eq(orders.status, "pending"), sql`${dueAt} <= ${now}`))
    .orderBy(asc(dueAt))
    .limit(limit);
  let changed = 0;
  let abandoned = 0;
  for (const order of due) {
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
    if (checks >= STATUS_CHECK_GAPS_MS.length) {
      if (await abandon(order.id, checks, now)) abandoned++;
      continue;
    }
    await db
      .update(orders)
      .set({ statusChecks: checks, nextStatusCheckAt: new Date(now.getTime() + STATUS_CHECK_GAPS_MS[checks]!) })
      .where(and(eq(orders.id, order.id), eq(orders.status, "pending")));
  }
  return { checked: due.length, changed, abandoned };
}

/**
 * Pesapal notified us about a pending order it still calls unpaid: something is happening (an M-Pesa prompt being
 * answered), so its next status check comes within a minute, never later than the schedule had it.
 */
export async function checkSoon(orderId: string, now = new Date()) {
  const soon = new Date(now.getTime() + AFTER_IPN_CHECK_MS);
  await getDb()
    .update(orders)
    .set({ nextStatusCheckAt: sql`least(${dueAt}, ${soon})` })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")));
}

/** pending -> abandoned with the order row locked (a callback verifying it at the same moment wins or waits). */
async function abandon(orderId: string, checks: number, now: Date): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || order.status !== "pending") return false;
    await tx
      .update(orders)
      .set({ status: "abandoned", statusChecks: checks, nextStatusCheckAt: null, updatedAt: now })
      .where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({
      orderId,
      fromStatus: "pending",
      toStatus: "abandoned",
      source: "system",
      note: `not paid after ${checks} status checks`,
      createdAt: now,
    });
    return true;
  });
}
