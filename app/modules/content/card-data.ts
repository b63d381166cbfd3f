// What a card shows of an article or an ebook, and nothing more. A page's loader data travels twice, once as the
// markup and once as the hydration data, so fields no card draws (dates, flags, slugs, whole descriptions) are
// left out here rather than in every list query (issue 14: the home page's HTML under 40 KB).
import type { ResponsiveImageData } from "~/modules/storage/responsive-image";
import type { ShownPrice } from "~/modules/pricing/shown-prices.server";
import type { GatedArticle } from "./articles.server";
import type { GatedEbook } from "./ebooks.server";
import type { Locale } from "~/lib/locale";
import type { CategoryRef } from "./articles.server";
import { categoryChip } from "./category-words";
import { cutAtWord } from "./text";

/**
 * What a card shows, as `articleCard` below makes it: the excerpt already cut (150
 * characters on list pages, 100 on the home page) and at most two category names.
 */
export type ArticleCardData = Pick<
  GatedArticle,
  "id" | "title" | "excerpt" | "imageUrl" | "accessType" | "access" | "readingMinutes"
> & {
  /** `lang` when the name is English on a Swahili page (no Swahili name yet; category-words.ts). */
  categories: { name: string; lang?: "en" }[];
  image?: ResponsiveImageData | null;
  /** Set when it is not English (issue 50): a card in another language than the page's is marked. */
  language?: string;
};

/** An article in a row (the home page's compact list): a card without its excerpt. */
export type ArticleRowData = Omit<ArticleCardData, "excerpt">;

/** What a card shows, as `ebookCard` below makes it: the description already cut. */
export type EbookCardData = Pick<
  GatedEbook,
  "id" | "title" | "description" | "coverImageUrl" | "priceCents" | "accessType" | "access"
> & {
  shownPrice: ShownPrice | null;
  image?: ResponsiveImageData | null;
  /** Set when it is not English (issue 50). */
  language?: string;
};

/**
 * Characters of an article's excerpt and of an ebook's description that cards show. The spec has two of each
 * ("cut at 100 or 150", "70 or 100"): the longer on list pages, the shorter on the home page, whose thirteen cards
 * share it with nine other sections (issue 14).
 */
export const ARTICLE_CARD_EXCERPT = 150;
export const EBOOK_CARD_DESCRIPTION = 100;
export const HOME_ARTICLE_CARD_EXCERPT = 100;
export const HOME_EBOOK_CARD_DESCRIPTION = 70;

/** The card fields of an article: the excerpt as the card shows it and its first two category names, in `locale`. */
/** An article as the lists give it: its categories with their names in both languages. */
type ListedArticle = Omit<ArticleCardData, "image" | "categories"> & {
  categories: Pick<CategoryRef, "name" | "nameSw">[];
};

/** The first `count` category chips, their names in the page's language. */
function chips(categories: ListedArticle["categories"], count: number, locale: Locale) {
  return categories.slice(0, count).map((c) => categoryChip(c, locale));
}

export function articleCard(
  article: ListedArticle,
  excerptLength = ARTICLE_CARD_EXCERPT,
  locale: Locale = "en",
): Omit<ArticleCardData, "image"> {
  return {
    id: article.id,
    title: article.title,
    excerpt: cutAtWord(article.excerpt, excerptLength),
    imageUrl: article.imageUrl,
    accessType: article.accessType,
    access: article.access,
    readingMinutes: article.readingMinutes,
    categories: chips(article.categories, 2, locale),
    // Only when not English: an English card's data (and a page that sends it to the browser) stays as it was.
    ...notEnglish(article.language),
  };
}

/** The fields of a compact row (the home page's latest articles): no excerpt, the first category. */
export function articleRow(
  article: Omit<ListedArticle, "excerpt">,
  locale: Locale = "en",
): Omit<ArticleRowData, "image"> {
  return {
    id: article.id,
    title: article.title,
    imageUrl: article.imageUrl,
    accessType: article.accessType,
    access: article.access,
    readingMinutes: article.readingMinutes,
    categories: chips(article.categories, 1, locale),
    // Marked as a card is when written in another language than the page's (issue 50); nothing for English.
    ...notEnglish(article.language),
  };
}

/** The card fields of an ebook: the description cut where the card cuts it. */
export function ebookCard(
  ebook: Omit<EbookCardData, "image">,
  descriptionLength = EBOOK_CARD_DESCRIPTION,
): Omit<EbookCardData, "image"> {
  return {
    id: ebook.id,
    title: ebook.title,
    description: ebook.description === null ? null : cutAtWord(ebook.description, descriptionLength),
    coverImageUrl: ebook.coverImageUrl,
    priceCents: ebook.priceCents,
    accessType: ebook.accessType,
    access: ebook.access,
    shownPrice: ebook.shownPrice,
    ...notEnglish(ebook.language),
  };
}

/** `{ language }` for content in another language than English, else nothing. */
function notEnglish(language: string | undefined): { language?: string } {
  return language && language !== "en" ? { language } : {};
}
