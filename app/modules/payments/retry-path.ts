// "Try again" after a payment that did not go through (issue 46, item 15): back to the same checkout with what she
// chose, worked out from the order's own rows. The address only names the choice; the checkout quotes the price
// again, checks the code again and locks the upgrade's credit again, as on a first visit, so nothing in it grants.
// Each purchase kind says where its "Try again" goes (membership/purchase-kind-words.ts, ADR 047).
import type { orders } from "~/db/schema";
import { itemWordsOf, PURCHASE_KIND_WORDS, purchaseKindNameOf } from "~/modules/membership/purchase-kind-words";

type Order = typeof orders.$inferSelect;

export function retryPathOf(order: Order, planSlug: string | null, isGift: boolean): string {
  const itemPath = itemWordsOf(order).checkoutPath(order, planSlug);
  // CASE: the plan is gone (deleted) -> her choice no longer exists; the plans page is the next best place.
  if (!itemPath) return "/pricing";
  return PURCHASE_KIND_WORDS[purchaseKindNameOf({ ...order, isGift })].retryPath(order, itemPath);
}
