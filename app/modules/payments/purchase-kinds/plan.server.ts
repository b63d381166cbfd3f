// A plan period (or a pass: a plan of days) bought for herself: a period of the plan, queued behind a running one.
import { grantOrder, revokeOrder } from "~/modules/membership/grants.server";
import type { PurchaseKind } from "./types";

export const planKind: PurchaseKind = {
  name: "plan",
  grant: grantOrder,
  async takeBack(tx, order, now) {
    await revokeOrder(tx, order, now);
    return null;
  },
};
