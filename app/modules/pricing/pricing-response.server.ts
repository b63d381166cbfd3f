// GET /api/pricing: the spec's pricing response (section 3) for the visitor's country. The country's rule and
// rate are kept 24 hours per country in process (spec section 9); any failure answers Kenyan prices, flagged, so
// a page can say so instead of showing nothing.
import { loadCountryPricing, type CountryPricing } from "./regional-price.server";
import { countryName } from "./countries";
import { ipCountry } from "./ip-country.server";
import { BASE_CURRENCY, DEFAULT_COUNTRY, regionalPrice } from "./pricing";
import { visitorCountry, type CountrySource } from "./visitor-country.server";

export interface PricingResponse {
  country_code: string;
  country_name: string | null;
  currency: string;
  continent_code: string | null;
  region_name: string | null;
  timezone: string | null;
  pricing_rule: { markup_percentage: string; discount_percentage: string; notes: string | null };
  /** Units of `currency` per 1 KES, an exact decimal string. */
  exchange_rate: string;
  source: CountrySource;
  fallback: boolean;
  message?: string;
}

export const PRICING_FALLBACK_MESSAGE = "Unable to load regional pricing. Showing default prices.";
export const PRICING_CACHE_MS = 24 * 60 * 60 * 1000;

type CountryPart = Pick<
  PricingResponse,
  "country_code" | "country_name" | "currency" | "pricing_rule" | "exchange_rate"
>;
const cache = new Map<string, { at: number; part: CountryPart }>();

/** Tests (and an admin changing a rule, later) start from a clean cache. */
export function forgetPricingResponses(): void {
  cache.clear();
}

function countryPart(pricing: CountryPricing): CountryPart {
  // The same arithmetic the prices use decides the currency shown (no stored or fallback rate: KES).
  const price = regionalPrice({
    baseCents: 100,
    countryCode: pricing.countryCode,
    rule: pricing.rule,
    ratePerKes: pricing.ratePerKes,
  });
  return {
    country_code: pricing.countryCode,
    country_name: pricing.countryName ?? countryName(pricing.countryCode),
    currency: price.displayCurrency,
    pricing_rule: {
      markup_percentage: price.markupPercentage,
      discount_percentage: price.discountPercentage,
      notes: pricing.notes,
    },
    exchange_rate: price.exchangeRate,
  };
}

async function cachedCountryPart(code: string, load: typeof loadCountryPricing, now: number): Promise<CountryPart> {
  const hit = cache.get(code);
  if (hit && now - hit.at < PRICING_CACHE_MS) return hit.part;
  const part = countryPart(await load(code));
  cache.set(code, { at: now, part });
  return part;
}

/** Kenyan base prices, built without the database: this is what answers when the database does not. */
export function fallbackPricing(): PricingResponse {
  return {
    country_code: DEFAULT_COUNTRY,
    country_name: countryName(DEFAULT_COUNTRY),
    currency: BASE_CURRENCY,
    continent_code: "AF",
    region_name: null,
    timezone: null,
    pricing_rule: { markup_percentage: "0", discount_percentage: "0", notes: null },
    exchange_rate: "1",
    source: "default",
    fallback: true,
    message: PRICING_FALLBACK_MESSAGE,
  };
}

export async function pricingForRequest(
  request: Request,
  options: { load?: typeof loadCountryPricing; now?: number } = {},
): Promise<PricingResponse> {
  try {
    const visitor = await visitorCountry(request);
    const part = await cachedCountryPart(visitor.code, options.load ?? loadCountryPricing, options.now ?? Date.now());
    // The IP database knows the continent; it is reported only when it agrees with the country in use.
    const located = await ipCountry(request.headers.get("x-nuru-client-ip"));
    return {
      ...part,
      continent_code: located?.code === visitor.code ? located.continentCode : null,
      // Neither the IP database nor the CDN header tells us a region or a time zone.
      region_name: null,
      timezone: null,
      source: visitor.source,
      fallback: false,
    };
  } catch (error) {
    console.error("Regional pricing failed; answering Kenyan prices:", error);
    return fallbackPricing();
  }
}
