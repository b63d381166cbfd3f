// Re-checks of orders whose outcome can still change (ADR 027), so nothing waits on an IPN that may never come:
//  - pending: pending-orders.server.ts (1 min ... 24 h, then cancelled at Pesapal and abandoned);
//  - completed or partly refunded, within the reversal window: a silent reversal or chargeback takes access back;
//  - failed: the buyer may pay on Pesapal's page after all; after the last check it is cancelled and abandoned;
//  - abandoned and not cancelled at Pesapal: a late M-Pesa still grants; each check asks Pesapal again to cancel it.
// Every answer goes through verifyPayment, the one door that changes an order. One scheduled job runs
// recheckOrders; each run asks about at most `limit` orders, the most overdue first.
import { and, asc, eq, gte, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders, orderStatusHistory } from "~/db/schema";
import { verifyPayment } from "./payment-verification.server";
import { AFTER_IPN_CHECK_MS, CHECKED_ORDER, checkPendingOrders, statusCheckDueAt } from "./pending-orders.server";
import { abandonOrder, cancelAtPesapal } from "./abandon-order.server";
import {
  ABANDONED_WINDOW_MS,
  nextRecheck,
  REVERSAL_WINDOW_MS,
  scheduleOf,
  UNREACHABLE_RETRY_MS,
  WEEKLY_MS,
} from "~/modules/orders/order-recheck-schedule";
import type { OrderStatus } from "~/modules/orders/order-transitions";
import { releaseRedemption } from "~/modules/orders/offer-codes.server";
import { orderPaymentStands } from "~/modules/membership/membership-state.server";

/** At most this many orders are asked about per run (each costs one to three gateway calls). */
export const RECHECKS_PER_RUN = 50;

/** When a completed order's payment was verified (rows made before completed_at existed: their last change). */
const completedAt = sql<Date>`coalesce(${orders.completedAt}, ${orders.updatedAt})`;

/**
 * The orders whose outcome can still change at `now`: what the re-check job asks Pesapal about and what
 * `npm run reconcile` compares with Pesapal. Pending ones (even without a tracking id: they are abandoned at the end
 * of their schedule); with a tracking id, failed ones, abandoned ones Pesapal has not confirmed cancelled (within
 * 120 days of the order), and completed or partly refunded ones within the reversal window.
 */
export function ordersThatCanStillChange(now: Date): SQL {
  const reversalStart = new Date(now.getTime() - REVERSAL_WINDOW_MS);
  const abandonedStart = new Date(now.getTime() - ABANDONED_WINDOW_MS);
  return or(
    eq(orders.status, "pending"),
    and(
      isNotNull(orders.gatewayTrackingId),
      or(
        eq(orders.status, "failed"),
        and(eq(orders.status, "abandoned"), isNull(orders.gatewayCancelledAt), gte(orders.createdAt, abandonedStart)),
        and(orderPaymentStands(), gte(completedAt, reversalStart)),
      ),
    ),
  )!;
}

/**
 * Pesapal notified us about an order and we could not settle it now (its status still says unpaid, or the IPN was
 * answered from another check's answer): something is happening (an M-Pesa prompt being answered, a late payment on
 * a failed or abandoned order, a reversal), so its next check comes within a minute, never later than its schedule
 * had it. Only orders whose outcome can still change have a schedule to bring forward.
 */
export async function checkSoon(orderId: string, now = new Date()) {
  const soon = new Date(now.getTime() + AFTER_IPN_CHECK_MS);
  await getDb()
    .update(orders)
    .set({ nextStatusCheckAt: sql`least(${statusCheckDueAt}, ${soon})` })
    .where(and(eq(orders.id, orderId), ordersThatCanStillChange(now)));
}

export interface RecheckSummary {
  checked: number;
  changed: number;
  abandoned: number;
  /** Abandoned orders Pesapal confirmed cancelled on a later check. */
  cancelled: number;
  unreachable: number;
}

/**
 * The scheduled re-check of every order whose outcome can still change: pending ones first (the buyer may be
 * waiting), then the others, at most `limit` orders in all, each only when its next check is due.
 */
