// Regional pricing (spec section 9, decisions.md "Regional pricing"), pure so it can be tested as a table:
// base KES price -> the visitor country's rule -> the KES amount charged -> x the exchange rate -> the local
// amount shown beside it. One multiplication by the rule, never a second one on the pricing page.
import {
  applyPercentage,
  formatKesCents,
  formatMinorUnits,
  multiplyMinorUnits,
  wholeShillingsInBuyersFavour,
  type MinorUnits,
} from "./money";

export const BASE_CURRENCY = "KES";
export const DEFAULT_COUNTRY = "KE";

/** Prices are rounded to 0.05 of their currency: 5 minor units. */
export const PRICE_STEP: MinorUnits = 5;

/** A stored pricing rule; percentages are exact decimal strings as the database returns them ("150.00"). */
export interface PricingRule {
  id: string | null;
  countryCode: string;
  currency: string;
  markupPercentage: string;
  discountPercentage: string;
}

/** Units of each currency per 1 KES, used when no stored rate exists (spec section 9). */
export const FALLBACK_EXCHANGE_RATES: Readonly<Record<string, string>> = Object.freeze({
  KES: "1",
  ZAR: "0.15",
  NGN: "4.5",
  GHS: "0.06",
  USD: "0.008",
  CAD: "0.01",
  EUR: "0.007",
  GBP: "0.006",
  AED: "0.03",
  SAR: "0.03",
  INR: "0.6",
  CNY: "0.05",
});

/** The locale each currency is written in, so '$10.00' reads as an American and '10,00 €' as a German expects. */
export const CURRENCY_LOCALES: Readonly<Record<string, string>> = Object.freeze({
  KES: "en-KE",
  USD: "en-US",
  CAD: "en-CA",
  GBP: "en-GB",
  EUR: "de-DE",
  CHF: "de-CH",
  NOK: "nb-NO",
  SEK: "sv-SE",
  AUD: "en-AU",
  NZD: "en-NZ",
  ZAR: "en-ZA",
  NGN: "en-NG",
  GHS: "en-GH",
  UGX: "en-UG",
  TZS: "en-TZ",
  RWF: "en-RW",
  ETB: "en-ET",
  EGP: "en-EG",
  AED: "en-AE",
  SAR: "en-SA",
  INR: "en-IN",
  CNY: "zh-CN",
});

/** No rule for the country: the base price, shown in KES. */
export function basePriceRule(countryCode: string): PricingRule {
  return { id: null, countryCode, currency: BASE_CURRENCY, markupPercentage: "0", discountPercentage: "0" };
}

/** The KES amount charged: a markup multiplies by 1 + pct/100; otherwise a discount by 1 - pct/100. */
export function chargedKesCents(baseCents: MinorUnits, rule: PricingRule | null): MinorUnits {
  if (!rule) return applyPercentage(baseCents, "0", "markup", PRICE_STEP);
  return isPositive(rule.markupPercentage)
    ? applyPercentage(baseCents, rule.markupPercentage, "markup", PRICE_STEP)
    : applyPercentage(baseCents, rule.discountPercentage, "discount", PRICE_STEP);
}

/** The charged KES amount in the display currency, rounded to 0.05 of that currency. */
export function displayMinorUnits(chargedCents: MinorUnits, ratePerKes: string): MinorUnits {
  return multiplyMinorUnits(chargedCents, ratePerKes, PRICE_STEP);
}

export function formatPrice(amount: MinorUnits, currency: string): string {
  if (currency === BASE_CURRENCY) return formatKesCents(amount);
  return formatMinorUnits(amount, currency, CURRENCY_LOCALES[currency] ?? "en-US");
}

export interface RegionalPrice {
  countryCode: string;
  ruleId: string | null;
  markupPercentage: string;
  discountPercentage: string;
  baseCents: MinorUnits;
  /** What the gateway is asked for and what the order locks in: whole shillings (see roundedOffCents). */
  chargedCents: MinorUnits;
  /**
   * The cents the rule (or a code) left that she is not charged: M-Pesa moves whole shillings, so every KES order
   * is whole shillings, rounded down in her favour (issue 46 item 27). Recorded on the order; 0 when none.
   */
  roundedOffCents: MinorUnits;
  displayCurrency: string;
  exchangeRate: string;
  displayMinorUnits: MinorUnits;
  /** 'KSh 625.00 ≈ $5.00', or just 'KSh 250.00' when the visitor pays in KES. */
  label: string;
}

/**
 * The whole price for one visitor. `ratePerKes` is the stored rate of the rule's currency; without one the
 * spec's fallback rate is used, and without that the price is shown in KES only (never a guessed rate).
 */
export function regionalPrice(input: {
  baseCents: MinorUnits;
  countryCode: string;
  rule: PricingRule | null;
  ratePerKes: string | null;
}): RegionalPrice {
  const rule = input.rule ?? basePriceRule(input.countryCode);
  const exactCents = chargedKesCents(input.baseCents, rule);
  const chargedCents = wholeShillingsInBuyersFavour(exactCents);
  const rate = input.ratePerKes ?? FALLBACK_EXCHANGE_RATES[rule.currency] ?? null;
  const displayCurrency = rate === null ? BASE_CURRENCY : rule.currency;
  const exchangeRate = rate ?? "1";
  const shown = displayCurrency === BASE_CURRENCY ? chargedCents : displayMinorUnits(chargedCents, exchangeRate);
  const kes = formatPrice(chargedCents, BASE_CURRENCY);
  return {
    countryCode: input.countryCode,
    ruleId: rule.id,
    markupPercentage: rule.markupPercentage,
    discountPercentage: rule.discountPercentage,
    baseCents: input.baseCents,
    chargedCents,
    roundedOffCents: exactCents - chargedCents,
    displayCurrency,
    exchangeRate,
    displayMinorUnits: shown,
    label: displayCurrency === BASE_CURRENCY ? kes : `${kes} ≈ ${formatPrice(shown, displayCurrency)}`,
  };
}

function isPositive(decimal: string): boolean {
  return /[1-9]/.test(decimal) && !decimal.trim().startsWith("-");
}

/** The order columns that lock in a price and what it was made of (ADR 008): one mapping for checkout and seed. */
export function orderPriceColumns(price: RegionalPrice) {
  return {
    amountCents: price.chargedCents,
    currency: BASE_CURRENCY,
    basePriceCents: price.baseCents,
    countryCode: price.countryCode,
    pricingRuleId: price.ruleId,
    markupPercentage: price.markupPercentage,
    discountPercentage: price.discountPercentage,
    exchangeRate: price.exchangeRate,
    displayCurrency: price.displayCurrency,
    displayAmount: price.displayMinorUnits,
    roundedOffCents: price.roundedOffCents > 0 ? price.roundedOffCents : null,
  };
}
