import type { AdminOrder } from "~/modules/payments/admin-orders.server";
import { paymentCheckOffered } from "~/modules/orders/admin-order-forms";
import { priceCountryEvidence } from "~/modules/pricing/charging-country-text";
import { formatKesCents, formatMinorUnits } from "~/modules/pricing/money";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { CardRenewal } from "./card-renewal";
import { CheckPaymentForm } from "./check-payment-form";
import { OfferCodeDiscount } from "./offer-code-discount";
import { OrderSection, When, type StatusLabel } from "./order-section";
import { UpgradeCredit } from "./upgrade-credit";
import { itemWordsOf } from "~/modules/membership/purchase-kind-words";

const term = "font-medium text-gray-700";

/** The order's facts: who, what, what was charged and shown, when, and Pesapal's id; and the check with Pesapal. */
export function OrderSummary({ order, label }: { order: AdminOrder["order"]; label: StatusLabel }) {
  return (
    <OrderSection id="order-summary" title="Summary">
      <dl className="mt-3 grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
        <dt className={term}>Status</dt>
        <dd data-testid="order-status">
          <OrderStatusBadge status={order.status} label={label(order.status)} />
        </dd>
        <dt className={term}>Reader</dt>
        <dd className="break-all text-gray-900">
          {order.fullName ? `${order.fullName}, ` : ""}
          {order.email}
        </dd>
        <dt className={term}>Member now</dt>
        <dd className="text-gray-900" data-testid="order-member-standing">
          {order.memberStanding ?? "No plan"}
        </dd>
        <dt className={term}>{itemWordsOf(order).label}</dt>
        <dd className="text-gray-900">{order.item}</dd>
        <OfferCodeDiscount order={order} />
        <UpgradeCredit upgrade={order.upgrade} />
        <dt className={term}>Charged</dt>
        <dd className="font-semibold text-gray-900">{formatKesCents(order.amountCents)}</dd>
        <dt className={term}>Shown</dt>
        <dd className="text-gray-900">
          {formatMinorUnits(order.displayAmount, order.displayCurrency, "en-KE")} ({order.countryCode}); base price{" "}
          {formatKesCents(order.basePriceCents)}
        </dd>
        <dt className={term}>Price country</dt>
        <dd className="text-gray-900" data-testid="order-price-country">
          {priceCountryEvidence(order)}
        </dd>
        <dt className={term}>Ordered</dt>
        <dd className="text-gray-900">
          <When iso={order.createdAt} />
        </dd>
        <dt className={term}>Paid</dt>
        <dd className="text-gray-900">
          <When iso={order.completedAt} />
        </dd>
        <dt className={term}>Pesapal id</dt>
        <dd className="font-mono text-xs break-all text-gray-900">{order.trackingId ?? "—"}</dd>
        <CardRenewal renewal={order.cardRenewal} />
      </dl>
      {paymentCheckOffered(order) ? <CheckPaymentForm /> : null}
    </OrderSection>
  );
}
