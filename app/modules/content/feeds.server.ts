// sitemap.xml and rss.xml. Articles are read only through listArticlesForViewer with a guest viewer, so
// locked bodies arrive already gated; the feeds never use an article body, only the title and the public
// excerpt/preview.
import { asc, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { categories, ebooks } from "~/db/schema";
import { guestViewer } from "~/modules/access/policy";
import { SHOP_NAME } from "~/modules/site/meta";
import { listArticlesForViewer, type GatedArticle } from "./articles.server";

export const STATIC_PATHS = ["/", "/about", "/terms", "/pricing", "/articles", "/ebooks", "/categories"] as const;
export const RSS_ITEMS = 30;
const SITEMAP_PAGE_SIZE = 50;
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

/** Text a feed may show for an article: the gated preview for locked ones, the excerpt for free ones. */
export function feedSummary(article: GatedArticle): string {
  return article.access === "full" && article.accessType === "free" ? article.excerpt : article.preview;
}

async function allPublishedArticles(): Promise<GatedArticle[]> {
  const viewer = guestViewer();
  const seen = new Set<string>();
  const out: GatedArticle[] = [];
  for (let page = 1; out.length < SITEMAP_MAX_URLS; page++) {
    const { items, total } = await listArticlesForViewer({ viewer, page, pageSize: SITEMAP_PAGE_SIZE });
    for (const item of items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
    if (items.length < SITEMAP_PAGE_SIZE || page * SITEMAP_PAGE_SIZE >= total) break;
  }
  return out;
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
export async function sitemapXml(origin: string): Promise<string> {
  const o = base(origin);
  const db = getDb();
  const [articleList, ebookRows, categoryRows] = await Promise.all([
    allPublishedArticles(),
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
  const entries: SitemapEntry[] = [
    ...STATIC_PATHS.map((p) => ({ loc: `${o}${p}` })),
    ...articleList.map((a) => ({ loc: `${o}/article/${a.id}`, lastmod: a.updatedAt })),
    ...ebookRows.map((e) => ({ loc: `${o}/ebook/${e.id}`, lastmod: e.updatedAt.toISOString() })),
    ...categoryRows.map((c) => ({
      loc: `${o}/category/${encodeURIComponent(c.slug)}`,
      lastmod: c.updatedAt.toISOString(),
    })),
  ].slice(0, SITEMAP_MAX_URLS);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(urlElement),
    "</urlset>",
    "",
  ].join("\n");
}

function rssItem(article: GatedArticle, o: string): string {
  const link = `${o}/article/${article.id}`;
  const lines = [
    "    <item>",
    `      <title>${xmlEscape(article.title)}</title>`,
    `      <link>${xmlEscape(link)}</link>`,
    `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
    `      <pubDate>${new Date(article.createdAt).toUTCString()}</pubDate>`,
    `      <description>${xmlEscape(feedSummary(article))}</description>`,
    ...article.categories.map(
      (c) =>
        `      <category domain="${xmlEscape(`${o}/category/${encodeURIComponent(c.slug)}`)}">${xmlEscape(c.name)}</category>`,
    ),
    "    </item>",
  ];
  return lines.join("\n");
}

/** RSS 2.0 with the newest published articles; descriptions are excerpts/previews, never bodies. */
export async function rssXml(origin: string): Promise<string> {
  const o = base(origin);
  const { items } = await listArticlesForViewer({ viewer: guestViewer(), page: 1, pageSize: RSS_ITEMS });
  const newest = items[0] ? new Date(items[0].createdAt).toUTCString() : null;
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
