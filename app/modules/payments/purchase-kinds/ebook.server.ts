// A single ebook bought for herself: hers to read, until the payment is reversed or refunded in full.
import { PURCHASE_KIND_WORDS } from "~/modules/membership/purchase-kind-words";
import { AppError } from "~/lib/app-error";
import { CHECKOUT_ERRORS } from "~/modules/orders/checkout-errors";
import { grantOrder, revokeOrder } from "~/modules/membership/grants.server";
import { assertCanBuy } from "../checkout-items.server";
import { autoRenewAsked, itemOnSale, priceAmountColumns, priceWithCode } from "./quote-steps.server";
import type { PurchaseKind } from "./types";

export const ebookKind: PurchaseKind = {
  name: "ebook",
  words: PURCHASE_KIND_WORDS.ebook,
  async quote(request) {
    const autoRenew = autoRenewAsked(request);
    const item = await itemOnSale(request);
    await assertCanBuy(request.buyer, item, request.now);
    // CASE: card auto-renew asked for an ebook -> a plan renews, an ebook is bought once.
    if (autoRenew) throw new AppError(CHECKOUT_ERRORS.AUTO_RENEW_PLANS_ONLY);
    const price = await priceWithCode(request, item);
    return { item, price, amount: priceAmountColumns(price), autoRenew: false };
  },
  reusesPending: true,
  grant: grantOrder,
  async takeBack(tx, order, now) {
    await revokeOrder(tx, order, now);
    return null;
  },
};
