// The visitor country as every page shows it (the footer's "Prices for ..." and its picker).
import { countryName } from "./countries";
import { pricingCountries, type PricingCountry } from "./pricing-countries.server";
import { DEFAULT_COUNTRY } from "./pricing";
import { visitorCountry, type CountrySource } from "./visitor-country.server";

export interface ShellCountry {
  code: string;
  name: string;
  source: CountrySource;
  choices: PricingCountry[];
}

const KENYA: PricingCountry = { code: DEFAULT_COUNTRY, name: "Kenya" };

export async function shellCountry(request: Request): Promise<ShellCountry> {
  try {
    const [visitor, choices] = await Promise.all([visitorCountry(request), pricingCountries()]);
    const name = choices.find((c) => c.code === visitor.code)?.name ?? countryName(visitor.code) ?? visitor.code;
    return { ...visitor, name, choices };
  } catch (error) {
    // CASE: the database is down. The page still renders (its own reads report the failure), with Kenyan prices.
    console.error("Visitor country failed; showing Kenya:", error);
    return { code: KENYA.code, name: KENYA.name, source: "default", choices: [KENYA] };
  }
}
