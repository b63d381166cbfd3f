import type { AdminOrder } from "~/modules/payments/admin-orders.server";
import { OrderSection, When } from "./order-section";

/** The activity log's entries about this order and the periods granted by hand to its reader, newest first. */
export function MoneyActivity({ activity }: { activity: AdminOrder["activity"] }) {
  return (
    <OrderSection id="order-activity" title="Admin money actions" className="mt-6">
      {activity.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">None yet.</p>
      ) : (
        <ol className="mt-3 divide-y divide-gray-100 text-sm">
          {activity.map((a) => (
            <li key={a.id} className="py-2" data-testid="order-activity">
              <p className="break-words text-gray-900">
                <span className="font-semibold capitalize">{a.action}</span>: {a.summary}
              </p>
              <p className="text-xs text-gray-600">
                {a.actorEmail ?? "A removed account"} · <When iso={a.createdAt} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </OrderSection>
  );
}
