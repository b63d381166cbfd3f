// Country codes as the shop accepts them: two capital letters (ISO 3166-1 alpha-2) naming a real country.
// Codes reach us from a cookie, a CDN header and an IP database, so each is checked before it picks a price.

const COUNTRY_CODE = /^[A-Z]{2}$/;

// Intl names these codes too, but they are groups or placeholders, never a visitor's country (Cloudflare sends
// XX for unknown and T1 for Tor; ZZ is "Unknown Region").
const NOT_A_COUNTRY = new Set(["EU", "EZ", "UN", "ZZ", "XX", "T1", "QO", "AP", "A1", "A2", "O1"]);

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** The English name of a country code ('NG' -> 'Nigeria'), or null when the code names no country. */
export function countryName(code: string): string | null {
  if (!COUNTRY_CODE.test(code) || NOT_A_COUNTRY.has(code)) return null;
  try {
    return regionNames.of(code) ?? null;
  } catch {
    return null;
  }
}

/** A trimmed, upper-cased country code when it names a country ('us ' -> 'US'), else null. */
export function countryCodeOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return countryName(code) === null ? null : code;
}

let swahiliRegions: Intl.DisplayNames | undefined;

/**
 * A country's name in the page's language ("US": "United States", "Marekani"; issue 50, ADR 048): Intl's Swahili
 * names, made on first use; the English name where Intl has none, the code itself when it names no country.
 */
export function countryNameIn(code: string, locale: "en" | "sw"): string {
  const english = countryName(code);
  if (!english || locale === "en") return english ?? code;
  swahiliRegions ??= new Intl.DisplayNames(["sw"], { type: "region", fallback: "none" });
  try {
    return swahiliRegions.of(code) ?? english;
  } catch {
    return english;
  }
}
