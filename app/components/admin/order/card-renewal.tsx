import { Link } from "react-router";
import type { AdminOrder } from "~/modules/payments/admin-orders.server";

/** The summary's card renewal line (ADR 019): the agreement this order started, or whose scheduled charge it is. */
export function CardRenewal({ renewal }: { renewal: AdminOrder["order"]["cardRenewal"] }) {
  if (!renewal) return null;
  return (
    <>
      <dt className="font-medium text-gray-700">Card renewal</dt>
      <dd className="break-words text-gray-900" data-testid="order-card-renewal">
        {renewal.role === "charge" ? (
          <>
            Scheduled charge of{" "}
            <Link to={`/admin/orders/${renewal.firstOrderId}`} className="underline">
              {renewal.accountNumber}
            </Link>
          </>
        ) : (
          <>Opted in: {renewal.accountNumber}</>
        )}{" "}
        ({renewal.status})
      </dd>
    </>
  );
}
