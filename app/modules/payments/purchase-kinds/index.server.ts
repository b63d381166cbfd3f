// The table of purchase kinds (ADR 047): a new kind is one file beside this one and one row here.
import type { Tx } from "~/modules/membership/grants.server";
import { purchaseKindNameOf } from "~/modules/membership/purchase-kind-words";
import { ebookKind } from "./ebook.server";
import { giftKind, isGiftOrder } from "./gift.server";
import { planKind } from "./plan.server";
import type { Order, PurchaseKind, PurchaseKindName, QuoteRequest } from "./types";
import { upgradeKind } from "./upgrade.server";

export type { Order, OrderAmountColumns, PurchaseKind, PurchaseKindName, Quote, QuoteRequest } from "./types";

export const PURCHASE_KINDS: Record<PurchaseKindName, PurchaseKind> = {
  plan: planKind,
  ebook: ebookKind,
  gift: giftKind,
  upgrade: upgradeKind,
};

/** Which kind of purchase this order is: a gift (it has a gift row), an upgrade (a locked credit), else its item. */
export async function purchaseKindOf(db: Pick<Tx, "select">, order: Order): Promise<PurchaseKind> {
  return PURCHASE_KINDS[purchaseKindNameOf({ ...order, isGift: await isGiftOrder(db, order) })];
}

/** Which kind a checkout asks for: a gift (a recipient given), an upgrade of a plan (asked for), else its item. */
export function purchaseKindFor(request: Pick<QuoteRequest, "item" | "gift"> & { upgrade?: boolean }): PurchaseKind {
  if (request.gift) return PURCHASE_KINDS.gift;
  if (request.upgrade && request.item.kind === "plan") return PURCHASE_KINDS.upgrade;
  return PURCHASE_KINDS[request.item.kind];
}
