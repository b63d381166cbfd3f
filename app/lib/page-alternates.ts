// A page's own alternates (issue 50, ADR 048): a page whose other language lives at another address (an article
// linked to its translation) returns `alternates` from its loader, and the head's hreflang links name those
// addresses instead of the same page with or without "/sw".
import { localeHref, type Locale } from "./locale";

/** Each language's address of the page (paths, no origin). */
export type PageAlternates = Record<Locale, string>;

/** The alternates the deepest route's loader gave, if any. */
export function pageAlternatesOf(matches: readonly { loaderData?: unknown }[]): PageAlternates | null {
  const data = matches.at(-1)?.loaderData;
  if (!data || typeof data !== "object" || !("alternates" in data)) return null;
  const alternates = (data as { alternates?: Partial<PageAlternates> }).alternates;
  return typeof alternates?.en === "string" && typeof alternates.sw === "string"
    ? { en: alternates.en, sw: alternates.sw }
    : null;
}

/**
 * What an article page (or an ebook page, `kind`) linked to its translation adds to its data: the translation's address in its own language (the
 * page's line to it) and the alternates, each language at the article written in it. The same two addresses on all
 * four pages of the pair ("/article/A", "/sw/article/A", "/article/B", "/sw/article/B").
 */
export function articleTranslationFacts(
  articleId: string,
  translation: { id: string; language: Locale },
  kind: "article" | "ebook" = "article",
): { translation: { language: Locale; href: string }; alternates: PageAlternates } {
  const own = `/${kind}/${articleId}`;
  const other = `/${kind}/${translation.id}`;
  const alternates: PageAlternates =
    translation.language === "sw" ? { en: own, sw: localeHref(other, "sw") } : { en: other, sw: localeHref(own, "sw") };
  return { translation: { language: translation.language, href: localeHref(other, translation.language) }, alternates };
}
