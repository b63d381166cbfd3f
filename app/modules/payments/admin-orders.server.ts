// What /admin/orders shows: orders with filters (flagged ones first) and one order with everything that happened to
// it: its status history, the gateway's verified answers, what it granted, its refunds and the admins' actions.
import { isOrderItemKind } from "~/modules/membership/purchase-kind-words";
import { planTitle } from "~/modules/membership/plan-period";
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { getDb } from "~/db/client.server";
import {
  adminActivity,
  cardRenewals,
  ebookPurchases,
  ebooks,
  orders,
  orderStatusHistory,
  payments,
  profiles,
  refunds,
  subscriptionPlans,
  userSubscriptions,
  users,
} from "~/db/schema";
import { orderLineColumns, selectOrdersWithBuyer } from "~/modules/orders/order-with-buyer.server";
import type { AdminViewer } from "~/modules/access/policy";
import { clampPage } from "~/lib/paging";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/modules/orders/order-transitions";

export { ORDER_STATUS_LABELS };
import { isCardPayment, isOutcomeUnknown, STALE_REQUEST_MS } from "./refunds.server";
import { paymentMethodLabel } from "~/modules/orders/payment-method";
import { getMemberStanding } from "~/modules/membership/member-standing.server";
import type { MemberStanding } from "~/modules/membership/member-standing";
import { periodStatusWords } from "~/modules/membership/member-standing";
import { parseNairobiDay } from "~/lib/nairobi-time";
import { isId } from "~/lib/ids";
import { itemWordsOf } from "~/modules/membership/purchase-kind-words";
import { refundLineColumns } from "./reconciliation-rows.server";

export const ORDERS_PAGE_SIZE = 30;

export const ORDER_STATUSES = [
  "review",
  "pending",
  "completed",
  "partially_refunded",
  "refunded",
  "failed",
  "reversed",
  "cancelled",
  "abandoned",
] as const satisfies readonly OrderStatus[];

export interface OrderFilters {
  status?: string;
  kind?: string;
  /** yyyy-mm-dd, Nairobi days, inclusive. */
  from?: string;
  to?: string;
  /** Part of the reader's e-mail or name. */
  reader?: string;
  page?: number;
}

/** The orders list's filter value for "a refund's outcome is unknown". */
export const REFUND_UNKNOWN_FILTER = "refund_unknown";

/**
 * The orders list's filter value for "needs attention" (issue 30 item 7): orders in review and orders with a refund
 * whose outcome is unknown; the list also shows scheduled card charges matching no agreement. The admin menu's count
 * links here.
 */
export const ATTENTION_FILTER = "attention";

function unknownRefund(): SQL {
  const stale = sql.raw(`interval '${STALE_REQUEST_MS / 1000} seconds'`);
  return sql`(${refunds.status} = 'unconfirmed' or (${refunds.status} = 'requesting' and ${refunds.createdAt} < now() - ${stale}))`;
}

function hasUnknownRefund(): SQL {
  return sql`exists (select 1 from ${refunds} where ${refunds.orderId} = ${orders.id} and ${unknownRefund()})`;
}

/**
 * What needs an admin, for the admin menu: orders in review, other orders with a refund whose outcome is unknown,
 * unmatched scheduled card charges not yet resolved, and M-Pesa paid by hand that matched no order (ADR 043). One statement, on every admin page: the review count uses
 * the status index, the other two read the small refunds table and the unmatched rows of card_renewal_events.
 */
