// A plan or an ebook bought for someone else (ADR 038): the buyer's own "already have it" rules do not apply and it
// is never auto-renewed; the buyer gets nothing; the gift is paid and waits for the recipient's claim. Taken back:
// what the recipient claimed (the order's grant) and the gift itself.
import { PURCHASE_KIND_WORDS } from "~/modules/membership/purchase-kind-words";
import { eq } from "drizzle-orm";
import { gifts } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { CHECKOUT_ERRORS } from "~/modules/orders/checkout-errors";
import { checkDeliveryDate } from "~/modules/membership/gift-form";
import { completeGiftOrder, recordGiftOrder, revokeGiftOf } from "~/modules/membership/gifts.server";
import { revokeOrder, type Tx } from "~/modules/membership/grants.server";
import { itemOnSale, priceAmountColumns, priceWithCode } from "./quote-steps.server";
import type { Order, PurchaseKind } from "./types";

export const giftKind: PurchaseKind = {
  name: "gift",
  words: PURCHASE_KIND_WORDS.gift,
  async quote(request) {
    const item = await itemOnSale(request);
    if (!request.gift || checkDeliveryDate(request.gift.deliverOn, request.now)) {
      throw new AppError(CHECKOUT_ERRORS.GIFT_DATE_INVALID);
    }
    const price = await priceWithCode(request, item);
    return { item, price, amount: priceAmountColumns(price), autoRenew: false };
  },
  // A gift is never shown again, nor shown for another checkout: its recipient and note are its own.
  reusesPending: false,
  async recordOrder(tx, order, request) {
    if (request.gift) await recordGiftOrder(tx, order.id, request.gift, request.now);
  },
  async grant(tx, order, now) {
    const grant = await completeGiftOrder(tx, order, now);
    if (!grant) throw new Error(`Order ${order.merchantReference} is a gift without its gift row`);
    return grant;
  },
  async takeBack(tx, order, now) {
    await revokeOrder(tx, order, now);
    await revokeGiftOf(tx, order, now);
    return null;
  },
};

/** Whether the order was bought as a gift (it has a gift row). */
export async function isGiftOrder(db: Pick<Tx, "select">, order: Pick<Order, "id">): Promise<boolean> {
  const [row] = await db.select({ id: gifts.id }).from(gifts).where(eq(gifts.orderId, order.id)).limit(1);
  return row !== undefined;
}
