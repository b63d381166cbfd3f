// "Try again" after a payment that did not go through (issue 46, item 15): back to the same checkout with what she
// chose, worked out from the order's own rows. The address only names the choice; the checkout quotes the price
// again, checks the code again and locks the upgrade's credit again, as on a first visit, so nothing in it grants.
import type { orders } from "~/db/schema";

type Order = typeof orders.$inferSelect;

export function retryPathOf(order: Order, planSlug: string | null, isGift: boolean): string {
  const itemPath =
    order.kind === "plan" ? (planSlug ? `plan/${encodeURIComponent(planSlug)}` : null) : `ebook/${order.ebookId}`;
  // CASE: the plan is gone (deleted) -> her choice no longer exists; the plans page is the next best place.
  if (!itemPath) return "/pricing";
  const query = new URLSearchParams();
  if (isGift) {
    // The gift checkout fills the recipient, the note and the date from this order (owner checked there).
    query.set("retry", order.merchantReference);
    return `/gift/${itemPath}?${query}`;
  }
  if (order.upgradeCreditCents !== null) query.set("upgrade", "1");
  else if (order.offerCode) query.set("code", order.offerCode);
  if (order.fromArticleId) query.set("from", order.fromArticleId);
  const search = query.toString();
  return `/checkout/${itemPath}${search ? `?${search}` : ""}`;
}
