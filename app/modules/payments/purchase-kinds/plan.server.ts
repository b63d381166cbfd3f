// A plan period (or a pass: a plan of days) bought for herself: a period of the plan, queued behind a running one.
import { PURCHASE_KIND_WORDS } from "~/modules/membership/purchase-kind-words";
import { grantOrder, revokeOrder } from "~/modules/membership/grants.server";
import { assertCanBuy } from "../checkout-items.server";
import {
  assertAutoRenewTerms,
  assertNoCardSchedule,
  autoRenewAsked,
  itemOnSale,
  priceAmountColumns,
  priceWithCode,
} from "./quote-steps.server";
import type { PurchaseKind } from "./types";

export const planKind: PurchaseKind = {
  name: "plan",
  words: PURCHASE_KIND_WORDS.plan,
  async quote(request) {
    const autoRenew = autoRenewAsked(request);
    const item = await itemOnSale(request);
    await assertCanBuy(request.buyer, item, request.now);
    if (autoRenew) await assertNoCardSchedule(request);
    const price = await priceWithCode(request, item);
    if (autoRenew) assertAutoRenewTerms(price);
    return { item, price, amount: priceAmountColumns(price), autoRenew };
  },
  reusesPending: true,
  grant: grantOrder,
  async takeBack(tx, order, now) {
    await revokeOrder(tx, order, now);
    return null;
  },
};