export async function attentionCount(_admin: AdminViewer): Promise<number> {
  const stale = sql.raw(`interval '${STALE_REQUEST_MS / 1000} seconds'`);
  // Spelled out with aliases: column names inside a select field are not qualified by Drizzle, and three tables meet.
  const [row] = await getDb()
    .select({
      n: sql<number>`count(*) + (
          select count(distinct r.order_id) from refunds r inner join orders o on o.id = r.order_id
          where o.status <> 'review'
            and (r.status = 'unconfirmed' or (r.status = 'requesting' and r.created_at < now() - ${stale}))
        ) + (
          select count(*) from card_renewal_events e where e.card_renewal_id is null and e.resolved_at is null
        ) + (
          select count(*) from mpesa_received_payments m where m.status = 'unmatched'
        )`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.status, "review"));
  return row?.n ?? 0;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listOrdersForAdmin(_admin: AdminViewer, filters: OrderFilters) {
  const db = getDb();
  const where: SQL[] = [];
  const status = (ORDER_STATUSES as readonly string[]).includes(filters.status ?? "")
    ? (filters.status as OrderStatus)
    : "";
  const kind = isOrderItemKind(filters.kind) ? filters.kind : "";
  if (status) where.push(eq(orders.status, status));
  // Not an order status: orders with a refund whose outcome is unknown (issue 30), for the admin to settle.
  const refundUnknown = filters.status === REFUND_UNKNOWN_FILTER;
  if (refundUnknown) where.push(hasUnknownRefund());
  const attention = filters.status === ATTENTION_FILTER;
  if (attention) where.push(or(eq(orders.status, "review"), hasUnknownRefund())!);
  if (kind) where.push(eq(orders.kind, kind));
  const from = parseNairobiDay(filters.from);
  const toStart = parseNairobiDay(filters.to);
  if (from) where.push(gte(orders.createdAt, from));
  if (toStart) where.push(lt(orders.createdAt, new Date(toStart.getTime() + 86_400_000)));
  const reader = (filters.reader ?? "").trim().slice(0, 100);
  if (reader) {
    const pattern = `%${escapeLike(reader)}%`;
    where.push(or(ilike(users.email, pattern), ilike(profiles.fullName, pattern))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const page = clampPage(filters.page);
  const [rows, [{ total }], [{ flagged }], [{ refundsUnknown }]] = await Promise.all([
    selectOrdersWithBuyer(
      {
        ...orderLineColumns,
        email: users.email,
        fullName: profiles.fullName,
        planName: subscriptionPlans.name,
        ebookTitle: ebooks.title,
        refundUnknown: sql<boolean>`${hasUnknownRefund()}`.mapWith(Boolean),
      },
      db,
    )
      .where(condition)
      // Flagged for review (amount or currency mismatch) first: they wait for a person.
      .orderBy(sql`case when ${orders.status} = 'review' then 0 else 1 end`, desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE),
    selectOrdersWithBuyer({ total: count() }, db).where(condition),
    db.select({ flagged: count() }).from(orders).where(eq(orders.status, "review")),
    db.select({ refundsUnknown: count() }).from(orders).where(hasUnknownRefund()),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      status: r.status,
      kind: r.kind,
      item: itemWordsOf(r).name(r),
      amountCents: r.amountCents,
      currency: r.currency,
      createdAt: r.createdAt.toISOString(),
      email: r.email,
      fullName: r.fullName ?? "",
      refundUnknown: r.refundUnknown,
    })),
    total,
    flagged,
    /** Orders with a refund whose outcome is unknown: the admin should check or record them. */
    refundsUnknown,
    page,
    pageSize: ORDERS_PAGE_SIZE,
    filters: {
      status: refundUnknown ? REFUND_UNKNOWN_FILTER : attention ? ATTENTION_FILTER : status,
      kind,
      from: from ? filters.from! : "",
      to: toStart ? filters.to! : "",
      reader,
    },
  };
}

export async function getOrderForAdmin(_admin: AdminViewer, orderId: string, now = new Date()) {
  if (!isId(orderId)) return null;
  const order = await adminOrderRow(orderId);
  if (!order) return null;
  const [history, paid, subscriptions, purchases, refundRows, handGrants, plans] = await Promise.all([
    statusHistoryOf(order.id),
    paymentsOf(order.id),
    subscriptionsGrantedBy(order.id),
    purchasesGrantedBy(order.id),
    refundsOf(order.id),
    handGrantsTo(order.userId),
    planChoices(),
  ]);
  const activity = await activityAbout(order.id, handGrants);
  const agreement = await cardAgreementOf(order);
  const upgradedFrom = await planUpgradedFrom(order);
  // What the reader holds now, in the words My Library and /pricing use (member-standing.ts).
  const standing = await getMemberStanding(order.userId, now);
  return {
    order: orderView(order, { agreement, upgradedFrom, standing }),
    history: history.map((h) => ({
      id: h.id,
      from: h.fromStatus,
      to: h.toStatus,
      source: h.source,
      note: h.note,
      at: h.createdAt.toISOString(),
    })),
    payments: paid.map((p) => ({
      id: p.id,
      status: p.status,
      amountCents: p.amountCents,
      currency: p.currency,
      method: paymentMethodLabel(p.paymentMethod),
      confirmationCode: p.confirmationCode,
      trackingId: p.gatewayTrackingId,
      verifiedAt: p.verifiedAt.toISOString(),
    })),
    grants: grantViews(subscriptions, purchases, now),
    refunds: refundRows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      answeredAt: iso(r.answeredAt),
      checkedAt: iso(r.checkedAt),
      nextCheckAt: iso(r.nextCheckAt),
      /** Sent, and nobody knows whether Pesapal refunded: offer the check and the record by hand. */
      outcomeUnknown: isOutcomeUnknown(r),
    })),
    handGrants: handGrants.map((g) => ({
      ...g,
      startDate: g.startDate.toISOString(),
      endDate: iso(g.endDate),
      createdAt: g.createdAt.toISOString(),
    })),
    activity: activity.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    plans,
    /** What the refund form offers: null when this order cannot be refunded now. */
    refund: refundOffer(order, paid, refundRows),
  };
}

