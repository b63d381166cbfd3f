// A single ebook bought for herself: hers to read, until the payment is reversed or refunded in full.
import { grantOrder, revokeOrder } from "~/modules/membership/grants.server";
import type { PurchaseKind } from "./types";

export const ebookKind: PurchaseKind = {
  name: "ebook",
  grant: grantOrder,
  async takeBack(tx, order, now) {
    await revokeOrder(tx, order, now);
    return null;
  },
};
