// The reader's language cookie (issue 50, ADR 048): set by the switch (/language), by her account's setting and when
// she signs in with a language saved in her account. A preference that grants nothing; it only ends the offer of the
// Swahili page (lib/locale.ts offersSwahili).
import { preferenceCookieHeader } from "./cookie-value";
import { LOCALE_COOKIE, type Locale } from "./locale";

/** The Set-Cookie value for `locale`: a year, HttpOnly, SameSite=Lax, Secure over https. */
export function languageCookieHeader(locale: Locale, secure: boolean): string {
  return preferenceCookieHeader(LOCALE_COOKIE, locale, secure);
}
