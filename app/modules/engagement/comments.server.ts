// Article comments (spec 2, 5, 8, 9). Readers see approved comments only; a new comment waits for
// moderation (is_approved false) and is stored exactly as written, as plain text.
import { and, desc, eq } from "drizzle-orm";
import { isId } from "~/lib/ids";
import { getDb } from "~/db/client.server";
import { articleComments, profiles } from "~/db/schema";
import { refused } from "~/lib/app-error.server";
import { ENGAGEMENT_ERRORS } from "./engagement-errors";
import { displayName, hitPostLimit, isPublishedContent, type PostResult } from "./reviews.server";
import type { CommentInput, CommentItem } from "./schemas";

export const COMMENTS_SHOWN = 20;

/** Approved comments of an article, newest first, with the commenter's display name. */
export async function listApprovedComments({
  articleId,
  limit = COMMENTS_SHOWN,
}: {
  articleId: string;
  limit?: number;
}): Promise<CommentItem[]> {
  if (!isId(articleId)) return [];
  const rows = await getDb()
    .select({
      id: articleComments.id,
      body: articleComments.body,
      createdAt: articleComments.createdAt,
      authorName: displayName,
    })
    .from(articleComments)
    .leftJoin(profiles, eq(profiles.id, articleComments.userId))
    .where(and(eq(articleComments.articleId, articleId), eq(articleComments.isApproved, true)))
    .orderBy(desc(articleComments.createdAt), desc(articleComments.id))
    .limit(Math.min(Math.max(Math.floor(limit), 1), 100));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * Stores a comment for moderation (is_approved false), as given. The article must be published, and the
 * author within the limit of reviews and comments per minute shared with submitReview.
 */
export async function submitComment({
  user,
  input,
  now = new Date(),
}: {
  user: { id: string };
  input: CommentInput;
  now?: Date;
}): Promise<PostResult> {
  if (!(await isPublishedContent("article", input.articleId))) return refused(ENGAGEMENT_ERRORS.COMMENT_TARGET_GONE);
  const limit = await hitPostLimit(user.id, now);
  if (!limit.allowed) return refused(ENGAGEMENT_ERRORS.COMMENT_TOO_FAST, limit.retryAfterMs);
  const [row] = await getDb()
    .insert(articleComments)
    .values({ articleId: input.articleId, userId: user.id, body: input.body, isApproved: false })
    .returning({ id: articleComments.id });
  return { ok: true, id: row!.id };
}