export type AdminOrder = NonNullable<Awaited<ReturnType<typeof getOrderForAdmin>>>;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The order with its buyer and item, and every column of it the order page shows. */
async function adminOrderRow(orderId: string) {
  const [order] = await selectOrdersWithBuyer({
    id: orders.id,
    reference: orders.merchantReference,
    status: orders.status,
    kind: orders.kind,
    userId: orders.userId,
    planId: orders.planId,
    ebookId: orders.ebookId,
    amountCents: orders.amountCents,
    currency: orders.currency,
    basePriceCents: orders.basePriceCents,
    countryCode: orders.countryCode,
    countrySource: orders.countrySource,
    pickedCountryCode: orders.pickedCountryCode,
    displayAmount: orders.displayAmount,
    displayCurrency: orders.displayCurrency,
    offerCode: orders.offerCode,
    priceBeforeCodeCents: orders.priceBeforeCodeCents,
    codeDiscountCents: orders.codeDiscountCents,
    zeroAmountReason: orders.zeroAmountReason,
    upgradeCreditCents: orders.upgradeCreditCents,
    roundedOffCents: orders.roundedOffCents,
    upgradeFromSubscriptionId: orders.upgradeFromSubscriptionId,
    gateway: orders.gateway,
    trackingId: orders.gatewayTrackingId,
    cardRenewalId: orders.cardRenewalId,
    createdAt: orders.createdAt,
    completedAt: orders.completedAt,
    email: users.email,
    fullName: profiles.fullName,
    planName: subscriptionPlans.name,
    ebookTitle: ebooks.title,
  }).where(eq(orders.id, orderId));
  return order;
}

type AdminOrderRow = NonNullable<Awaited<ReturnType<typeof adminOrderRow>>>;

function statusHistoryOf(orderId: string) {
  return getDb()
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
}

function paymentsOf(orderId: string) {
  return getDb().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.verifiedAt));
}

/** A plan period as the order page lists it: the order's own and those given to her by hand. */
const periodColumns = {
  id: userSubscriptions.id,
  status: userSubscriptions.status,
  startDate: userSubscriptions.startDate,
  endDate: userSubscriptions.endDate,
  planName: subscriptionPlans.name,
};

function subscriptionsGrantedBy(orderId: string) {
  return getDb()
    .select({ ...periodColumns, autoRenew: userSubscriptions.autoRenew })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(eq(userSubscriptions.orderId, orderId));
}

function purchasesGrantedBy(orderId: string) {
  return getDb()
    .select({ id: ebookPurchases.id, createdAt: ebookPurchases.createdAt, revokedAt: ebookPurchases.revokedAt })
    .from(ebookPurchases)
    .where(eq(ebookPurchases.orderId, orderId));
}

function refundsOf(orderId: string) {
  const requester = aliasedTable(users, "requester");
  return getDb()
    .select({
      id: refunds.id,
      ...refundLineColumns,
      gatewayMessage: refunds.gatewayMessage,
      checkedAt: refunds.checkedAt,
      checkMessage: refunds.checkMessage,
      nextCheckAt: refunds.nextCheckAt,
      by: requester.email,
    })
    .from(refunds)
    .leftJoin(requester, eq(requester.id, refunds.requestedBy))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt));
}

/** Periods given to this reader by hand (they belong to no order, but are money decisions about her). */
function handGrantsTo(userId: string) {
  const granter = aliasedTable(users, "granter");
  return getDb()
    .select({
      ...periodColumns,
      reason: userSubscriptions.grantReason,
      by: granter.email,
      createdAt: userSubscriptions.createdAt,
    })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .leftJoin(granter, eq(granter.id, userSubscriptions.grantedBy))
    .where(and(eq(userSubscriptions.userId, userId), isNotNull(userSubscriptions.grantReason)))
    .orderBy(desc(userSubscriptions.createdAt));
}

/** The plans an admin may pick from on the order page. */
function planChoices() {
  return getDb()
    .select({
      id: subscriptionPlans.id,
      name: subscriptionPlans.name,
      periodUnit: subscriptionPlans.periodUnit,
      periodCount: subscriptionPlans.periodCount,
    })
    .from(subscriptionPlans)
    .orderBy(asc(subscriptionPlans.sortKey), asc(subscriptionPlans.priceCents));
}

