// Reviews of articles and ebooks (spec 2, 5, 8, 9). Readers see approved reviews only; a new review waits
// for moderation (is_approved false) and is stored exactly as written, as plain text.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { isId } from "~/lib/ids";
import { getDb } from "~/db/client.server";
import { articles, contentReviews, ebooks, profiles } from "~/db/schema";
import { refused, type Refused } from "~/lib/app-error.server";
import { hitFixedWindow } from "~/modules/security/rate-limit.server";
import { ENGAGEMENT_ERRORS } from "./engagement-errors";
import type { ContentType, ReviewInput, ReviewItem, ReviewSummary } from "./schemas";

export const REVIEWS_SHOWN = 10;

/** Reviews and comments together: at most 3 per user per minute. */
export const POST_LIMIT = 3;
export const POST_WINDOW_MS = 60_000;

/** A stored review or comment, or its refusal (the content is not published; the posting limit, with when to retry). */
export type PostResult = { ok: true; id: string } | Refused;

/** Whether an article or ebook exists and is published. */
export async function isPublishedContent(contentType: ContentType, contentId: string): Promise<boolean> {
  if (!isId(contentId)) return false;
  const table = contentType === "article" ? articles : ebooks;
  const [row] = await getDb()
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, contentId), eq(table.published, true)))
    .limit(1);
  return Boolean(row);
}

/** Counts one review or comment of `userId`; false when over the shared per-minute limit. */
export async function hitPostLimit(userId: string, now = new Date()) {
  return hitFixedWindow(getDb(), { key: `post:${userId}`, limit: POST_LIMIT, windowMs: POST_WINDOW_MS, now });
}

/** The name shown beside a review or comment: the profile's full name, or 'Reader'. */
export const displayName = sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), 'Reader')`;

/** Average (one decimal) and count of the approved reviews of one article or ebook. */
export async function getReviewSummary({
  contentType,
  contentId,
}: {
  contentType: ContentType;
  contentId: string;
}): Promise<ReviewSummary> {
  if (!isId(contentId)) return { average: null, count: 0 };
  const [row] = await getDb()
    .select({
      // Rounded by the database on exact numerics, so 4.25 shows as 4.3 rather than a float artefact.
      average: sql<string | null>`round(avg(${contentReviews.rating}), 1)`,
      count: count(),
    })
    .from(contentReviews)
    .where(
      and(
        eq(contentReviews.contentType, contentType),
        eq(contentReviews.contentId, contentId),
        eq(contentReviews.isApproved, true),
      ),
    );
  const average = row?.average == null ? null : Number(row.average);
  return { average: average === null || Number.isNaN(average) ? null : average, count: Number(row?.count ?? 0) };
}

/** Approved reviews, newest first, with the reviewer's display name. */
export async function listApprovedReviews({
  contentType,
  contentId,
  limit = REVIEWS_SHOWN,
}: {
  contentType: ContentType;
  contentId: string;
  limit?: number;
}): Promise<ReviewItem[]> {
  if (!isId(contentId)) return [];
  const rows = await getDb()
    .select({
      id: contentReviews.id,
      rating: contentReviews.rating,
      title: contentReviews.title,
      body: contentReviews.body,
      createdAt: contentReviews.createdAt,
      authorName: displayName,
    })
    .from(contentReviews)
    .leftJoin(profiles, eq(profiles.id, contentReviews.userId))
    .where(
      and(
        eq(contentReviews.contentType, contentType),
        eq(contentReviews.contentId, contentId),
        eq(contentReviews.isApproved, true),
      ),
    )
    .orderBy(desc(contentReviews.createdAt), desc(contentReviews.id))
    .limit(Math.min(Math.max(Math.floor(limit), 1), 100));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * Stores a review for moderation (is_approved false), as given. The content must be published, and the
 * author within the shared limit of reviews and comments per minute.
 */
export async function submitReview({
  user,
  input,
  now = new Date(),
}: {
  user: { id: string };
  input: ReviewInput;
  now?: Date;
}): Promise<PostResult> {
  if (!(await isPublishedContent(input.contentType, input.contentId)))
    return refused(ENGAGEMENT_ERRORS.REVIEW_TARGET_GONE);
  const limit = await hitPostLimit(user.id, now);
  if (!limit.allowed) return refused(ENGAGEMENT_ERRORS.REVIEW_TOO_FAST, limit.retryAfterMs);
  const [row] = await getDb()
    .insert(contentReviews)
    .values({
      contentType: input.contentType,
      contentId: input.contentId,
      userId: user.id,
      rating: input.rating,
      title: input.title ?? null,
      body: input.body ?? null,
      isApproved: false,
    })
    .returning({ id: contentReviews.id });
  return { ok: true, id: row!.id };
}
