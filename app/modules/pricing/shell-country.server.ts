// The visitor country as every page shows it (the footer's "Prices for ...").
import { countryName } from "./countries";
import { DEFAULT_COUNTRY } from "./pricing";
import { visitorCountry, type CountrySource } from "./visitor-country.server";

export interface ShellCountry {
  code: string;
  name: string;
  source: CountrySource;
}

export async function shellCountry(request: Request): Promise<ShellCountry> {
  try {
    const visitor = await visitorCountry(request);
    return { ...visitor, name: countryName(visitor.code) ?? visitor.code };
  } catch (error) {
    // CASE: the IP database could not be read. The page still renders, with Kenyan prices.
    console.error("Visitor country failed; showing Kenya:", error);
    return { code: DEFAULT_COUNTRY, name: "Kenya", source: "default" };
  }
}
