// Server-side bookmarks of articles and ebooks: they follow the reader across devices. Listings carry
// titles and card details only, never article bodies.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { articles, bookmarks, ebooks, type RichBlock } from "~/db/schema";
import { plainText, readingMinutes } from "~/modules/content/text";
import { isPublishedContent } from "./reviews.server";
import type { ContentType } from "./schemas";

export type ToggleBookmarkResult = { ok: true; bookmarked: boolean } | { ok: false; code: "NOT_FOUND" };

export interface BookmarkedArticle {
  id: string;
  title: string;
  categoryName: string | null;
  readingMinutes: number;
  /** ISO timestamp. */
  bookmarkedAt: string;
}

export interface BookmarkedEbook {
  id: string;
  title: string;
  pageCount: number | null;
  coverImageUrl: string | null;
  /** ISO timestamp. */
  bookmarkedAt: string;
}

/** Adds the bookmark when absent, removes it when present. The content must exist and be published. */
export async function toggleBookmark({
  userId,
  contentType,
  contentId,
}: {
  userId: string;
  contentType: ContentType;
  contentId: string;
}): Promise<ToggleBookmarkResult> {
  if (!(await isPublishedContent(contentType, contentId))) return { ok: false, code: "NOT_FOUND" };
  const db = getDb();
  const removed = await db
    .delete(bookmarks)
    .where(
      and(eq(bookmarks.userId, userId), eq(bookmarks.contentType, contentType), eq(bookmarks.contentId, contentId)),
    )
    .returning({ id: bookmarks.id });
  if (removed.length > 0) return { ok: true, bookmarked: false };
  await db.insert(bookmarks).values({ userId, contentType, contentId }).onConflictDoNothing();
  return { ok: true, bookmarked: true };
}

/** The ids a user has bookmarked, to mark toggles on cards and detail pages. */
export async function bookmarkedIds(userId: string): Promise<{ articles: Set<string>; ebooks: Set<string> }> {
  const rows = await getDb()
    .select({ contentType: bookmarks.contentType, contentId: bookmarks.contentId })
    .from(bookmarks)
    .where(eq(bookmarks.userId, userId));
  const out = { articles: new Set<string>(), ebooks: new Set<string>() };
  for (const r of rows) (r.contentType === "article" ? out.articles : out.ebooks).add(r.contentId);
  return out;
}

/** Same text as the article cards count: the rich text blocks when present, else the stored content. */
function articleText(content: string, richContent: RichBlock[] | null): string {
  const blocks = richContent?.filter((b) => b.type === "text").map((b) => b.content) ?? [];
  return plainText(blocks.length ? blocks.join(" ") : content);
}

/** A user's bookmarks of published content, newest bookmark first. */
export async function listBookmarks(
  userId: string,
): Promise<{ articles: BookmarkedArticle[]; ebooks: BookmarkedEbook[] }> {
  const db = getDb();
  const [articleRows, ebookRows] = await Promise.all([
    db
      .select({
        id: articles.id,
        title: articles.title,
        // Read only to count minutes; never returned.
        content: articles.content,
        richContent: articles.richContent,
        categoryName: sql<string | null>`(
          select c.name from article_categories ac join categories c on c.id = ac.category_id
          where ac.article_id = ${articles.id} order by c.sort_key, c.name limit 1
        )`,
        bookmarkedAt: bookmarks.createdAt,
      })
      .from(bookmarks)
      .innerJoin(articles, eq(articles.id, bookmarks.contentId))
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.contentType, "article"), eq(articles.published, true)))
      .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id)),
    db
      .select({
        id: ebooks.id,
        title: ebooks.title,
        pageCount: ebooks.pageCount,
        coverImageUrl: ebooks.coverImageUrl,
        bookmarkedAt: bookmarks.createdAt,
      })
      .from(bookmarks)
      .innerJoin(ebooks, eq(ebooks.id, bookmarks.contentId))
      .where(and(eq(bookmarks.userId, userId), eq(bookmarks.contentType, "ebook"), eq(ebooks.published, true)))
      .orderBy(desc(bookmarks.createdAt), desc(bookmarks.id)),
  ]);
  return {
    articles: articleRows.map((r) => ({
      id: r.id,
      title: r.title,
      categoryName: r.categoryName ?? null,
      readingMinutes: readingMinutes(articleText(r.content, r.richContent)),
      bookmarkedAt: r.bookmarkedAt.toISOString(),
    })),
    ebooks: ebookRows.map((r) => ({ ...r, bookmarkedAt: r.bookmarkedAt.toISOString() })),
  };
}

/** How many articles and ebooks she saved (the library's summary). */
export async function bookmarkCounts(userId: string): Promise<{ articles: number; ebooks: number }> {
  const rows = await getDb()
    .select({ contentType: bookmarks.contentType, n: count() })
    .from(bookmarks)
    .where(eq(bookmarks.userId, userId))
    .groupBy(bookmarks.contentType);
  const of = (type: string) => Number(rows.find((r) => r.contentType === type)?.n ?? 0);
  return { articles: of("article"), ebooks: of("ebook") };
}
