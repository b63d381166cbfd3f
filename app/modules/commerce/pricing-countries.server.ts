// The countries a reader can pick: every country with a stored pricing rule, plus Kenya (the home market, which
// needs no rule). Read from the database and kept briefly in process: every page's footer shows the list.
import { listPricingRuleCountries } from "./regional-price.server";
import { countryName } from "./countries";
import { DEFAULT_COUNTRY } from "./pricing";

export interface PricingCountry {
  code: string;
  name: string;
}

const KEEP_MS = 5 * 60 * 1000;
let cached: { at: number; countries: PricingCountry[] } | undefined;

export async function pricingCountries(now = Date.now()): Promise<PricingCountry[]> {
  if (cached && now - cached.at < KEEP_MS) return cached.countries;
  const rows = await listPricingRuleCountries();
  const byCode = new Map(rows.map((r) => [r.code, r.name]));
  if (!byCode.has(DEFAULT_COUNTRY)) byCode.set(DEFAULT_COUNTRY, countryName(DEFAULT_COUNTRY) ?? "Kenya");
  const countries = [...byCode]
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  cached = { at: now, countries };
  return countries;
}

/** Tests change the rules between cases; the list must be read again. */
export function forgetPricingCountries(): void {
  cached = undefined;
}
