// Server-side bookmarks of articles and ebooks: they follow the reader across devices. Listings carry
// titles and card details only, never article bodies.
import { and, count, desc, eq, lt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { articles, bookmarkChanges, bookmarks, ebooks, type RichBlock } from "~/db/schema";
import { plainText, readingMinutes } from "~/modules/content/text";
import { refused, type Refused } from "~/lib/app-error.server";
import { ENGAGEMENT_ERRORS } from "./engagement-errors";
import { isPublishedContent } from "./reviews.server";
import type { ContentType } from "./schemas";

export type ToggleBookmarkResult = { ok: true; bookmarked: boolean } | Refused;

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

type Db = ReturnType<typeof getDb>;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Target = { userId: string; contentType: ContentType; contentId: string };

const sameTarget = (t: Target) =>
  and(eq(bookmarks.userId, t.userId), eq(bookmarks.contentType, t.contentType), eq(bookmarks.contentId, t.contentId));

/** Makes the bookmark present or absent (inside the caller's transaction). */
async function apply(tx: Tx, t: Target, bookmarked: boolean) {
  if (bookmarked) await tx.insert(bookmarks).values(t).onConflictDoNothing();
  else await tx.delete(bookmarks).where(sameTarget(t));
}

/**
 * Adds the bookmark when absent, removes it when present (the online button before ADR 033, and a page posted
 * without JavaScript). The content must exist and be published. Records the change as made now.
 */
export async function toggleBookmark(t: Target): Promise<ToggleBookmarkResult> {
  if (!(await isPublishedContent(t.contentType, t.contentId))) return refused(ENGAGEMENT_ERRORS.BOOKMARK_TARGET_GONE);
  return getDb().transaction(async (tx) => {
    // The change time first: its row lock orders this toggle with a "set" of the same bookmark.
    await tx
      .insert(bookmarkChanges)
      .values({ ...t, changedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [bookmarkChanges.userId, bookmarkChanges.contentType, bookmarkChanges.contentId],
        set: { changedAt: sql`greatest(${bookmarkChanges.changedAt}, now())` },
      });
    const removed = await tx.delete(bookmarks).where(sameTarget(t)).returning({ id: bookmarks.id });
    if (removed.length > 0) return { ok: true, bookmarked: false };
    await apply(tx, t, true);
    return { ok: true, bookmarked: true };
  });
}

/** How far back a late "set" may be (the service worker keeps a queued post 30 days). */
const MAX_AGE_MS = 31 * 24 * 3600_000;

/**
 * Sets the bookmark to `bookmarked` as she asked at `takenAt` (ms since 1970, the device's clock; a time in the
 * future counts as now). Applied only when newer than the last change of this bookmark, so a tap sent late (queued
 * offline, ADR 033) never undoes a later one, whatever order they arrive in. Answers the bookmark's state after it
 * (`applied: false`: a later change stands). BOOKMARK_TARGET_GONE for content that is not published, or a time older than 31 days.
 */
export async function setBookmark({
  bookmarked,
  takenAt,
  now = Date.now(),
  ...t
}: Target & { bookmarked: boolean; takenAt: number; now?: number }): Promise<
  { ok: true; bookmarked: boolean; applied: boolean } | Refused
> {
  if (!Number.isSafeInteger(takenAt) || takenAt < now - MAX_AGE_MS)
    return refused(ENGAGEMENT_ERRORS.BOOKMARK_TARGET_GONE);
  if (!(await isPublishedContent(t.contentType, t.contentId))) return refused(ENGAGEMENT_ERRORS.BOOKMARK_TARGET_GONE);
  const at = new Date(Math.min(takenAt, now));
  return getDb().transaction(async (tx) => {
    const newer = await tx
      .insert(bookmarkChanges)
      .values({ ...t, changedAt: at })
      .onConflictDoUpdate({
        target: [bookmarkChanges.userId, bookmarkChanges.contentType, bookmarkChanges.contentId],
        set: { changedAt: at },
        setWhere: lt(bookmarkChanges.changedAt, at),
      })
      .returning({ changedAt: bookmarkChanges.changedAt });
    if (newer.length > 0) {
      await apply(tx, t, bookmarked);
      return { ok: true, bookmarked, applied: true };
    }
    const [row] = await tx.select({ id: bookmarks.id }).from(bookmarks).where(sameTarget(t));
    return { ok: true, bookmarked: Boolean(row), applied: false };
  });
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