/** The admins' actions on this order and on the periods given to its reader by hand, newest first. */
function activityAbout(orderId: string, handGrants: { id: string }[]) {
  const activityConditions = [and(eq(adminActivity.entityType, "order"), eq(adminActivity.entityId, orderId))];
  if (handGrants.length > 0) {
    activityConditions.push(
      and(
        eq(adminActivity.entityType, "subscription"),
        inArray(
          adminActivity.entityId,
          handGrants.map((g) => g.id),
        ),
      ),
    );
  }
  const actor = aliasedTable(users, "actor");
  return getDb()
    .select({
      id: adminActivity.id,
      action: adminActivity.action,
      summary: adminActivity.summary,
      createdAt: adminActivity.createdAt,
      actorEmail: actor.email,
    })
    .from(adminActivity)
    .leftJoin(actor, eq(actor.id, adminActivity.actorId))
    .where(or(...activityConditions))
    .orderBy(desc(adminActivity.createdAt), desc(adminActivity.id));
}

/** Card auto-renew (ADR 019): the agreement this order started, or whose scheduled charge it is. */
async function cardAgreementOf(order: AdminOrderRow) {
  const [agreement] = await getDb()
    .select({
      accountNumber: cardRenewals.accountNumber,
      status: cardRenewals.status,
      firstOrderId: cardRenewals.firstOrderId,
    })
    .from(cardRenewals)
    .where(order.cardRenewalId ? eq(cardRenewals.id, order.cardRenewalId) : eq(cardRenewals.firstOrderId, order.id));
  return agreement;
}

/** An upgrade (ADR 039): the plan it upgraded from (the subscription it ended; gone with a deleted account). */
async function planUpgradedFrom(order: AdminOrderRow) {
  if (!order.upgradeFromSubscriptionId) return undefined;
  const [upgradedFrom] = await getDb()
    .select({ planName: subscriptionPlans.name })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(eq(userSubscriptions.id, order.upgradeFromSubscriptionId));
  return upgradedFrom;
}

function orderView(
  order: AdminOrderRow,
  related: {
    agreement: Awaited<ReturnType<typeof cardAgreementOf>>;
    upgradedFrom: Awaited<ReturnType<typeof planUpgradedFrom>>;
    standing: MemberStanding | null;
  },
) {
  const { agreement, upgradedFrom, standing } = related;
  return {
    ...order,
    fullName: order.fullName ?? "",
    item: itemWordsOf(order).name(order),
    /** An upgrade's credit (the unused part of the plan it ended) and that plan's title, like an offer code's. */
    upgrade:
      order.upgradeCreditCents === null
        ? null
        : {
            creditCents: order.upgradeCreditCents,
            roundedOffCents: order.roundedOffCents,
            fromPlan: upgradedFrom ? planTitle(upgradedFrom.planName) : null,
          },
    cardRenewal: agreement
      ? {
          accountNumber: agreement.accountNumber,
          status: agreement.status,
          role: order.cardRenewalId ? ("charge" as const) : ("first" as const),
          firstOrderId: agreement.firstOrderId,
        }
      : null,
    createdAt: order.createdAt.toISOString(),
    completedAt: iso(order.completedAt),
    /** "Basic plan · Active · renewal off · paid up to 26 March 2027", or null when she never had a plan. */
    memberStanding: standing?.words.summary ?? null,
  };
}

/** What the order granted: its plan periods and its ebook purchases. */
function grantViews(
  subscriptions: Awaited<ReturnType<typeof subscriptionsGrantedBy>>,
  purchases: Awaited<ReturnType<typeof purchasesGrantedBy>>,
  now: Date,
) {
  return [
    ...subscriptions.map((s) => ({
      id: s.id,
      what: planTitle(s.planName),
      state: s.status,
      words: periodStatusWords(s, now),
      from: s.startDate.toISOString(),
      until: iso(s.endDate),
    })),
    ...purchases.map((p) => ({
      id: p.id,
      what: "Ebook purchase",
      state: p.revokedAt ? "revoked" : "active",
      words: p.revokedAt ? "Revoked" : "Active",
      from: p.createdAt.toISOString(),
      until: iso(p.revokedAt),
    })),
  ];
}

/** What the refund form offers: null when this order cannot be refunded now. */
function refundOffer(
  order: AdminOrderRow,
  paid: Awaited<ReturnType<typeof paymentsOf>>,
  refundRows: Awaited<ReturnType<typeof refundsOf>>,
) {
  const payment = [...paid].reverse().find((p) => p.status === "completed") ?? null;
  // A refund whose outcome is unknown may have reached Pesapal: no new one is offered until it is settled.
  const refunded = refundRows.some(
    (r) => r.status === "requesting" || r.status === "accepted" || r.status === "unconfirmed",
  );
  return payment && payment.confirmationCode && (order.status === "completed" || order.status === "review") && !refunded
    ? {
        paidCents: payment.amountCents,
        currency: payment.currency,
        method: paymentMethodLabel(payment.paymentMethod) ?? "",
        partialAllowed: isCardPayment(payment.paymentMethod),
      }
    : null;
}
