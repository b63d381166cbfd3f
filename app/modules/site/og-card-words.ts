// The fixed words of the share cards (issue 34, issue 46) in each language (issue 50): a page's own card, and the kind
// and access words of a content card. In the catalogues (og.*), so a card missing its Swahili words fails
// `npm run check:catalogues`. Pure: the image route draws them (og-card.server.ts, og-page-cards.server.ts), and a
// Swahili page's meta names its Swahili card (meta.ts, server only).
import { translator, type Translate } from "~/lib/i18n/i18n";
import type { Locale } from "~/lib/locale";
import type { OgCard } from "./og-image-svg";

const PAGE_CARD_WORDS = {
  home: (t) => ({ label: t("og.home.label"), title: t("og.home.title"), badge: null }),
  pricing: (t) => ({ label: t("og.pricing.label"), title: t("og.pricing.title"), badge: t("og.pricing.badge") }),
  about: (t) => ({ label: t("og.about.label"), title: t("og.about.title"), badge: null }),
  terms: (t) => ({ label: t("og.terms.label"), title: t("og.terms.title"), badge: null }),
  articles: (t) => ({ label: t("og.articles.label"), title: t("og.articles.title"), badge: t("og.articles.badge") }),
  ebooks: (t) => ({ label: t("og.ebooks.label"), title: t("og.ebooks.title"), badge: t("og.ebooks.badge") }),
  categories: (t) => ({
    label: t("og.categories.label"),
    title: t("og.categories.title"),
    badge: t("og.categories.badge"),
  }),
} satisfies Record<string, (t: Translate) => OgCard>;

export type PageCardName = keyof typeof PAGE_CARD_WORDS;
export const PAGE_CARD_NAMES = Object.keys(PAGE_CARD_WORDS) as PageCardName[];

/** The card of a page name in `locale`, or null for a name that has none (nothing from a request is drawn). */
export function pageCardWords(name: string, locale: Locale): OgCard | null {
  return Object.hasOwn(PAGE_CARD_WORDS, name) ? PAGE_CARD_WORDS[name as PageCardName](translator(locale)) : null;
}

/** What a card shows, in words, for og:image:alt. */
export function cardAlt(card: OgCard): string {
  return `${card.label}: ${card.title}. Nuru`;
}

type Access = "free" | "premium" | "subscription";

const ARTICLE_BADGE: Record<Access, (t: Translate) => string> = {
  free: (t) => t("og.article.free"),
  premium: (t) => t("og.article.premium"),
  subscription: (t) => t("og.article.subscription"),
};
const EBOOK_BADGE: Record<Access, (t: Translate) => string> = {
  free: (t) => t("og.ebook.free"),
  premium: (t) => t("og.ebook.premium"),
  subscription: (t) => t("og.ebook.subscription"),
};

/** The fixed words around a content card's title: its kind (when it has no category) and its access badge. */
export function contentCardWords(locale: Locale) {
  const t = translator(locale);
  return {
    category: { label: t("og.category.label"), badge: t("og.category.badge") },
    article: (access: Access) => ({ label: t("og.article.label"), badge: ARTICLE_BADGE[access](t) }),
    ebook: (access: Access) => ({ label: t("og.ebook.label"), badge: EBOOK_BADGE[access](t) }),
  };
}

const CARD_ADDRESS = /^\/og\/(?:(home)|(article|ebook|category|page)\/([\w-]{1,120}))\.jpg$/;

/**
 * A Swahili page's share picture (issue 50): the same card drawn with Swahili words ("/og/page/about.jpg" ->
 * "/og/sw/page/about.jpg"), and a page card's alt text in Swahili (a content card's alt is its title). Anything
 * else is left as it is.
 */
export function swahiliShareImage(image: string, imageAlt: string | undefined) {
  const match = CARD_ADDRESS.exec(image);
  if (!match) return { image, imageAlt };
  const card = match[1] ? pageCardWords("home", "sw") : match[2] === "page" ? pageCardWords(match[3]!, "sw") : null;
  return { image: image.replace(/^\/og\//, "/og/sw/"), imageAlt: card ? cardAlt(card) : imageAlt };
}
