import type { AdminOrder } from "~/modules/payments/admin-orders.server";
import { formatKesCents } from "~/modules/pricing/money";

/** The summary's offer code line: the price before it, what it took off, and a zero order's reason (ADR 037). */
export function OfferCodeDiscount({ order }: { order: AdminOrder["order"] }) {
  if (!order.offerCode) return null;
  return (
    <>
      <dt className="font-medium text-gray-700">Offer code</dt>
      <dd className="text-gray-900" data-testid="order-offer-code">
        <span className="font-mono">{order.offerCode}</span>: {formatKesCents(order.priceBeforeCodeCents ?? 0)} before,
        −{formatKesCents(order.codeDiscountCents ?? 0)}
        {order.zeroAmountReason ? ` · completed without payment (${order.zeroAmountReason})` : ""}
      </dd>
    </>
  );
}