export async function recheckOrders(now = new Date(), limit = RECHECKS_PER_RUN): Promise<RecheckSummary> {
  const pending = await checkPendingOrders(now, limit);
  const rest = await recheckSettledOrders(now, limit - pending.checked);
  return {
    checked: pending.checked + rest.checked,
    changed: pending.changed + rest.changed,
    abandoned: pending.abandoned + rest.abandoned,
    cancelled: rest.cancelled,
    unreachable: rest.unreachable,
  };
}

async function recheckSettledOrders(now: Date, limit: number): Promise<RecheckSummary> {
  const summary: RecheckSummary = { checked: 0, changed: 0, abandoned: 0, cancelled: 0, unreachable: 0 };
  if (limit <= 0) return summary;
  const db = getDb();
  const due = await db
    .select({
      ...CHECKED_ORDER,
      status: orders.status,
      checks: orders.statusChecks,
      completedAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(ordersThatCanStillChange(now), ne(orders.status, "pending"), sql`${statusCheckDueAt} <= ${now}`))
    .orderBy(asc(statusCheckDueAt))
    .limit(limit);
  summary.checked = due.length;
  for (const order of due) {
    const schedule = scheduleOf(order.status);
    if (!schedule || !order.trackingId) continue;
    const trackingId = order.trackingId;
    const verify = () => verifyPayment({ trackingId, merchantReference: order.reference, source: "poll", now });
    const result = await verify();
    if (result.kind === "unreachable") {
      summary.unreachable++;
      await reschedule(order.id, order.status, order.checks, new Date(now.getTime() + UNREACHABLE_RETRY_MS.other));
      continue;
    }
    // A changed order starts the schedule of its new status (payment-verification.server.ts resets it).
    if (result.kind === "checked" && result.changed) {
      summary.changed++;
      continue;
    }
    const checks = order.checks + 1;
    if (order.status === "abandoned") {
      const answer = await cancelAtPesapal(order.id, trackingId);
      if (answer.kind === "cancelled") {
        if (await recordCancelled(order.id, checks, now)) summary.cancelled++;
        continue;
      }
      // CASE: refused -> paid in the moment between the two calls? Asked once more; a payment is never lost.
      if (answer.kind === "refused") {
        const again = await verify();
        if (again.kind === "checked" && again.changed) {
          summary.changed++;
          continue;
        }
      }
    }
    const windowEnd =
      order.status === "abandoned"
        ? new Date(order.createdAt.getTime() + ABANDONED_WINDOW_MS)
        : new Date(new Date(order.completedAt).getTime() + REVERSAL_WINDOW_MS);
    const next = nextRecheck(schedule, checks, now, windowEnd);
    if (next !== "last") {
      await reschedule(order.id, order.status, checks, next);
    } else if (order.status === "failed") {
      const outcome = await abandonOrder({ ...order, trackingId, status: "failed" }, checks, now);
      if (outcome === "abandoned") summary.abandoned++;
      if (outcome === "changed") summary.changed++;
    } else {
      // The window is over: the order leaves the set; the date only keeps it from looking due.
      await reschedule(order.id, order.status, checks, new Date(now.getTime() + WEEKLY_MS));
    }
  }
  return summary;
}

/** The next check, unless the order changed meanwhile (its new status has its own schedule). */
async function reschedule(orderId: string, status: OrderStatus, checks: number, next: Date) {
  await getDb()
    .update(orders)
    .set({ statusChecks: checks, nextStatusCheckAt: next })
    .where(and(eq(orders.id, orderId), eq(orders.status, status)));
}

/** Pesapal confirmed our CancelOrder of an abandoned order: it cannot be paid any more, and is no longer checked. */
async function recordCancelled(orderId: string, checks: number, now: Date): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({ gatewayCancelledAt: now, statusChecks: checks, nextStatusCheckAt: null, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, "abandoned"), isNull(orders.gatewayCancelledAt)))
      .returning({ id: orders.id });
    if (updated.length === 0) return false;
    await tx.insert(orderStatusHistory).values({
      orderId,
      fromStatus: "abandoned",
      toStatus: "abandoned",
      source: "system",
      note: `cancelled at Pesapal on check ${checks}`,
      createdAt: now,
    });
    // It can no longer be paid: its offer code's slot is given back (ADR 037).
    await releaseRedemption(tx, orderId, now);
    return true;
  });
}
