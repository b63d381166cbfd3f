// One definition of membership state (issue 47 item 2), in SQL: "is a plan running at instant t", "her current
// period", "does this payment stand". The same rules without the database are in membership-state.ts.
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders, userSubscriptions } from "~/db/schema";
import { CURRENT_STATUSES, RUNNING, STANDING_ORDER_STATUSES } from "./membership-state";

export {
  CURRENT_STATUSES,
  RUNNING,
  STANDING_ORDER_STATUSES,
  notEndedAt,
  paymentStands,
  runsAt,
} from "./membership-state";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** SQL: the period's end is still ahead at `now` (an open-ended period never ends). */
export function periodNotEndedAt(now: Date | SQLWrapper) {
  return or(isNull(userSubscriptions.endDate), gt(userSubscriptions.endDate, now));
}

/**
 * SQL: this row gives access at `now`: the current period (active or cancelled) until its end, or a queued renewal
 * from its start (before the expiry job marks it active). A current row's start date is not compared: another
 * process's clock a moment behind must not lock out a reader who has just paid.
 */
export function runningAt(now: Date | SQLWrapper) {
  return and(
    or(
      inArray(userSubscriptions.status, [...CURRENT_STATUSES]),
      and(eq(userSubscriptions.status, "scheduled"), lte(userSubscriptions.startDate, now)),
    ),
    periodNotEndedAt(now),
  );
}

/** SQL: a current period (active or cancelled) that has not ended at `now`, open-ended ones included. */
export function currentAt(now: Date | SQLWrapper) {
  return and(inArray(userSubscriptions.status, [...CURRENT_STATUSES]), periodNotEndedAt(now));
}

/** SQL: a current period with an end still ahead at `now` (what an upgrade, a switch or a reminder is about). */
export function currentDatedAt(now: Date | SQLWrapper) {
  return and(
    inArray(userSubscriptions.status, [...CURRENT_STATUSES]),
    isNotNull(userSubscriptions.endDate),
    gt(userSubscriptions.endDate, now),
  );
}

/** SQL: a period paid for that has not ended (current or queued, whether or not its start has come). */
export function heldAt(now: Date | SQLWrapper) {
  return and(inArray(userSubscriptions.status, [...RUNNING]), periodNotEndedAt(now));
}

/** SQL: the order's payment stands (STANDING_ORDER_STATUSES). */
export function orderPaymentStands(): SQL {
  return inArray(orders.status, [...STANDING_ORDER_STATUSES]) as SQL;
}

/** SQL: the order with this id exists and its payment stands (for a row that names an order). */
export function paymentStandsFor(orderId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orderPaymentStands()})`;
}

/**
 * The user's period that gives access at `now`, locked for this transaction: the current period (renewing or
 * cancelled), or a queued renewal whose start has come before the expiry job marked it active.
 */
export async function lockRunningPeriod(tx: Tx, userId: string, now: Date) {
  const [row] = await tx
    .select()
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), runningAt(now)))
    .orderBy(desc(userSubscriptions.startDate))
    .limit(1)
    .for("update");
  return row ?? null;
}

/** The latest period she has paid for that has not ended (current or queued), locked; null when none. */
export async function lockLastHeldPeriod(tx: Tx, userId: string, now: Date) {
  const [row] = await tx
    .select()
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), heldAt(now)))
    .orderBy(sql`${userSubscriptions.endDate} desc nulls first`)
    .limit(1)
    .for("update");
  return row ?? null;
}
