import type { AdminOrder } from "~/modules/payments/admin-orders.server";
import { paymentMethodLabel } from "~/modules/orders/payment-method";
import { formatKesCents } from "~/modules/pricing/money";
import { OrderSection, When, type StatusLabel } from "./order-section";

/** What Pesapal reported for this order, each answer verified with its status query (IPN, callback, poll, admin). */
export function PesapalPayments({ payments, label }: { payments: AdminOrder["payments"]; label: StatusLabel }) {
  return (
    <OrderSection id="order-payments" title="Verified answers from Pesapal">
      {payments.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">Pesapal has not reported a payment for this order.</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100 text-sm">
          {payments.map((p) => (
            <li key={p.id} className="py-2" data-testid="order-payment">
              <p className="text-gray-900">
                <span className="font-semibold">{label(p.status)}</span>:{" "}
                {p.currency === "KES" ? formatKesCents(p.amountCents) : `${p.currency} ${p.amountCents / 100}`}
                {p.method ? ` by ${paymentMethodLabel(p.method)}` : ""}
              </p>
              <p className="text-xs break-all text-gray-700">
                {p.confirmationCode ? `Confirmation ${p.confirmationCode} · ` : ""}verified <When iso={p.verifiedAt} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </OrderSection>
  );
}
