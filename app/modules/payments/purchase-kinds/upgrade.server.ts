// A plan bought as an upgrade now, paying the difference after her credit (ADR 039): the running period ends and
// the new plan starts. Never with card auto-renew nor an offer code. Taken back: the new period, and the period it
// ended comes back while its own payment stands.
import { PURCHASE_KIND_WORDS } from "~/modules/membership/purchase-kind-words";
import { AppError } from "~/lib/app-error";
import { CHECKOUT_ERRORS } from "~/modules/orders/checkout-errors";
import { revokeOrder } from "~/modules/membership/grants.server";
import {
  grantUpgrade,
  quoteUpgrade,
  recheckUpgrade,
  restoreAfterUpgradeRevoked,
  upgradeOrderColumns,
} from "~/modules/membership/upgrades.server";
import { autoRenewAsked, itemOnSale, priceAmountColumns } from "./quote-steps.server";
import type { PurchaseKind } from "./types";

export const upgradeKind: PurchaseKind = {
  name: "upgrade",
  words: PURCHASE_KIND_WORDS.upgrade,
  async quote(request) {
    const autoRenew = autoRenewAsked(request);
    const item = await itemOnSale(request);
    if (autoRenew)
      throw new AppError(
        CHECKOUT_ERRORS.AUTO_RENEW_PLANS_ONLY,
        "Automatic renewal by card is not offered with an upgrade.",
      );
    const upgrade = await quoteUpgrade({
      userId: request.buyer.id,
      // The kind is picked for a plan only (index.server.ts); anything else is not for sale as an upgrade.
      slug: request.item.kind === "plan" ? request.item.slug : "",
      countryCode: request.countryCode,
      now: request.now,
      creditAt: request.upgradeQuotedAt,
    });
    // CASE: an upgrade -> its price is the difference after her credit (ADR 039); offer codes do not apply to it.
    if (request.offerCode?.trim()) {
      throw new AppError(
        CHECKOUT_ERRORS.OFFER_CODE_REFUSED,
        "Offer codes do not apply to an upgrade. The upgrade price stands.",
      );
    }
    // The plan's price and what it was made of, then the charge (the difference, in whole shillings) as the amount.
    const amount = { ...priceAmountColumns(item.price), ...upgradeOrderColumns(upgrade) };
    return { item: { ...item, name: `${item.name} (upgrade)` }, price: item.price, amount, autoRenew: false };
  },
  reusesPending: true,
  // Its locked credit is re-checked against her plan when the payment is reported (ADR 039); a mismatch: review.
  recheck: recheckUpgrade,
  grant: grantUpgrade,
  async takeBack(tx, order, now) {
    await revokeOrder(tx, order, now);
    return restoreAfterUpgradeRevoked(tx, order, now);
  },
};
