// The money reconciliation (ADR 018): for a date range, the payments Pesapal verified, the refunds it accepted and the
// grants the shop made, and every place where they disagree. Used by `npm run reconcile` and /admin/orders/reconciliation.
// A difference is one of:
//  - a paid order (completed, partly or fully refunded) without a verified COMPLETED payment;
//  - a payment whose amount or currency disagrees with its order (completed or partly refunded), a purchase whose
//    price paid disagrees, or refunds adding up to more than the payment;
//  - a completed or partly refunded order that granted nothing (or whose grant was revoked; a gift not yet claimed
//    counts as its grant, ADR 038);
//  - a grant that gives access without a paid order (except trials and periods an admin gave by hand with a reason);
//  - a full refund or reversal whose order still gives access (not matched by a revocation), or a refund the order's
//    status does not show;
//  - a scheduled card charge whose status answer names no agreement of ours (held for review by the IPN handler).
// Orders waiting for review are listed, not counted: they are known and wait for a person.
import { and, asc, eq, gte, inArray, isNull, lt, or } from "drizzle-orm";
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
import { revenueCents, type Revenue } from "./revenue.server";
import { ORDER_STATUS_LABELS, PAID_STATUSES, type OrderStatus } from "~/modules/orders/order-transitions";
import { paymentMethodLabel } from "~/modules/orders/payment-method";
import { orderLineColumns } from "~/modules/orders/order-with-buyer.server";
import { paymentStands } from "~/modules/membership/membership-state";
import { parseNairobiDay } from "~/lib/nairobi-time";

/** A refund's state as the admin reads it (schema: refund_status). */
const REFUND_STATUS_LABELS = {
  requesting: "being requested",
  accepted: "accepted by Pesapal",
  refused: "refused by Pesapal",
  unconfirmed: "outcome unknown: check with Pesapal",
} as const;

export type DifferenceKind =
  | "paid order without a verified payment"
  | "amounts disagree"
  | "verified payment without a grant"
  | "grant without a paid order"
  | "refund or reversal not matched by a revocation"
  | "refund not shown on the order"
  | "scheduled card charge matching no agreement";

export interface Difference {
  kind: DifferenceKind;
  reference: string | null;
  orderId: string | null;
  detail: string;
}

export interface ReconciliationReport {
  /** yyyy-mm-dd, Nairobi days, inclusive. */
  from: string;
  to: string;
  payments: {
    orderId: string;
    reference: string;
    verifiedAt: string;
    amountCents: number;
    currency: string;
    method: string | null;
    confirmationCode: string | null;
    orderStatus: OrderStatus;
    orderStatusLabel: string;
    /** Whether it counts as revenue (its order stands as paid). */
    counted: boolean;
  }[];
  refunds: {
    orderId: string;
    reference: string;
    at: string;
    amountCents: number;
    currency: string;
    full: boolean;
    status: keyof typeof REFUND_STATUS_LABELS;
    statusLabel: string;
    reason: string;
    by: string | null;
  }[];
  grants: {
    id: string;
    kind: "subscription" | "ebook";
    email: string;
    orderId: string | null;
    reference: string | null;
    source: "order" | "trial" | "by hand" | "none";
    live: boolean;
    createdAt: string;
    reason: string | null;
  }[];
  review: { orderId: string; reference: string; amountCents: number; createdAt: string }[];
  totals: Revenue;
  differences: Difference[];
}

const DAY_MS = 86_400_000;

/** The instant a Nairobi (UTC+3) day starts. */
function dayStart(day: string): Date {
  const start = parseNairobiDay(day);
  if (!start) throw new RangeError(`Not a date: ${day}`);
  return start;
}

const PAID: readonly OrderStatus[] = PAID_STATUSES;
/** Orders that may hold a live grant: paid, or refunded in part (a partial card refund keeps access). */

