// The React side of the reader's language (issue 50, ADR 048): the address says the language ("/sw/..." Swahili),
// so any component can read it without a provider. In the browser's build every t call and `localHref(x)` is
// already the English words and the address itself (scripts/po-catalogues.mjs, englishInBrowser): only English pages
// hydrate, so these hooks are then unused and fall out of the build (no side effects).
import { useLocation } from "react-router";
import { localeFromPath, localizedHref, type Locale } from "~/lib/locale";
import { translator, type Translate } from "./i18n";

/** The language of the page being rendered. */
/* @__NO_SIDE_EFFECTS__ */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}

/** The translate function for this page's language: `const t = useT(); t("nav.home")`. Ids are literals. */
/* @__NO_SIDE_EFFECTS__ */
export function useT(): Translate {
  return translator(useLocale());
}

/**
 * A link target in this page's language: `const localHref = useLocalHref(); localHref("/articles")` is
 * "/sw/articles" on a Swahili page when that page exists in Swahili, and stays "/articles" otherwise (sign-in,
 * account, pricing, an article until it has its Swahili page).
 */
/* @__NO_SIDE_EFFECTS__ */
export function useLocalHref(): (href: string) => string {
  const locale = useLocale();
  return (href) => localizedHref(href, locale);
}
