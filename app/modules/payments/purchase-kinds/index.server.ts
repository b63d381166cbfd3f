// The table of purchase kinds (ADR 047): a new kind is one file beside this one and one row here.
import type { Tx } from "~/modules/membership/grants.server";
import { ebookKind } from "./ebook.server";
import { giftKind, isGiftOrder } from "./gift.server";
import { planKind } from "./plan.server";
import type { Order, PurchaseKind, PurchaseKindName } from "./types";
import { upgradeKind } from "./upgrade.server";

export type { Order, PurchaseKind, PurchaseKindName } from "./types";

export const PURCHASE_KINDS: Record<PurchaseKindName, PurchaseKind> = {
  plan: planKind,
  ebook: ebookKind,
  gift: giftKind,
  upgrade: upgradeKind,
};

/** Which kind of purchase this order is: a gift (it has a gift row), an upgrade (a locked credit), else its item. */
export async function purchaseKindOf(tx: Tx, order: Order): Promise<PurchaseKind> {
  if (await isGiftOrder(tx, order)) return PURCHASE_KINDS.gift;
  if (order.upgradeCreditCents !== null) return PURCHASE_KINDS.upgrade;
  return PURCHASE_KINDS[order.kind];
}
