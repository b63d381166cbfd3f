// The article rows sitemap.xml and rss.xml print, read with only the columns they print. The feeds are
// public, so everything here is what a guest may see: ids, dates, titles, categories and the public summary.
// Bodies are read only to cut the preview of an article without an excerpt, and only for those rows.
import { and, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { articleCategories, articles, categories } from "~/db/schema";
import { accessForArticle, guestViewer, type AccessType } from "~/modules/access/policy";
import type { CategoryRef } from "./articles.server";
import { cutAtWord, PREVIEW_CHARS } from "./text";
import { bodyText, type ArticleBody } from "./article-card-text";

/** A sitemap entry of a published article: nothing but its id and last change. */
export interface SitemapArticle {
  id: string;
  updatedAt: Date;
}

/** Published articles newest first, as id and last change only (never a body). */
export async function sitemapArticles(limit: number): Promise<SitemapArticle[]> {
  return getDb()
    .select({ id: articles.id, updatedAt: articles.updatedAt })
    .from(articles)
    .where(eq(articles.published, true))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(limit);
}

/** What an RSS item shows of an article. */
export interface RssArticle {
  id: string;
  title: string;
  createdAt: Date;
  /** The text a guest sees in a list: the excerpt, or a preview cut from the start of the body. */
  summary: string;
  categories: CategoryRef[];
}

type Body = ArticleBody;

/**
 * The summary gateArticle gives a guest (what feedSummary printed when the feeds read gated articles): for a
 * free article its list excerpt, for a locked one its preview; both are the excerpt when there is one.
 */
export function guestSummary(row: { accessType: AccessType; excerpt: string | null }, body?: Body): string {
  const excerpt = row.excerpt?.trim();
  if (excerpt) return excerpt;
  const free = accessForArticle(guestViewer(), row) === "full" && row.accessType === "free";
  return cutAtWord(bodyText(body), free ? 160 : PREVIEW_CHARS);
}

/** The newest published articles for the RSS feed, reading a body only where the summary is cut from it. */
export async function rssArticles(limit: number): Promise<RssArticle[]> {
  const db = getDb();
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      createdAt: articles.createdAt,
      excerpt: articles.excerpt,
      accessType: articles.accessType,
    })
    .from(articles)
    .where(eq(articles.published, true))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const withoutExcerpt = rows.filter((r) => !r.excerpt?.trim()).map((r) => r.id);
  const [bodies, cats] = await Promise.all([
    withoutExcerpt.length
      ? db
          .select({ id: articles.id, content: articles.content, richContent: articles.richContent })
          .from(articles)
          .where(and(inArray(articles.id, withoutExcerpt), eq(articles.published, true)))
      : Promise.resolve([]),
    db
      .select({
        articleId: articleCategories.articleId,
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
      })
      .from(articleCategories)
      .innerJoin(categories, eq(categories.id, articleCategories.categoryId))
      .where(inArray(articleCategories.articleId, ids)),
  ]);
  const bodyById = new Map(bodies.map((b) => [b.id, b]));
  const catsById = new Map<string, CategoryRef[]>();
  for (const c of cats) {
    const list = catsById.get(c.articleId) ?? [];
    list.push({ id: c.id, name: c.name, slug: c.slug });
    catsById.set(c.articleId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    createdAt: r.createdAt,
    summary: guestSummary(r, bodyById.get(r.id)),
    categories: catsById.get(r.id) ?? [],
  }));
}
