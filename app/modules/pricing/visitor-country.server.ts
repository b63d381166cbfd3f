// Which country's prices a visitor sees, and which she pays, decided on the server (decisions.md "Visitor country",
// ADR 009 and ADR 026). Two answers:
// - the charging country: only what we can verify, a country header from a CDN we trust (only when COUNTRY_HEADER
//   names it: anyone can send any header to an app that is reached directly) > the offline IP database > Kenya.
//   Checkout prices and locks orders with it.
// - the shown country: the reader's own choice (the /country picker) > the charging country. Pages show it.
import { getEnv } from "~/lib/env.server";
import { countryCodeOf } from "./countries";
import { countryCookieValue } from "./country-choice";
import { ipCountry } from "./ip-country.server";
import { isListedCountry } from "./country-list.server";
import { DEFAULT_COUNTRY } from "./pricing";

export type CountrySource = "choice" | "cdn" | "ip" | "default";
/** How the charging country was found: never the reader's choice. */
export type VerifiedSource = Exclude<CountrySource, "choice">;

export interface VisitorCountry {
  code: string;
  source: CountrySource;
}

export interface ChargingCountry {
  code: string;
  source: VerifiedSource;
}

export interface PriceCountries {
  /** Whose prices the pages show: her pick, else the charging country. */
  shown: VisitorCountry;
  /** Whose prices checkout charges: the verified country. */
  charging: ChargingCountry;
  /** The country she picked on /country, if any (listed), even when it equals the charging country. */
  picked: string | null;
}

interface Options {
  /** Defaults to the COUNTRY_HEADER setting (tests pass it). */
  countryHeader?: string;
}

/** The country a price may be charged for: the trusted CDN header, else the IP database, else Kenya. */
export async function chargingCountry(
  request: Request,
  { countryHeader = getEnv().COUNTRY_HEADER }: Options = {},
): Promise<ChargingCountry> {
  const cdnValue = countryHeader ? request.headers.get(countryHeader)?.trim() : undefined;
  const fromCdn = countryCodeOf(cdnValue);
  if (fromCdn) return { code: fromCdn, source: "cdn" };
  // CASE: the CDN answered, but with no country (Tor `T1`, unknown `XX`, `EU`, anonymous proxy `A1`, `A2`, `O1`,
  // `AP`) -> the base (Kenyan) price. The address behind it (a Tor exit, a proxy) says nothing about where she is, and
  // asking the IP database would let anyone take the cheapest region through one (issue 46 item 7).
  if (cdnValue) return { code: DEFAULT_COUNTRY, source: "default" };

  // The HTTP server (app/server/http-server.server.ts) sets x-nuru-client-ip from the socket (or the trusted proxy's X-Forwarded-For), overwriting any
  // value a client sent. The raw address, not the /64 a rate limit counts.
  const fromIp = await ipCountry(request.headers.get("x-nuru-client-ip"));
  if (fromIp && countryCodeOf(fromIp.code)) return { code: fromIp.code, source: "ip" };

  return { code: DEFAULT_COUNTRY, source: "default" };
}

/** The country she picked on /country, or null. */
export function pickedCountry(request: Request): string | null {
  const chosen = countryCodeOf(countryCookieValue(request.headers.get("Cookie")));
  // CASE: a cookie naming something the picker never offers (a code Intl names but ISO does not list) is ignored.
  // A listed country without a pricing rule is obeyed: it takes the default rule.
  return chosen && isListedCountry(chosen) ? chosen : null;
}

export async function priceCountries(request: Request, options: Options = {}): Promise<PriceCountries> {
  const charging = await chargingCountry(request, options);
  const picked = pickedCountry(request);
  return { shown: picked ? { code: picked, source: "choice" } : charging, charging, picked };
}

/** The shown country: her pick, else the charging country. */
export async function visitorCountry(request: Request, options: Options = {}): Promise<VisitorCountry> {
  const picked = pickedCountry(request);
  if (picked) return { code: picked, source: "choice" };
  return chargingCountry(request, options);
}
