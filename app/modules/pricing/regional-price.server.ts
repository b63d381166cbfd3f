import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { publicRead } from "~/lib/public-reads.server";
import { exchangeRates, pricingRules } from "~/db/schema";
import { regionalPrice, type PricingRule, type RegionalPrice } from "./pricing";

export interface CountryPricing {
  countryCode: string;
  countryName: string | null;
  rule: PricingRule | null;
  /** The stored rate of the rule's currency; null lets the pricing module use the spec's fallback. */
  ratePerKes: string | null;
  notes: string | null;
}

/** The stored rule for a country (none: base price) and the stored rate of its currency, exact as stored. */
export async function loadCountryPricing(countryCode: string): Promise<CountryPricing> {
  const code = countryCode.toUpperCase();
  const db = getDb();
  const [row] = await db
    .select({
      id: pricingRules.id,
      countryName: pricingRules.countryName,
      currency: pricingRules.currency,
      markupPercentage: pricingRules.markupPercentage,
      discountPercentage: pricingRules.discountPercentage,
      notes: pricingRules.notes,
      ratePerKes: exchangeRates.ratePerKes,
    })
    .from(pricingRules)
    .leftJoin(exchangeRates, eq(exchangeRates.currency, pricingRules.currency))
    .where(eq(pricingRules.countryCode, code))
    .limit(1);
  if (!row) return { countryCode: code, countryName: null, rule: null, ratePerKes: null, notes: null };
  return {
    countryCode: code,
    countryName: row.countryName,
    rule: {
      id: row.id,
      countryCode: code,
      currency: row.currency,
      markupPercentage: row.markupPercentage,
      discountPercentage: row.discountPercentage,
    },
    ratePerKes: row.ratePerKes,
    notes: row.notes,
  };
}

/**
 * Prices shown to one visitor country, read once and applied to every base price (plans on one page share it).
 * For display only: checkout reads the rule afresh (loadCountryPricing) when it locks an order's price.
 */
export async function regionalPricesFor(countryCode: string, baseCents: readonly number[]): Promise<RegionalPrice[]> {
  const code = countryCode.toUpperCase();
  const pricing = await publicRead(`pricing:${code}`, () => loadCountryPricing(code));
  return baseCents.map((base) =>
    regionalPrice({
      baseCents: base,
      countryCode: pricing.countryCode,
      rule: pricing.rule,
      ratePerKes: pricing.ratePerKes,
    }),
  );
}

export async function regionalPriceFor(countryCode: string, baseCents: number): Promise<RegionalPrice> {
  const [price] = await regionalPricesFor(countryCode, [baseCents]);
  return price;
}
