// The steps a kind's quote is made of (ADR 047): each kind's quote calls the ones that concern it, in its own order,
// so every refusal comes where it came before the kinds quoted. Money stays in integer minor units; the one rounding
// rule (whole shillings in her favour) is the pricing module's and the upgrade quote's, never redone here.
import { AppError } from "~/lib/app-error";
import { CHECKOUT_ERRORS } from "~/modules/orders/checkout-errors";
import { orderPriceColumns, type RegionalPrice } from "~/modules/pricing/pricing";
import { firstPeriodCodeAutoRenewText } from "~/modules/membership/card-renewal-schedule";
import { hasActiveCardRenewal } from "~/modules/membership/card-renewals.server";
import { quoteWithCode } from "~/modules/orders/offer-codes.server";
import { isCoded, orderCodeColumns } from "~/modules/orders/offer-code-rules";
import { quoteCheckout, type CheckoutQuote } from "../checkout-items.server";
import type { OrderAmountColumns, QuoteRequest } from "./types";

/** Card auto-renew as she asked for it; asked with M-Pesa it is refused (only a card at Pesapal renews, ADR 019). */
export function autoRenewAsked(request: QuoteRequest): boolean {
  if (request.autoRenew && request.providerName !== "pesapal")
    throw new AppError(
      CHECKOUT_ERRORS.AUTO_RENEW_PLANS_ONLY,
      "Automatic renewal is by card only. Pay by card to renew automatically.",
    );
  return request.autoRenew;
}

/** The plan or ebook with its regional price, or ITEM_NOT_FOUND when it is not for sale. */
export async function itemOnSale(request: QuoteRequest): Promise<CheckoutQuote> {
  const item = await quoteCheckout(request.item, request.countryCode);
  if (!item) throw new AppError(CHECKOUT_ERRORS.ITEM_NOT_FOUND);
  return item;
}

/** CASE: her card already renews a plan -> a second schedule would charge her card twice each period. */
export async function assertNoCardSchedule(request: QuoteRequest): Promise<void> {
  if (await hasActiveCardRenewal(request.buyer.id)) throw new AppError(CHECKOUT_ERRORS.AUTO_RENEW_ACTIVE);
}

/** The item's regional price with her code (regional price first, then the code: ADR 037), or the code's refusal. */
export async function priceWithCode(request: QuoteRequest, item: CheckoutQuote): Promise<RegionalPrice> {
  const coded = await quoteWithCode({
    price: item.price,
    item,
    code: request.offerCode,
    userId: request.buyer.id,
    now: request.now,
  });
  if (coded.kind === "refused") throw new AppError(CHECKOUT_ERRORS.OFFER_CODE_REFUSED, coded.message);
  return coded.price;
}

/** Card auto-renew needs something to charge each period, the same each period. */
export function assertAutoRenewTerms(price: RegionalPrice): void {
  // CASE: a code brought it to zero -> nothing to charge, so no card to renew from either.
  if (price.chargedCents === 0) throw new AppError(CHECKOUT_ERRORS.AUTO_RENEW_ZERO);
  // CASE: a first-period-only code -> Pesapal would repeat the discounted first payment every period (issue 46 item 26).
  const firstPeriodOnly = isCoded(price) ? firstPeriodCodeAutoRenewText(price.offer, price.label) : null;
  if (firstPeriodOnly) throw new AppError(CHECKOUT_ERRORS.AUTO_RENEW_FIRST_PERIOD_CODE, firstPeriodOnly);
}

/** The order's amount columns for a price: the regional price, with her code locked in when she used one. */
export function priceAmountColumns(price: RegionalPrice): OrderAmountColumns {
  return { ...orderPriceColumns(price), ...orderCodeColumns(price) };
}
