import type { AdminOrder } from "~/modules/payments/admin-orders.server";
import { formatKesCents } from "~/modules/pricing/money";

/** The summary's upgrade line: the plan the upgrade ended and the credit for its unused part (ADR 039). */
export function UpgradeCredit({ upgrade }: { upgrade: AdminOrder["order"]["upgrade"] }) {
  if (!upgrade) return null;
  return (
    <>
      <dt className="font-medium text-gray-700">Upgrade</dt>
      <dd className="text-gray-900" data-testid="order-upgrade">
        From the {upgrade.fromPlan ?? "plan it ended (no longer on record)"}: credit −
        {formatKesCents(upgrade.creditCents)} for its unused part
        {upgrade.roundedOffCents ? `; ${formatKesCents(upgrade.roundedOffCents)} rounded off to whole shillings` : ""}
      </dd>
    </>
  );
}
