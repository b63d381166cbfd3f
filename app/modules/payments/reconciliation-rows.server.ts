// What the money reconciliation (reconciliation.server.ts, ADR 018) reads: the orders, verified payments, refunds and
// grants of a date range, the grants of those orders wherever their rows were made, and the scheduled card charges
// that matched no agreement. Read-only queries; the rules that compare them live in reconciliation.server.ts.
import { and, asc, eq, gte, inArray, isNull, lt, or, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import {
  cardRenewalEvents,
  ebookPurchases,
  gifts,
  orders,
  payments,
  refunds,
  userSubscriptions,
  users,
} from "~/db/schema";
import { orderLineColumns } from "~/modules/orders/order-with-buyer.server";

/** The condition "this timestamp column falls in the reconciled range [start, end)". */
export type InRange = (column: Parameters<typeof gte>[0]) => SQL | undefined;

export function rangeCondition(start: Date, end: Date): InRange {
  return (column) => and(gte(column, start), lt(column, end));
}

/** The rows a reconciliation compares: each created (or verified) in the range, or belonging to an order that was. */
export async function rowsInRange(inRange: InRange) {
  const [orderRows, paymentRows, refundRows, subscriptionRows, purchaseRows] = await Promise.all([
    ordersCreatedIn(inRange),
    completedPaymentsIn(inRange),
    refundsIn(inRange),
    subscriptionsIn(inRange),
    purchasesIn(inRange),
  ]);
  return { orderRows, paymentRows, refundRows, subscriptionRows, purchaseRows };
}

export type RangeRows = Awaited<ReturnType<typeof rowsInRange>>;

function ordersCreatedIn(inRange: InRange) {
  return getDb()
    .select({ ...orderLineColumns, zeroAmountReason: orders.zeroAmountReason })
    .from(orders)
    .where(inRange(orders.createdAt))
    .orderBy(asc(orders.createdAt));
}

function completedPaymentsIn(inRange: InRange) {
  return getDb()
    .select({
      orderId: payments.orderId,
      status: payments.status,
      amountCents: payments.amountCents,
      currency: payments.currency,
      method: payments.paymentMethod,
      confirmationCode: payments.confirmationCode,
      verifiedAt: payments.verifiedAt,
      reference: orders.merchantReference,
      orderStatus: orders.status,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.status, "completed"), or(inRange(payments.verifiedAt), inRange(orders.createdAt))))
    .orderBy(asc(payments.verifiedAt));
}

/** A refund as the reconciliation and the admin's order page list it (each adds its own columns). */
export const refundLineColumns = {
  amountCents: refunds.amountCents,
  currency: refunds.currency,
  full: refunds.full,
  status: refunds.status,
  reason: refunds.reason,
  createdAt: refunds.createdAt,
  answeredAt: refunds.answeredAt,
};

function refundsIn(inRange: InRange) {
  return getDb()
    .select({
      orderId: refunds.orderId,
      reference: orders.merchantReference,
      paymentId: refunds.paymentId,
      ...refundLineColumns,
      by: users.email,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(users, eq(users.id, refunds.requestedBy))
    .where(or(inRange(refunds.createdAt), inRange(orders.createdAt)))
    .orderBy(asc(refunds.createdAt));
}

function subscriptionsIn(inRange: InRange) {
  return getDb()
    .select({
      id: userSubscriptions.id,
      orderId: userSubscriptions.orderId,
      status: userSubscriptions.status,
      isTrial: userSubscriptions.isTrial,
      reason: userSubscriptions.grantReason,
      createdAt: userSubscriptions.createdAt,
      email: users.email,
      orderStatus: orders.status,
      reference: orders.merchantReference,
      orderCreatedAt: orders.createdAt,
    })
    .from(userSubscriptions)
    .innerJoin(users, eq(users.id, userSubscriptions.userId))
    .leftJoin(orders, eq(orders.id, userSubscriptions.orderId))
    .where(or(inRange(userSubscriptions.createdAt), inRange(orders.createdAt)));
}

function purchasesIn(inRange: InRange) {
  return getDb()
    .select({
      id: ebookPurchases.id,
      orderId: ebookPurchases.orderId,
      revokedAt: ebookPurchases.revokedAt,
      pricePaidCents: ebookPurchases.pricePaidCents,
      createdAt: ebookPurchases.createdAt,
      email: users.email,
      orderStatus: orders.status,
      orderAmountCents: orders.amountCents,
      reference: orders.merchantReference,
    })
    .from(ebookPurchases)
    .innerJoin(users, eq(users.id, ebookPurchases.userId))
    .leftJoin(orders, eq(orders.id, ebookPurchases.orderId))
    .where(or(inRange(ebookPurchases.createdAt), inRange(orders.createdAt)));
}

/** Grants of the orders in range, wherever their rows were made (subscriptions, ebook purchases, gifts). */
export async function grantsOfOrders(orderIds: string[]) {
  if (orderIds.length === 0) return { orderSubscriptions: [], orderPurchases: [], orderGifts: [] };
  const db = getDb();
  const [orderSubscriptions, orderPurchases, orderGifts] = await Promise.all([
    db
      .select({ orderId: userSubscriptions.orderId, status: userSubscriptions.status })
      .from(userSubscriptions)
      .where(inArray(userSubscriptions.orderId, orderIds)),
    db
      .select({ orderId: ebookPurchases.orderId, revokedAt: ebookPurchases.revokedAt })
      .from(ebookPurchases)
      .where(inArray(ebookPurchases.orderId, orderIds)),
    db.select({ orderId: gifts.orderId, status: gifts.status }).from(gifts).where(inArray(gifts.orderId, orderIds)),
  ]);
  return { orderSubscriptions, orderPurchases, orderGifts };
}

/** The card was charged and no plan was extended, and no admin has resolved it yet (what was done is noted on it). */
export function unmatchedChargesIn(inRange: InRange) {
  return getDb()
    .select({ note: cardRenewalEvents.note, trackingId: cardRenewalEvents.gatewayTrackingId })
    .from(cardRenewalEvents)
    .where(
      and(
        isNull(cardRenewalEvents.cardRenewalId),
        isNull(cardRenewalEvents.resolvedAt),
        inRange(cardRenewalEvents.createdAt),
      ),
    )
    .orderBy(asc(cardRenewalEvents.createdAt));
}
