// The dashboard's Subscriptions tab: totals, running subscriptions by plan, revenue and the newest subscriptions.
// Revenue (product decision "Admin revenue", ADR 018) is KES cents: verified COMPLETED payments of orders that stand
// as paid (completed, partly or fully refunded) less the refunds Pesapal accepted for them. Reversed payments went
// back through the gateway and count for nothing; payments waiting for review are not revenue until a person decides.
import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders, payments, profiles, refunds, subscriptionPlans, userSubscriptions, users } from "~/db/schema";
import { isAdmin, type Viewer } from "~/modules/access/policy";
import { runningAt } from "~/modules/membership/grants.server";
import { periodStatusWords } from "~/modules/membership/member-standing";
import { PAID_STATUSES } from "~/modules/orders/order-transitions";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Revenue {
  paymentsCents: number;
  refundsCents: number;
  netCents: number;
  payments: number;
  refunds: number;
}

/** Revenue in KES cents; `since` limits payments to those verified and refunds to those accepted from then on. */
export async function revenueCents(since?: Date): Promise<Revenue> {
  const db = getDb();
  const [[paid], [refunded]] = await Promise.all([
    db
      .select({ total: sql<string>`coalesce(sum(${payments.amountCents}), 0)`, n: count() })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        and(
          eq(payments.status, "completed"),
          eq(payments.currency, "KES"),
          inArray(orders.status, [...PAID_STATUSES]),
          since ? gte(payments.verifiedAt, since) : undefined,
        ),
      ),
    db
      .select({ total: sql<string>`coalesce(sum(${refunds.amountCents}), 0)`, n: count() })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(
        and(
          eq(refunds.status, "accepted"),
          eq(refunds.currency, "KES"),
          inArray(orders.status, [...PAID_STATUSES]),
          since ? gte(refunds.answeredAt, since) : undefined,
        ),
      ),
  ]);
  // Sums of bigint arrive as text; they stay exact as long as they are safe integers (ADR 008).
  const paymentsCents = Number(paid.total);
  const refundsCents = Number(refunded.total);
  if (!Number.isSafeInteger(paymentsCents) || !Number.isSafeInteger(refundsCents)) {
    throw new RangeError("Revenue out of range");
  }
  return {
    paymentsCents,
    refundsCents,
    netCents: paymentsCents - refundsCents,
    payments: paid.n,
    refunds: refunded.n,
  };
}

export async function getSubscriptionsOverview(viewer: Viewer, now = new Date()) {
  if (!isAdmin(viewer)) throw new Error("Only admins see the dashboard");
  const db = getDb();
  const [[totals], byPlan, recent, last30Days, allTime] = await Promise.all([
    db
      .select({
        all: count(),
        running: sql<number>`count(*) filter (where ${runningAt(now)})`.mapWith(Number),
        trials: sql<number>`count(*) filter (where ${userSubscriptions.isTrial})`.mapWith(Number),
        byHand: sql<number>`count(*) filter (where ${userSubscriptions.grantReason} is not null)`.mapWith(Number),
      })
      .from(userSubscriptions),
    db
      .select({ planId: subscriptionPlans.id, name: subscriptionPlans.name, running: count(userSubscriptions.id) })
      .from(subscriptionPlans)
      .leftJoin(userSubscriptions, and(eq(userSubscriptions.planId, subscriptionPlans.id), runningAt(now)))
      .groupBy(subscriptionPlans.id, subscriptionPlans.name, subscriptionPlans.sortKey, subscriptionPlans.priceCents)
      .orderBy(subscriptionPlans.sortKey, subscriptionPlans.priceCents),
    db
      .select({
        id: userSubscriptions.id,
        email: users.email,
        fullName: profiles.fullName,
        planName: subscriptionPlans.name,
        priceCents: subscriptionPlans.priceCents,
        paidCents: orders.amountCents,
        orderId: userSubscriptions.orderId,
        isTrial: userSubscriptions.isTrial,
        byHand: sql<boolean>`${userSubscriptions.grantReason} is not null`,
        status: userSubscriptions.status,
        startDate: userSubscriptions.startDate,
        endDate: userSubscriptions.endDate,
        autoRenew: userSubscriptions.autoRenew,
        createdAt: userSubscriptions.createdAt,
      })
      .from(userSubscriptions)
      .innerJoin(users, eq(users.id, userSubscriptions.userId))
      .leftJoin(profiles, eq(profiles.id, userSubscriptions.userId))
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
      .leftJoin(orders, eq(orders.id, userSubscriptions.orderId))
      .orderBy(desc(userSubscriptions.createdAt), desc(userSubscriptions.id))
      .limit(10),
    revenueCents(new Date(now.getTime() - 30 * DAY_MS)),
    revenueCents(),
  ]);
  return {
    totals: { ...totals, all: Number(totals.all) },
    byPlan: byPlan.map((p) => ({ ...p, running: Number(p.running) })),
    revenue: { last30Days, allTime },
    recent: recent.map(({ startDate, endDate, autoRenew, ...r }) => ({
      ...r,
      // The member's words (member-standing.ts): a period she stopped renewing is still active until its end.
      statusWords: periodStatusWords({ ...r, startDate, endDate, autoRenew }, now),
      until: endDate?.toISOString() ?? null,
      fullName: r.fullName ?? "",
      source: r.isTrial ? "trial" : r.byHand ? "by hand" : r.orderId ? "order" : "no order",
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
