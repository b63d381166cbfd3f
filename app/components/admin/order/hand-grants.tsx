import type { AdminOrder } from "~/modules/payments/admin-orders.server";
import { GrantForm } from "./grant-form";
import { lastResultFor } from "./order-form-results";
import { OrderSection, When } from "./order-section";

/** The periods given to this order's reader by hand, and the form to give one more. */
export function HandGrants({
  email,
  handGrants,
  plans,
  actionData,
}: {
  email: string;
  handGrants: AdminOrder["handGrants"];
  plans: AdminOrder["plans"];
  actionData: unknown;
}) {
  return (
    <OrderSection id="order-grant-form" title="Grant or extend a subscription by hand" className="mt-6">
      <p className="mt-2 text-sm text-gray-700">
        For a goodwill period or a proven technical error. No order is made: the period records who gave it and why. If{" "}
        {email} has a plan running, the new period starts when her last one ends.
      </p>
      {handGrants.length > 0 ? (
        <ul className="mt-3 divide-y divide-gray-100 text-sm">
          {handGrants.map((g) => (
            <li key={g.id} className="py-2" data-testid="hand-grant">
              <p className="text-gray-900">
                {g.planName}: {g.status}, <When iso={g.startDate} /> to <When iso={g.endDate} />
              </p>
              <p className="text-xs break-words text-gray-700">
                {g.by ?? "A removed account"} · <When iso={g.createdAt} /> · Reason: {g.reason}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <GrantForm plans={plans} lastResult={lastResultFor(actionData, "grant")} />
    </OrderSection>
  );
}
