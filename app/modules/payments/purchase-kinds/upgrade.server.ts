// A plan bought as an upgrade now, paying the difference after her credit (ADR 039): the running period ends and
// the new plan starts. Taken back: the new period, and the period it ended comes back while its own payment stands.
import { revokeOrder } from "~/modules/membership/grants.server";
import { grantUpgrade, restoreAfterUpgradeRevoked } from "~/modules/membership/upgrades.server";
import type { PurchaseKind } from "./types";

export const upgradeKind: PurchaseKind = {
  name: "upgrade",
  grant: grantUpgrade,
  async takeBack(tx, order, now) {
    await revokeOrder(tx, order, now);
    return restoreAfterUpgradeRevoked(tx, order, now);
  },
};
