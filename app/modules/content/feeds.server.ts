// sitemap.xml and rss.xml: public, the same for everyone, so they show only what a guest may see. Articles
// are read with only the columns the feeds print (feed-articles.server.ts); an RSS description is the public
// summary a guest sees in lists, never a body. Both documents are cached until content changes.
import { asc, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { categories, ebooks } from "~/db/schema";
import { SHOP_NAME } from "~/lib/shop-name";
import { rssArticles, sitemapArticles, type RssArticle } from "./feed-articles.server";
import { hasSwahiliVersion, localeHref } from "~/lib/locale";
import { cachedFeed } from "./feed-cache.server";

export const STATIC_PATHS = [
  "/",
  "/about",
  "/terms",
  "/privacy",
  "/pricing",
  "/articles",
  "/ebooks",
  "/categories",
] as const;
export const RSS_ITEMS = 30;
const SITEMAP_MAX_URLS = 50_000;

/** Text for XML content and attributes: escapes markup and drops characters XML 1.0 does not allow. */
export function xmlEscape(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

function base(origin: string): string {
  return origin.replace(/\/$/, "");
}

interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

function urlElement({ loc, lastmod }: SitemapEntry): string {
  const mod = lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : "";
  return `  <url><loc>${xmlEscape(loc)}</loc>${mod}</url>`;
}

/** Every public page: static pages, published articles and ebooks, active categories. Drafts are never listed. */
export function sitemapXml(origin: string): Promise<string> {
  const o = base(origin);
  return cachedFeed(`sitemap ${o}`, () => buildSitemapXml(o));
}

async function buildSitemapXml(o: string): Promise<string> {
  const db = getDb();
  const [articleList, ebookRows, categoryRows] = await Promise.all([
    sitemapArticles(SITEMAP_MAX_URLS),
    db
      .select({ id: ebooks.id, updatedAt: ebooks.updatedAt })
      .from(ebooks)
      .where(eq(ebooks.published, true))
      .orderBy(desc(ebooks.createdAt)),
    db
      .select({ slug: categories.slug, updatedAt: categories.updatedAt })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.sortKey), asc(categories.name)),
  ]);
  const pages: SitemapEntry[] = [
    ...STATIC_PATHS.map((p) => ({ loc: p })),
    ...articleList.map((a) => ({ loc: `/article/${a.id}`, lastmod: a.updatedAt.toISOString() })),
    ...ebookRows.map((e) => ({ loc: `/ebook/${e.id}`, lastmod: e.updatedAt.toISOString() })),
    ...categoryRows.map((c) => ({
      loc: `/category/${encodeURIComponent(c.slug)}`,
      lastmod: c.updatedAt.toISOString(),
    })),
  ];
  // A page in both languages is listed at both addresses, the Swahili one right after the English (issue 50).
  const entries = pages
    .flatMap((page) => (hasSwahiliVersion(page.loc) ? [page, { ...page, loc: localeHref(page.loc, "sw") }] : [page]))
    .slice(0, SITEMAP_MAX_URLS)
    .map((page) => ({ ...page, loc: `${o}${page.loc}` }));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((entry) => urlElement(entry)),
    "</urlset>",
    "",
  ].join("\n");
}

function rssItem(article: RssArticle, o: string): string {
  const link = `${o}/article/${article.id}`;
  const lines = [
    "    <item>",
    `      <title>${xmlEscape(article.title)}</title>`,
    `      <link>${xmlEscape(link)}</link>`,
    `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
    `      <pubDate>${article.createdAt.toUTCString()}</pubDate>`,
    `      <description>${xmlEscape(article.summary)}</description>`,
    ...article.categories.map(
      (c) =>
        `      <category domain="${xmlEscape(`${o}/category/${encodeURIComponent(c.slug)}`)}">${xmlEscape(c.name)}</category>`,
    ),
    "    </item>",
  ];
  return lines.join("\n");
}

/** RSS 2.0 with the newest published articles; descriptions are excerpts/previews, never bodies. */
export function rssXml(origin: string): Promise<string> {
  const o = base(origin);
  return cachedFeed(`rss ${o}`, () => buildRssXml(o));
}

async function buildRssXml(o: string): Promise<string> {
  const items = await rssArticles(RSS_ITEMS);
  const newest = items[0] ? items[0].createdAt.toUTCString() : null;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${xmlEscape(SHOP_NAME)}</title>`,
    `    <link>${xmlEscape(`${o}/`)}</link>`,
    "    <description>Wellness articles and ebooks for women</description>",
    "    <language>en-KE</language>",
    `    <atom:link href="${xmlEscape(`${o}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    <lastBuildDate>${newest}</lastBuildDate>`] : []),
    ...items.map((a) => rssItem(a, o)),
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/**
 * The newest date a feed or the sitemap shows (its `<lastmod>`s, the feed's `<lastBuildDate>`), for Last-Modified. Read
 * from the document itself, so the cached document and its date can never disagree; a change without a date of its own
 * (an article unpublished) changes the ETag instead.
 */
export function documentLastModified(xml: string): Date | null {
  let newest: number | null = null;
  for (const [, value] of xml.matchAll(/<(?:lastmod|lastBuildDate)>([^<]+)<\//g)) {
    const at = Date.parse(value!);
    if (!Number.isNaN(at) && (newest === null || at > newest)) newest = at;
  }
  return newest === null ? null : new Date(newest);
}
