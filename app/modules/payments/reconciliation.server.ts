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
import {
  grantsOfOrders,
  rangeCondition,
  rowsInRange,
  unmatchedChargesIn,
  type RangeRows,
} from "./reconciliation-rows.server";
import { revenueCents, type Revenue } from "./revenue.server";
import { ORDER_STATUS_LABELS, PAID_STATUSES, type OrderStatus } from "~/modules/orders/order-transitions";
import { paymentMethodLabel } from "~/modules/orders/payment-method";
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

/** Notes one difference; one order may be noted more than once (uniqueDifferences keeps one of each). */
type Differ = (kind: DifferenceKind, order: { id: string; reference: string } | null, detail: string) => void;

export async function reconcile(range: { from: string; to: string }): Promise<ReconciliationReport> {
  const start = dayStart(range.from);
  const end = new Date(dayStart(range.to).getTime() + DAY_MS);
  if (end <= start) throw new RangeError("The range ends before it starts");
  const inRange = rangeCondition(start, end);
  const rows = await rowsInRange(inRange);

  const differences: Difference[] = [];
  const differ: Differ = (kind, order, detail) =>
    differences.push({ kind, reference: order?.reference ?? null, orderId: order?.id ?? null, detail });
  await compareOrders(rows, differ);
  const grants = [
    ...rows.subscriptionRows.map((s) => subscriptionGrant(s, differ)),
    ...rows.purchaseRows.map((p) => purchaseGrant(p, differ)),
  ];
  // The card was charged and no plan was extended: a person finds the reader's agreement or refunds the charge.
  for (const charge of await unmatchedChargesIn(inRange)) {
    differ(
      "scheduled card charge matching no agreement",
      null,
      `Pesapal ${charge.trackingId ?? "(no tracking id)"}: ${charge.note ?? "no details"}`,
    );
  }

  const totals = await revenueBetween(start, end);
  return {
    from: range.from,
    to: range.to,
    payments: paymentLines(rows.paymentRows, start, end),
    refunds: refundLines(rows.refundRows, start, end),
    grants: grants.sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
    review: reviewLines(rows.orderRows),
    totals,
    differences: uniqueDifferences(differences),
  };
}

type OrderRow = RangeRows["orderRows"][number];
type PaymentRow = RangeRows["paymentRows"][number];
type RefundRow = RangeRows["refundRows"][number];

/** What an order in range has: its last verified payment, its accepted refunds, and how many grants (and live ones). */
interface OrderFacts {
  payment: PaymentRow | undefined;
  accepted: RefundRow[];
  grants: number;
  live: number;
}

/** Checks every order in range against its payments, refunds and grants. */
async function compareOrders(rows: RangeRows, differ: Differ): Promise<void> {
  const paymentsByOrder = group(rows.paymentRows, (p) => p.orderId);
  const acceptedByOrder = group(
    rows.refundRows.filter((r) => r.status === "accepted"),
    (r) => r.orderId,
  );
  const grantsOf = await grantCounter(rows.orderRows.map((o) => o.id));
  for (const order of rows.orderRows) {
    const facts: OrderFacts = {
      payment: (paymentsByOrder.get(order.id) ?? []).at(-1),
      accepted: acceptedByOrder.get(order.id) ?? [],
      ...grantsOf(order.id),
    };
    checkPayment(order, facts, differ);
    checkGrants(order, facts, differ);
    checkRefunds(order, facts, differ);
  }
}

/** How many grants each order made, and how many of them still give access. */
async function grantCounter(orderIds: string[]): Promise<(orderId: string) => { grants: number; live: number }> {
  const { orderSubscriptions, orderPurchases, orderGifts } = await grantsOfOrders(orderIds);
  // A gift paid and not yet claimed (ADR 038) is what its order gave: held for the recipient, counted as a live grant.
  const giftsHeld = new Set(
    orderGifts.filter((g) => g.status === "paid" || g.status === "unclaimed").map((g) => g.orderId),
  );
  const subscriptionsByOrder = group(orderSubscriptions, (s) => s.orderId!);
  const purchasesByOrder = group(orderPurchases, (p) => p.orderId!);
  return (orderId) => {
    const subs = subscriptionsByOrder.get(orderId) ?? [];
    const purchases = purchasesByOrder.get(orderId) ?? [];
    const held = giftsHeld.has(orderId) ? 1 : 0;
    return {
      grants: subs.length + purchases.length + held,
      live: subs.filter((s) => s.status !== "revoked").length + purchases.filter((p) => !p.revokedAt).length + held,
    };
  };
}

