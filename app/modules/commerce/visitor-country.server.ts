// Which country's prices a visitor sees, decided on the server (decisions.md "Visitor country"): the reader's own
// choice > a country header from a CDN we trust (only when COUNTRY_HEADER names it: anyone can send any header
// to an app that is reached directly) > the offline IP database > Kenya.
import { getEnv } from "~/lib/env.server";
import { countryCodeOf } from "./countries";
import { countryCookieValue } from "./country-choice";
import { ipCountry } from "./ip-country.server";
import { isListedCountry } from "./country-list.server";
import { DEFAULT_COUNTRY } from "./pricing";

export type CountrySource = "choice" | "cdn" | "ip" | "default";

export interface VisitorCountry {
  code: string;
  source: CountrySource;
}

/** `countryHeader` defaults to the COUNTRY_HEADER setting (tests pass it). */
export async function visitorCountry(
  request: Request,
  { countryHeader = getEnv().COUNTRY_HEADER }: { countryHeader?: string } = {},
): Promise<VisitorCountry> {
  const chosen = countryCodeOf(countryCookieValue(request.headers.get("Cookie")));
  // CASE: a cookie naming something the picker never offers (a code Intl names but ISO does not list) is ignored.
  // A listed country without a pricing rule is obeyed: it takes the default rule.
  if (chosen && isListedCountry(chosen)) return { code: chosen, source: "choice" };

  const fromCdn = countryHeader ? countryCodeOf(request.headers.get(countryHeader)) : null;
  if (fromCdn) return { code: fromCdn, source: "cdn" };

  // The HTTP server (app/lib/http-server.server.ts) sets x-nuru-client-ip from the socket (or the trusted proxy's X-Forwarded-For), overwriting any
  // value a client sent. The raw address, not the /64 a rate limit counts.
  const fromIp = await ipCountry(request.headers.get("x-nuru-client-ip"));
  if (fromIp && countryCodeOf(fromIp.code)) return { code: fromIp.code, source: "ip" };

  return { code: DEFAULT_COUNTRY, source: "default" };
}
