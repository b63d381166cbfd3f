// The dashboard's Subscriptions tab: totals, running subscriptions by plan, revenue and the newest subscriptions.
// Revenue (product decision "Admin revenue", ADR 018) is KES cents: verified COMPLETED payments of orders that stand
// as paid (completed, partly or fully refunded) less the refunds Pesapal accepted for them. Reversed payments went
// back through the gateway and count for nothing; payments waiting for review are not revenue until a person decides.
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { getDb, type Rows } from "~/db/client.server";
import { ebooks, orders, payments, profiles, refunds, subscriptionPlans, userSubscriptions, users } from "~/db/schema";
import type { AdminViewer } from "~/modules/access/policy";
import { runningAt } from "~/modules/membership/grants.server";
import { periodStatusWords } from "~/modules/membership/member-standing";
import { PAID_STATUSES } from "~/modules/orders/order-transitions";
import { itemWordsOf } from "~/modules/membership/purchase-kind-words";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Revenue {
  paymentsCents: number;
  refundsCents: number;
  netCents: number;
  payments: number;
  refunds: number;
}

/** A payment that counts as revenue: verified COMPLETED, in KES, of an order that stands as paid. */
function countedPayment(): SQL | undefined {
  return and(
    eq(payments.status, "completed"),
    eq(payments.currency, "KES"),
    inArray(orders.status, [...PAID_STATUSES]),
  );
}

/** A refund that takes revenue back: accepted by Pesapal, in KES, of an order that stood as paid. */
function countedRefund(): SQL | undefined {
  return and(eq(refunds.status, "accepted"), eq(refunds.currency, "KES"), inArray(orders.status, [...PAID_STATUSES]));
}

/** Revenue in KES cents; `since` limits payments to those verified and refunds to those accepted from then on. */
export async function revenueCents(since?: Date): Promise<Revenue> {
  const db = getDb();
  const [[paid], [refunded]] = await Promise.all([
    db
      .select({ total: sql<string>`coalesce(sum(${payments.amountCents}), 0)`, n: count() })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(countedPayment(), since ? gte(payments.verifiedAt, since) : undefined)),
    db
      .select({ total: sql<string>`coalesce(sum(${refunds.amountCents}), 0)`, n: count() })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(countedRefund(), since ? gte(refunds.answeredAt, since) : undefined)),
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

export interface RevenueLine {
  /** The Nairobi day the payment was verified or the refund accepted, YYYY-MM-DD. */
  day: string;
  kind: "plan" | "ebook";
  /** What the item is, as the reports label it: "Plan", "Ebook" (its kind's words). */
  label: string;
  /** The plan's name or the ebook's title. */
  item: string;
  /** Pesapal's payment_method of the order's payment (paymentMethodLabel / isCardPayment name it). */
  method: string | null;
  paymentsCents: number;
  refundsCents: number;
}

// The Nairobi calendar day (UTC+3 all year) of an instant, in SQL that PGlite and PostgreSQL 15 both accept.
const nairobiDay = (column: SQL | typeof payments.verifiedAt | typeof refunds.answeredAt) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD')`;

/**
 * The same revenue as revenueCents, in lines per Nairobi day, item and payment method, for payments verified and
 * refunds accepted in [from, to): the owner's analytics (issue 35) add these up by day, month, plan, ebook and method.
 */
export async function revenueLines(from: Date, to: Date): Promise<RevenueLine[]> {
  const db = getDb();
  const item = sql<string>`coalesce(${subscriptionPlans.name}, ${ebooks.title}, '')`;
  const paidMethod = sql<
    string | null
  >`(select p.payment_method from payments p where p.order_id = ${orders.id} and p.status = 'completed' order by p.verified_at desc limit 1)`;
  // Planned on every run, not kept as a named statement (ADR 023): a generic plan guesses 0.5 % of a date range's
  // rows and joined each of a year's 16,558 payments to its order by index (106-110 ms of server CPU against 47 ms
  // planned for the range; bench:analytics --explain, issue 35). The leading comment keeps the statement unnamed.
  type Line = { day: string; kind: RevenueLine["kind"]; item: string; method: string | null; cents: string };
  const unnamed = async (statement: SQL) =>
    ((await db.execute(sql`/* planned per run */ ${statement}`)) as unknown as Rows<Line>).rows;
  const [paid, refunded] = await Promise.all([
    unnamed(sql`
      select ${nairobiDay(payments.verifiedAt)} as day, ${orders.kind} as kind, ${item} as item,
             ${payments.paymentMethod} as method, sum(${payments.amountCents}) as cents
      from ${payments}
      inner join ${orders} on ${orders.id} = ${payments.orderId}
      left join ${subscriptionPlans} on ${subscriptionPlans.id} = ${orders.planId}
      left join ${ebooks} on ${ebooks.id} = ${orders.ebookId}
      where ${and(countedPayment(), gte(payments.verifiedAt, from), lt(payments.verifiedAt, to))}
      group by 1, 2, 3, 4`),
    unnamed(sql`
      select ${nairobiDay(refunds.answeredAt)} as day, ${orders.kind} as kind, ${item} as item,
             ${paidMethod} as method, sum(${refunds.amountCents}) as cents
      from ${refunds}
      inner join ${orders} on ${orders.id} = ${refunds.orderId}
      left join ${subscriptionPlans} on ${subscriptionPlans.id} = ${orders.planId}
      left join ${ebooks} on ${ebooks.id} = ${orders.ebookId}
      where ${and(countedRefund(), gte(refunds.answeredAt, from), lt(refunds.answeredAt, to))}
      group by 1, 2, 3, 4`),
  ]);
  const cents = (text: string) => {
    const value = Number(text);
    if (!Number.isSafeInteger(value)) throw new RangeError("Revenue out of range");
    return value;
  };
  return [
    ...paid.map((r) => ({ ...r, paymentsCents: cents(r.cents), refundsCents: 0 })),
    ...refunded.map((r) => ({ ...r, paymentsCents: 0, refundsCents: cents(r.cents) })),
  ].map(({ day, kind, item: name, method, paymentsCents, refundsCents }) => ({
    day,
    kind,
    label: itemWordsOf({ kind }).label,
    item: name,
    method,
    paymentsCents,
    refundsCents,
  }));
}

export async function getSubscriptionsOverview(_admin: AdminViewer, now = new Date()) {
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