export async function reconcile(range: { from: string; to: string }): Promise<ReconciliationReport> {
  const start = dayStart(range.from);
  const end = new Date(dayStart(range.to).getTime() + DAY_MS);
  if (end <= start) throw new RangeError("The range ends before it starts");
  const db = getDb();
  const inRange = (column: Parameters<typeof gte>[0]) => and(gte(column, start), lt(column, end));

  const [orderRows, paymentRows, refundRows, subscriptionRows, purchaseRows] = await Promise.all([
    db
      .select({ ...orderLineColumns, zeroAmountReason: orders.zeroAmountReason })
      .from(orders)
      .where(inRange(orders.createdAt))
      .orderBy(asc(orders.createdAt)),
    db
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
      .orderBy(asc(payments.verifiedAt)),
    db
      .select({
        orderId: refunds.orderId,
        reference: orders.merchantReference,
        paymentId: refunds.paymentId,
        amountCents: refunds.amountCents,
        currency: refunds.currency,
        full: refunds.full,
        status: refunds.status,
        reason: refunds.reason,
        createdAt: refunds.createdAt,
        answeredAt: refunds.answeredAt,
        by: users.email,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .leftJoin(users, eq(users.id, refunds.requestedBy))
      .where(or(inRange(refunds.createdAt), inRange(orders.createdAt)))
      .orderBy(asc(refunds.createdAt)),
    db
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
      .where(or(inRange(userSubscriptions.createdAt), inRange(orders.createdAt))),
    db
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
      .where(or(inRange(ebookPurchases.createdAt), inRange(orders.createdAt))),
  ]);

  const differences: Difference[] = [];
  const differ = (kind: DifferenceKind, order: { id: string; reference: string } | null, detail: string) =>
    differences.push({ kind, reference: order?.reference ?? null, orderId: order?.id ?? null, detail });

  const paymentsByOrder = group(paymentRows, (p) => p.orderId);
  const acceptedByOrder = group(
    refundRows.filter((r) => r.status === "accepted"),
    (r) => r.orderId,
  );
  const orderIds = orderRows.map((o) => o.id);
  // Grants of the orders in range, wherever their rows were made.
  const [orderSubscriptions, orderPurchases, orderGifts] =
    orderIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .select({ orderId: userSubscriptions.orderId, status: userSubscriptions.status })
            .from(userSubscriptions)
            .where(inArray(userSubscriptions.orderId, orderIds)),
          db
            .select({ orderId: ebookPurchases.orderId, revokedAt: ebookPurchases.revokedAt })
            .from(ebookPurchases)
            .where(inArray(ebookPurchases.orderId, orderIds)),
          db
            .select({ orderId: gifts.orderId, status: gifts.status })
            .from(gifts)
            .where(inArray(gifts.orderId, orderIds)),
        ]);
  // A gift paid and not yet claimed (ADR 038) is what its order gave: held for the recipient, counted as a live grant.
  const giftsHeld = new Set(
    orderGifts.filter((g) => g.status === "paid" || g.status === "unclaimed").map((g) => g.orderId),
  );
  const subscriptionsByOrder = group(orderSubscriptions, (s) => s.orderId!);
  const purchasesByOrder = group(orderPurchases, (p) => p.orderId!);

  for (const order of orderRows) {
    const paid = paymentsByOrder.get(order.id) ?? [];
    const accepted = acceptedByOrder.get(order.id) ?? [];
    const subs = subscriptionsByOrder.get(order.id) ?? [];
    const purchases = purchasesByOrder.get(order.id) ?? [];
    const held = giftsHeld.has(order.id) ? 1 : 0;
    const grants = subs.length + purchases.length + held;
    const live =
      subs.filter((s) => s.status !== "revoked").length + purchases.filter((p) => !p.revokedAt).length + held;
    const payment = paid.at(-1);
    if (PAID.includes(order.status)) {
      // CASE: an offer code brought it to zero (ADR 037) -> its recorded reason stands in for the payment.
      const zeroAmount = order.amountCents === 0 && order.zeroAmountReason !== null;
      if (!payment && !zeroAmount) differ("paid order without a verified payment", order, `order is ${order.status}`);
    }
    if (paymentStands(order.status)) {
      if (payment && (payment.amountCents !== order.amountCents || payment.currency !== order.currency)) {
        differ(
          "amounts disagree",
          order,
          `payment ${payment.currency} ${payment.amountCents} cents, order ${order.currency} ${order.amountCents} cents`,
        );
      }
      if (grants === 0) differ("verified payment without a grant", order, `order is ${order.status}, nothing granted`);
      else if (live === 0) differ("verified payment without a grant", order, `order is ${order.status}, grant revoked`);
    }
    if ((order.status === "refunded" || order.status === "reversed") && live > 0) {
      differ("refund or reversal not matched by a revocation", order, `order is ${order.status}, access still given`);
    }
    const refundedCents = accepted.reduce((sum, r) => sum + r.amountCents, 0);
    if (payment && refundedCents > payment.amountCents) {
      differ("amounts disagree", order, `refunds ${refundedCents} cents exceed the payment ${payment.amountCents}`);
    }
    const fullRefund = accepted.some((r) => r.full);
    if (accepted.length > 0) {
      const expected: OrderStatus = fullRefund ? "refunded" : "partially_refunded";
      // A reversal after the refund request ends the order anyway.
      if (order.status !== expected && order.status !== "reversed") {
        differ(
          "refund not shown on the order",
          order,
          `accepted ${fullRefund ? "full" : "partial"} refund, order is ${order.status}`,
        );
      }
    } else if (order.status === "refunded" || order.status === "partially_refunded") {
      differ("refund not shown on the order", order, `order is ${order.status} without an accepted refund`);
    }
  }

  const grants: ReconciliationReport["grants"] = [];
  for (const s of subscriptionRows) {
    const live = s.status !== "revoked" && s.status !== "pending";
    const source = s.orderId ? "order" : s.isTrial ? "trial" : s.reason ? "by hand" : "none";
    grants.push({
      id: s.id,
      kind: "subscription",
      email: s.email,
      orderId: s.orderId,
      reference: s.reference,
      source,
      live,
      createdAt: s.createdAt.toISOString(),
      reason: s.reason,
    });
    if (!live) continue;
    const order = s.orderId ? { id: s.orderId, reference: s.reference! } : null;
    if (source === "none")
      differ("grant without a paid order", null, `subscription ${s.id} of ${s.email} has no order`);
    if (order && !paymentStands(s.orderStatus)) {
      differ(
        "grant without a paid order",
        order,
        `subscription of ${s.email} is ${s.status}, order is ${s.orderStatus}`,
      );
    }
  }
  for (const p of purchaseRows) {
    const live = !p.revokedAt;
    grants.push({
      id: p.id,
      kind: "ebook",
      email: p.email,
      orderId: p.orderId,
      reference: p.reference,
      source: p.orderId ? "order" : "none",
      live,
      createdAt: p.createdAt.toISOString(),
      reason: null,
    });
    const order = p.orderId ? { id: p.orderId, reference: p.reference! } : null;
    if (order && p.pricePaidCents !== null && p.pricePaidCents !== p.orderAmountCents) {
      differ("amounts disagree", order, `purchase price ${p.pricePaidCents} cents, order ${p.orderAmountCents} cents`);
    }
    if (!live) continue;
    if (!order) differ("grant without a paid order", null, `ebook purchase ${p.id} of ${p.email} has no order`);
    else if (!paymentStands(p.orderStatus)) {
      differ("grant without a paid order", order, `ebook purchase of ${p.email}, order is ${p.orderStatus}`);
    }
  }
  // The card was charged and no plan was extended: a person finds the reader's agreement or refunds the charge.
  const unmatchedCharges = await db
    .select({ note: cardRenewalEvents.note, trackingId: cardRenewalEvents.gatewayTrackingId })
    .from(cardRenewalEvents)
    // Resolved by an admin (what was done is noted on the charge): no longer a difference.
    .where(
      and(
        isNull(cardRenewalEvents.cardRenewalId),
        isNull(cardRenewalEvents.resolvedAt),
        inRange(cardRenewalEvents.createdAt),
      ),
    )
    .orderBy(asc(cardRenewalEvents.createdAt));
  for (const charge of unmatchedCharges) {
    differ(
      "scheduled card charge matching no agreement",
      null,
      `Pesapal ${charge.trackingId ?? "(no tracking id)"}: ${charge.note ?? "no details"}`,
    );
  }
  // One order can trip the same check from both sides (its grant listed in range, and the order): report it once.
  const seen = new Set<string>();
  const unique = differences.filter((d) => {
    const key = `${d.kind}|${d.orderId}|${d.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  const totals = await revenueBetween(start, end);
  return {
    from: range.from,
    to: range.to,
    payments: paymentRows
      .filter((p) => p.verifiedAt >= start && p.verifiedAt < end)
      .map((p) => ({
        orderId: p.orderId,
        reference: p.reference,
        verifiedAt: p.verifiedAt.toISOString(),
        amountCents: p.amountCents,
        currency: p.currency,
        method: paymentMethodLabel(p.method),
        confirmationCode: p.confirmationCode,
        orderStatus: p.orderStatus,
        orderStatusLabel: ORDER_STATUS_LABELS[p.orderStatus],
        counted: PAID.includes(p.orderStatus),
      })),
    refunds: refundRows
      .filter((r) => r.createdAt >= start && r.createdAt < end)
      .map((r) => ({
        orderId: r.orderId,
        reference: r.reference,
        at: (r.answeredAt ?? r.createdAt).toISOString(),
        amountCents: r.amountCents,
        currency: r.currency,
        full: r.full,
        status: r.status,
        statusLabel: REFUND_STATUS_LABELS[r.status],
        reason: r.reason,
        by: r.by,
      })),
    grants: grants.sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    review: orderRows
      .filter((o) => o.status === "review")
      .map((o) => ({
        orderId: o.id,
        reference: o.reference,
        amountCents: o.amountCents,
        createdAt: o.createdAt.toISOString(),
      })),
    totals,
    differences: unique,
  };
}

/** Revenue of payments verified and refunds accepted within [start, end). */
async function revenueBetween(start: Date, end: Date): Promise<Revenue> {
  const [fromStart, fromEnd] = await Promise.all([revenueCents(start), revenueCents(end)]);
  return {
    paymentsCents: fromStart.paymentsCents - fromEnd.paymentsCents,
    refundsCents: fromStart.refundsCents - fromEnd.refundsCents,
    netCents: fromStart.netCents - fromEnd.netCents,
    payments: fromStart.payments - fromEnd.payments,
    refunds: fromStart.refunds - fromEnd.refunds,
  };
}

function group<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}
