// When the shop asks Pesapal about an order again (ADR 027): pure, so the schedule is unit-tested and shared by the
// pending checks, the re-checks after pending and the verification that resets it at every change of status.
import type { OrderStatus } from "./order-transitions";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a completed payment can still be taken back. Card chargebacks may be raised up to 120 days after the
 * payment (the card schemes' usual limit); M-Pesa reversals come within days. After it, a completed order is final
 * for the shop's checks (an IPN still reaches it).
 */
export const REVERSAL_WINDOW_MS = 120 * DAY_MS;

/** An abandoned order whose cancellation Pesapal has not confirmed is asked about for this long after it was made. */
export const ABANDONED_WINDOW_MS = 120 * DAY_MS;

/** Once the listed gaps are used up, a completed or abandoned order is asked about weekly until its window ends. */
export const WEEKLY_MS = 7 * DAY_MS;

/**
 * The gap before each check, counted from the change of status (the first) or from the previous check.
 * - pending: the buyer is on Pesapal's page or answering an M-Pesa prompt; after the last, the order is abandoned.
 * - failed: she may try again on Pesapal's page (another card, M-Pesa) within minutes or the day; after the last,
 *   the order is abandoned (and cancelled at Pesapal, so it cannot be paid after we gave up on it).
 * - completed (and partly refunded): a reversal or chargeback may come any day; daily, then growing to weekly.
 * - abandoned, not cancelled at Pesapal (CancelOrder failed or was refused): a late M-Pesa may still land; each
 *   check also asks Pesapal again to cancel it.
 */
export const RECHECK_GAPS_MS = {
  pending: [1, 5, 30, 120, 24 * 60].map((minutes) => minutes * MINUTE_MS),
  failed: [5 * MINUTE_MS, 30 * MINUTE_MS, 2 * HOUR_MS, DAY_MS],
  completed: [DAY_MS, 2 * DAY_MS, 4 * DAY_MS, WEEKLY_MS],
  abandoned: [DAY_MS, 3 * DAY_MS, WEEKLY_MS],
} as const;

export type RecheckedStatus = keyof typeof RECHECK_GAPS_MS;

/** Statuses whose checks end in abandonment when still unpaid after the last gap. */
export const ABANDONED_AFTER_LAST_CHECK: readonly RecheckedStatus[] = ["pending", "failed"];

/** Pesapal could not be asked: try again this soon, without counting it as a check. */
export const UNREACHABLE_RETRY_MS = { pending: 5 * MINUTE_MS, other: HOUR_MS } as const;

/** Which schedule an order status follows; null when nothing Pesapal says can change it any more. */
export function scheduleOf(status: OrderStatus): RecheckedStatus | null {
  if (status === "partially_refunded") return "completed";
  if (status === "pending" || status === "failed" || status === "completed" || status === "abandoned") return status;
  return null;
}

/** When the first check after a change to `status` at `now` is due; null when the status is never re-checked. */
export function firstRecheckAt(status: OrderStatus, now: Date): Date | null {
  const schedule = scheduleOf(status);
  return schedule ? new Date(now.getTime() + RECHECK_GAPS_MS[schedule][0]) : null;
}

/**
 * After check number `checks` (1 = the first) at `now`: when the next is due, or "last" when the schedule is over
 * (pending and failed orders are then abandoned; completed and abandoned ones are left alone once `windowEnd` has
 * come: a next check due after it never runs, as the order has left the set of orders that can still change).
 */
export function nextRecheck(schedule: RecheckedStatus, checks: number, now: Date, windowEnd?: Date): Date | "last" {
  const gaps: readonly number[] = RECHECK_GAPS_MS[schedule];
  if (ABANDONED_AFTER_LAST_CHECK.includes(schedule)) {
    return checks >= gaps.length ? "last" : new Date(now.getTime() + gaps[checks]!);
  }
  if (!windowEnd || now >= windowEnd) return "last";
  return new Date(now.getTime() + gaps[Math.min(checks, gaps.length - 1)]!);
}
