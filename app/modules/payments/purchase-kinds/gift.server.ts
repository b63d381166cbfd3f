// A plan or an ebook bought for someone else (ADR 038): the buyer gets nothing; the gift is paid and waits for the
// recipient's claim. Taken back: what the recipient claimed (the order's grant) and the gift itself.
import { eq } from "drizzle-orm";
import { gifts } from "~/db/schema";
import { completeGiftOrder, revokeGiftOf } from "~/modules/membership/gifts.server";
import { revokeOrder, type Tx } from "~/modules/membership/grants.server";
import type { Order, PurchaseKind } from "./types";

export const giftKind: PurchaseKind = {
  name: "gift",
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
export async function isGiftOrder(tx: Tx, order: Pick<Order, "id">): Promise<boolean> {
  const [row] = await tx.select({ id: gifts.id }).from(gifts).where(eq(gifts.orderId, order.id)).limit(1);
  return row !== undefined;
}