function checkPayment(order: OrderRow, { payment }: OrderFacts, differ: Differ): void {
  if (PAID.includes(order.status)) {
    // CASE: an offer code brought it to zero (ADR 037) -> its recorded reason stands in for the payment.
    const zeroAmount = order.amountCents === 0 && order.zeroAmountReason !== null;
    if (!payment && !zeroAmount) differ("paid order without a verified payment", order, `order is ${order.status}`);
  }
  if (
    paymentStands(order.status) &&
    payment &&
    (payment.amountCents !== order.amountCents || payment.currency !== order.currency)
  ) {
    differ(
      "amounts disagree",
      order,
      `payment ${payment.currency} ${payment.amountCents} cents, order ${order.currency} ${order.amountCents} cents`,
    );
  }
}

function checkGrants(order: OrderRow, { grants, live }: OrderFacts, differ: Differ): void {
  if (paymentStands(order.status)) {
    if (grants === 0) differ("verified payment without a grant", order, `order is ${order.status}, nothing granted`);
    else if (live === 0) differ("verified payment without a grant", order, `order is ${order.status}, grant revoked`);
  }
  if ((order.status === "refunded" || order.status === "reversed") && live > 0) {
    differ("refund or reversal not matched by a revocation", order, `order is ${order.status}, access still given`);
  }
}

function checkRefunds(order: OrderRow, { payment, accepted }: OrderFacts, differ: Differ): void {
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

type Grant = ReconciliationReport["grants"][number];

/** A subscription in range as a grant line; a live one without a paid order is a difference. */
function subscriptionGrant(s: RangeRows["subscriptionRows"][number], differ: Differ): Grant {
  const live = s.status !== "revoked" && s.status !== "pending";
  const source = s.orderId ? "order" : s.isTrial ? "trial" : s.reason ? "by hand" : "none";
  if (live) {
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
  return {
    id: s.id,
    kind: "subscription",
    email: s.email,
    orderId: s.orderId,
    reference: s.reference,
    source,
    live,
    createdAt: s.createdAt.toISOString(),
    reason: s.reason,
  };
}

/** An ebook purchase in range as a grant line; a price unlike its order's, or a live one without a paid order, differs. */
function purchaseGrant(p: RangeRows["purchaseRows"][number], differ: Differ): Grant {
  const live = !p.revokedAt;
  const order = p.orderId ? { id: p.orderId, reference: p.reference! } : null;
  if (order && p.pricePaidCents !== null && p.pricePaidCents !== p.orderAmountCents) {
    differ("amounts disagree", order, `purchase price ${p.pricePaidCents} cents, order ${p.orderAmountCents} cents`);
  }
  if (live) {
    if (!order) differ("grant without a paid order", null, `ebook purchase ${p.id} of ${p.email} has no order`);
    else if (!paymentStands(p.orderStatus)) {
      differ("grant without a paid order", order, `ebook purchase of ${p.email}, order is ${p.orderStatus}`);
    }
  }
  return {
    id: p.id,
    kind: "ebook",
    email: p.email,
    orderId: p.orderId,
    reference: p.reference,
    source: p.orderId ? "order" : "none",
    live,
    createdAt: p.createdAt.toISOString(),
    reason: null,
  };
}

/** One order can trip the same check from both sides (its grant listed in range, and the order): report it once. */
function uniqueDifferences(differences: Difference[]): Difference[] {
  const seen = new Set<string>();
  return differences.filter((d) => {
    const key = `${d.kind}|${d.orderId}|${d.detail}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The payments verified within [start, end) (the rows also hold those of orders made in range, verified later). */
function paymentLines(rows: PaymentRow[], start: Date, end: Date): ReconciliationReport["payments"] {
  return rows
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
    }));
}

/** The refunds asked for within [start, end). */
function refundLines(rows: RefundRow[], start: Date, end: Date): ReconciliationReport["refunds"] {
  return rows
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
    }));
}

/** Orders waiting for review: listed, not counted. */
function reviewLines(rows: OrderRow[]): ReconciliationReport["review"] {
  return rows
    .filter((o) => o.status === "review")
    .map((o) => ({
      orderId: o.id,
      reference: o.reference,
      amountCents: o.amountCents,
      createdAt: o.createdAt.toISOString(),
    }));
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
