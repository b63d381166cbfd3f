import type { AdminOrder } from "~/modules/payments/admin-orders.server";
import { OrderSection, When } from "./order-section";

/** What the order gave the reader (a plan's period or an ebook), and whether it still holds. */
export function OrderGrants({ grants }: { grants: AdminOrder["grants"] }) {
  return (
    <OrderSection id="order-grants" title="What it granted">
      {grants.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">Nothing.</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {grants.map((g) => (
            <li key={g.id} data-testid="order-grant">
              <p className="text-gray-900">
                {g.what}: <span className="font-semibold">{g.words}</span>
              </p>
              <p className="text-xs text-gray-700">
                From <When iso={g.from} />
                {g.until ? (
                  <>
                    {" "}
                    {g.state === "revoked" ? "· revoked" : "until"} <When iso={g.until} />
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </OrderSection>
  );
}
