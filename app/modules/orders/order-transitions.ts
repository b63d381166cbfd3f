// What a verified gateway answer does to an order: pure, so the whole table is unit-tested. The transaction in
// payment-verification.server.ts applies the decision with the order row locked.
export type OrderStatus =
  | "pending"
  | "completed"
  | "failed"
  | "reversed"
  | "cancelled"
  | "review"
  | "abandoned"
  | "refunded"
  | "partially_refunded";

/** Orders whose payment counts as revenue (less its refunds), and which may hold a live grant (partial refunds keep it). */
export const PAID_STATUSES = ["completed", "partially_refunded", "refunded"] as const satisfies readonly OrderStatus[];

export interface GatewayReport {
  /** Pesapal's status_code: 0 not paid yet (INVALID), 1 COMPLETED, 2 FAILED, 3 REVERSED. */
  statusCode: 0 | 1 | 2 | 3;
  amountCents: number;
  currency: string;
  merchantReference: string;
}

export interface OrderTerms {
  status: OrderStatus;
  amountCents: number;
  currency: string;
  merchantReference: string;
}

export interface Decision {
  /** The new status, or null to leave the order as it is. */
  to: OrderStatus | null;
  effect: "grant" | "revoke" | "none";
  /** Why, for the status history and logs. */
  reason: string;
}

const keep = (reason: string): Decision => ({ to: null, effect: "none", reason });

/** Differences between what we asked for and what the gateway says was paid; empty when they agree. */
export function mismatches(order: OrderTerms, report: GatewayReport): string[] {
  const found: string[] = [];
  if (report.merchantReference !== order.merchantReference) {
    found.push(`reference ${report.merchantReference || "(none)"}, expected ${order.merchantReference}`);
  }
  if (report.currency.toUpperCase() !== order.currency)
    found.push(`currency ${report.currency}, expected ${order.currency}`);
  if (report.amountCents !== order.amountCents)
    found.push(`amount ${report.amountCents} cents, expected ${order.amountCents}`);
  return found;
}

export function decideTransition(order: OrderTerms, report: GatewayReport): Decision {
  // CASE: abandoned (still unpaid after the last scheduled check) -> money Pesapal takes later is still honoured.
  const open = order.status === "pending" || order.status === "failed" || order.status === "abandoned";
  switch (report.statusCode) {
    case 0:
      return keep("not paid yet");
    case 1: {
      const wrong = mismatches(order, report);
      if (wrong.length > 0) {
        // CASE: paid, but not what this order asked for -> nothing granted; a person looks at it.
        return open
          ? { to: "review", effect: "none", reason: `payment does not match: ${wrong.join("; ")}` }
          : keep(`ignored a mismatching COMPLETED (${wrong.join("; ")})`);
      }
      // CASE: a buyer may retry a failed card on the same order -> failed can still complete.
      if (open) return { to: "completed", effect: "grant", reason: "payment completed" };
      return keep(`already ${order.status}`);
    }
    case 2:
      return order.status === "pending"
        ? { to: "failed", effect: "none", reason: "payment failed" }
        : keep(`already ${order.status}`);
    case 3:
      // CASE: a partial card refund kept access; the payment reversed after all (the rest charged back, or the
      // refund effected as a reversal) -> access ends.
      if (order.status === "completed" || order.status === "partially_refunded") {
        return { to: "reversed", effect: "revoke", reason: "payment reversed" };
      }
      // CASE: refunded in full -> access already ended; REVERSED is how Pesapal may report the refund effected.
      if (order.status === "reversed" || order.status === "cancelled" || order.status === "refunded") {
        return keep(`already ${order.status}`);
      }
      return { to: "reversed", effect: "none", reason: "payment reversed (nothing was granted)" };
  }
}

/** An order status as people read it (admin screens, reconciliation): never the raw code. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  review: "Needs review",
  pending: "Pending",
  completed: "Completed",
  partially_refunded: "Partly refunded",
  refunded: "Refunded",
  failed: "Failed",
  reversed: "Reversed",
  cancelled: "Cancelled",
  abandoned: "Abandoned",
};
