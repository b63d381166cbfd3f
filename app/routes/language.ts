// /language?to=sw&next=/articles: the language switch (issue 50, ADR 048). A plain link in the footer, so it works
// with no script (Opera Mini, data saver): it remembers her choice in a cookie (a year; a preference that grants
// nothing, and a cookie the guest page cache still serves) and sends her to the page she was on, in that language.
// The cookie only stops the offer of the Swahili page (lib/locale.ts offersSwahili): the address alone says the
// language, so no page ever redirects by it.
import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { isLocale, LOCALE_COOKIE, localizedHref, type Locale } from "~/lib/locale";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";
import { preferenceCookieHeader } from "~/lib/cookie-value";

export function languageCookieHeader(locale: Locale, secure: boolean): string {
  return preferenceCookieHeader(LOCALE_COOKIE, locale, secure);
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const to = url.searchParams.get("to");
  const locale: Locale = isLocale(to) ? to : "en";
  const next = localizedHref(safeRedirectPath(url.searchParams.get("next")), locale);
  return redirect(next, {
    status: 303,
    headers: {
      "Set-Cookie": languageCookieHeader(locale, url.protocol === "https:"),
      "Cache-Control": PERSONAL_CACHE_CONTROL,
    },
  });
}
