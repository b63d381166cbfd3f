import type { AdminOrder } from "~/modules/payments/admin-orders.server";
import { OrderSection, When, type StatusLabel } from "./order-section";

/** Every status the order has had, with what moved it (checkout, IPN, callback, poll, admin, refund) and when. */
export function StatusHistory({ history, label }: { history: AdminOrder["history"]; label: StatusLabel }) {
  return (
    <OrderSection id="order-history" title="Status history">
      <ol className="mt-3 space-y-3 text-sm">
        {history.map((h) => (
          <li key={h.id} data-testid="order-history">
            <p className="text-gray-900">
              {h.from ? `${label(h.from)} → ` : ""}
              <span className="font-semibold">{label(h.to)}</span> <span className="text-gray-700">({h.source})</span>
            </p>
            <p className="text-xs text-gray-600">
              <When iso={h.at} />
            </p>
            {h.note ? <p className="text-xs break-words text-gray-700">{h.note}</p> : null}
          </li>
        ))}
      </ol>
    </OrderSection>
  );
}
