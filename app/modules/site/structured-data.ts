// schema.org JSON-LD for the home, article and ebook pages. Pure: callers pass already-gated data and the origin.
import type { GatedArticle } from "~/modules/content/articles.server";
import type { GatedEbook } from "~/modules/content/ebooks.server";
import { centsToDecimal } from "~/modules/pricing/money";
import { SHOP_NAME } from "./meta";

/** The fields of a GatedArticle this module reads; it never looks at the body. */
export type ArticleForJsonLd = Pick<
  GatedArticle,
  "id" | "title" | "excerpt" | "metaDescription" | "imageUrl" | "accessType" | "access" | "createdAt" | "updatedAt"
>;

/** The fields of a GatedEbook this module reads (never its file). */
export type EbookForJsonLd = Pick<
  GatedEbook,
  "id" | "title" | "description" | "coverImageUrl" | "priceCents" | "accessType"
>;

type JsonLd = Record<string, unknown>;

/** An absolute URL for a stored image path; absolute URLs pass through. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const base = origin.replace(/\/$/, "");
  return `${base}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

function organization(origin: string, withLogo: boolean): JsonLd {
  const org: JsonLd = { "@type": "Organization", name: SHOP_NAME, url: `${origin.replace(/\/$/, "")}/` };
  if (withLogo) org.logo = { "@type": "ImageObject", url: absoluteUrl("/favicon.svg", origin) };
  return org;
}

/** A locked article: the viewer only gets the preview of a paid article. */
export function isLockedArticle(article: Pick<ArticleForJsonLd, "access" | "accessType">): boolean {
  return article.access === "preview" && article.accessType !== "free";
}

/**
 * schema.org Article. Locked articles carry Google's paywalled-content markup, which points at the element
 * with the class `paywalled-content` on the article page.
 */
export function articleJsonLd({ article, url, origin }: { article: ArticleForJsonLd; url: string; origin: string }) {
  const locked = isLockedArticle(article);
  const data: JsonLd = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.metaDescription?.trim() || article.excerpt,
    datePublished: article.createdAt,
    dateModified: article.updatedAt,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    author: organization(origin, false),
    publisher: organization(origin, true),
    isAccessibleForFree: !locked,
  };
  // Search engines show an article as a rich result only with an image: without a cover, its share card (issue 46).
  data.image = [absoluteUrl(article.imageUrl ?? `/og/article/${article.id}.jpg`, origin)];
  if (locked) {
    data.hasPart = { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywalled-content" };
  }
  return data;
}

/**
 * schema.org Book + Product for an ebook. Free ebooks get an offer at 0.00; premium ebooks with a price get an
 * offer at that price. Subscription-only ebooks (and premium ones without a price) cannot be bought on their own,
 * so they get no offer.
 */
export function ebookJsonLd({ ebook, url, origin }: { ebook: EbookForJsonLd; url: string; origin: string }) {
  const data: JsonLd = {
    "@context": "https://schema.org",
    "@type": ["Book", "Product"],
    "@id": url,
    name: ebook.title,
    url,
    bookFormat: "https://schema.org/EBook",
    brand: { "@type": "Brand", name: SHOP_NAME },
    publisher: organization(origin, true),
  };
  if (ebook.description?.trim()) data.description = ebook.description.trim();
  if (ebook.coverImageUrl) data.image = absoluteUrl(ebook.coverImageUrl, origin);
  let price: string | null = null;
  if (ebook.accessType === "free") price = "0.00";
  else if (ebook.accessType === "premium" && ebook.priceCents !== null && ebook.priceCents > 0) {
    price = centsToDecimal(ebook.priceCents);
  }
  if (price !== null) {
    data.offers = {
      "@type": "Offer",
      price,
      priceCurrency: "KES",
      availability: "https://schema.org/InStock",
      url,
    };
  }
  return data;
}

/** The home page's search: the article search reads `q` (routes/articles.tsx), as the home page's search box does. */
export const SEARCH_URL_TEMPLATE = "/articles?q={search_term_string}";

/**
 * The home page's JSON-LD (issue 46): the WebSite with its search, so a search engine can offer a search box for
 * the shop, and the Organization with its logo (a square PNG: search engines want a raster logo of at least
 * 112 px). In their shortest accepted forms (a target and a logo as plain URLs): the home page has a byte budget.
 */
export function homeJsonLd(origin: string) {
  const home = `${origin.replace(/\/$/, "")}/`;
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "WebSite",
        name: SHOP_NAME,
        url: home,
        potentialAction: {
          "@type": "SearchAction",
          target: absoluteUrl(SEARCH_URL_TEMPLATE, origin),
          "query-input": "required name=search_term_string",
        },
      },
      { "@type": "Organization", name: SHOP_NAME, url: home, logo: absoluteUrl("/icons/icon-512.png", origin) },
    ],
  };
}

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>` and `&` are escaped so the text can never
 * close the script element or open a comment, and U+2028/U+2029 are escaped for old JavaScript parsers.
 */
export function jsonLdScript(obj: unknown): string {
  return (JSON.stringify(obj) ?? "null")
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
