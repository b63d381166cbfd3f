// One definition of membership state (issue 47 item 2), the rules without the database: which period statuses
// run, when a period has not ended, and which order statuses mean its payment stands. The SQL forms of the same
// rules are in membership-state.server.ts; every reader of plans and payments goes through one or the other.
import type { OrderStatus } from "~/modules/orders/order-transitions";

/** A period's statuses that are "the current one": renewing, or with its renewal turned off. */
export const CURRENT_STATUSES = ["active", "cancelled"] as const;

/** Statuses of a period that gives access between its start and end dates (the policy's RUNNING_STATUSES). */
export const RUNNING = ["active", "cancelled", "scheduled"] as const;

/**
 * Order statuses whose payment stands: what it paid for is still given. A partial card refund keeps access
 * (ADR 018); a reversal, a full refund, a failure or a review do not count.
 */
export const STANDING_ORDER_STATUSES = ["completed", "partially_refunded"] as const satisfies readonly OrderStatus[];

/** Does this order's payment stand (STANDING_ORDER_STATUSES)? */
export function paymentStands(status: string | null | undefined): boolean {
  return status === "completed" || status === "partially_refunded";
}

/** A period's end is still ahead at `now` (an open-ended period never ends). */
export function notEndedAt(endDate: Date | null, now: Date): boolean {
  return endDate === null || endDate > now;
}

/**
 * Running at `now`: a current period (or a queued one whose start has come) that has not ended. The same rule as
 * runningAt (membership-state.server.ts) in SQL.
 */
export function runsAt(p: { status: string; startDate: Date; endDate: Date | null }, now: Date): boolean {
  const current = p.status === "active" || p.status === "cancelled" || (p.status === "scheduled" && p.startDate <= now);
  return current && notEndedAt(p.endDate, now);
}
