// The reader's own choice of country (the footer picker): its form schema and the cookie that keeps it.
// The cookie holds only a preference for how prices are shown; what a reader may read never depends on it.
import { z } from "zod";
import { cookieValue, preferenceCookieHeader } from "~/lib/cookie-value";

export const COUNTRY_COOKIE = "nuru_country";

/** The picker form: one country among those the picker offers. */
export function countryChoiceSchema(offered: readonly string[]) {
  return z.object({
    country: z
      .string({ error: "Please choose a country." })
      .trim()
      .toUpperCase()
      .refine((code) => offered.includes(code), { message: "Please choose a country from the list." }),
  });
}

/** Set-Cookie for the chosen country: a year, the whole site, sent on top-level navigations from elsewhere too. */
export function countryCookieHeader(code: string, secure: boolean): string {
  return preferenceCookieHeader(COUNTRY_COOKIE, code, secure, false);
}

/** The raw value of the country cookie, unvalidated (the caller checks it against the countries it knows). */
export function countryCookieValue(cookieHeader: string | null): string | null {
  return cookieValue(cookieHeader, COUNTRY_COOKIE);
}
