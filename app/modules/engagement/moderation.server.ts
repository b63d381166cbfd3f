// Moderation: reviews and comments wait unapproved until an admin approves (public) or deletes them (gone).
import { recordActivity } from "~/modules/admin/activity.server";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { articleComments, articles, contentReviews, ebooks, profiles, users } from "~/db/schema";
import { type AdminViewer } from "~/modules/access/policy";
import { AppError, defineErrors } from "~/lib/app-error";
import { isId } from "~/lib/ids";

export const MODERATION_PAGE_SIZE = 50;

export type ModerationKind = "review" | "comment";

export interface PendingItem {
  id: string;
  kind: ModerationKind;
  /** What it is about: the article or ebook, with its public path. */
  about: { title: string; path: string; kind: "article" | "ebook" } | null;
  author: { name: string; email: string };
  rating: number | null;
  title: string | null;
  body: string;
  createdAt: string;
}

const authorName = sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${users.name}, 'Reader')`;

export async function pendingModerationCounts(_admin: AdminViewer): Promise<{ reviews: number; comments: number }> {
  const db = getDb();
  const [[reviews], [comments]] = await Promise.all([
    db.select({ n: count() }).from(contentReviews).where(eq(contentReviews.isApproved, false)),
    db.select({ n: count() }).from(articleComments).where(eq(articleComments.isApproved, false)),
  ]);
  return { reviews: reviews.n, comments: comments.n };
}

/** The number the admin navigation shows on its Moderation link. */
export async function pendingModerationTotal(viewer: AdminViewer): Promise<number> {
  const { reviews, comments } = await pendingModerationCounts(viewer);
  return reviews + comments;
}

/** Unapproved reviews or comments, oldest first (spec), with what they are about and who wrote them. */
export async function listPending(viewer: AdminViewer, kind: ModerationKind): Promise<PendingItem[]> {
  const db = getDb();
  if (kind === "comment") {
    const rows = await db
      .select({
        id: articleComments.id,
        body: articleComments.body,
        createdAt: articleComments.createdAt,
        articleId: articles.id,
        articleTitle: articles.title,
        name: authorName,
        email: users.email,
      })
      .from(articleComments)
      .innerJoin(users, eq(users.id, articleComments.userId))
      .leftJoin(profiles, eq(profiles.id, articleComments.userId))
      .leftJoin(articles, eq(articles.id, articleComments.articleId))
      .where(eq(articleComments.isApproved, false))
      .orderBy(asc(articleComments.createdAt), asc(articleComments.id))
      .limit(MODERATION_PAGE_SIZE);
    return rows.map((r) => ({
      id: r.id,
      kind: "comment",
      about: r.articleId ? { title: r.articleTitle!, path: `/article/${r.articleId}`, kind: "article" } : null,
      author: { name: r.name, email: r.email },
      rating: null,
      title: null,
      body: r.body,
      createdAt: r.createdAt.toISOString(),
    }));
  }
  const rows = await db
    .select({
      id: contentReviews.id,
      contentType: contentReviews.contentType,
      contentId: contentReviews.contentId,
      rating: contentReviews.rating,
      title: contentReviews.title,
      body: contentReviews.body,
      createdAt: contentReviews.createdAt,
      articleTitle: articles.title,
      ebookTitle: ebooks.title,
      name: authorName,
      email: users.email,
    })
    .from(contentReviews)
    .innerJoin(users, eq(users.id, contentReviews.userId))
    .leftJoin(profiles, eq(profiles.id, contentReviews.userId))
    .leftJoin(articles, and(eq(contentReviews.contentType, "article"), eq(articles.id, contentReviews.contentId)))
    .leftJoin(ebooks, and(eq(contentReviews.contentType, "ebook"), eq(ebooks.id, contentReviews.contentId)))
    .where(eq(contentReviews.isApproved, false))
    .orderBy(asc(contentReviews.createdAt), asc(contentReviews.id))
    .limit(MODERATION_PAGE_SIZE);
  return rows.map((r) => {
    const title = r.contentType === "article" ? r.articleTitle : r.ebookTitle;
    return {
      id: r.id,
      kind: "review",
      about: title ? { title, path: `/${r.contentType}/${r.contentId}`, kind: r.contentType } : null,
      author: { name: r.name, email: r.email },
      rating: r.rating,
      title: r.title,
      body: r.body ?? "",
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** Why a moderation decision was refused; thrown as AppError. */
export const MODERATION_ERRORS = defineErrors({
  /** Another admin approved or deleted it first, or it never was (the words name a review or a comment). */
  MODERATION_ALREADY_HANDLED: { status: 404, title: "Not Found", message: "This item was already handled." },
  MODERATION_REQUEST_UNKNOWN: { status: 400, title: "Error", message: "Unknown moderation request." },
});

const alreadyHandled = (kind: ModerationKind) =>
  new AppError(MODERATION_ERRORS.MODERATION_ALREADY_HANDLED, `This ${kind} was already handled.`);

/** Approves (makes public) or deletes one pending or approved item; MODERATION_ALREADY_HANDLED when there is none. */
export async function moderate(
  viewer: AdminViewer,
  input: { kind: ModerationKind; id: string; decision: "approve" | "delete" },
): Promise<void> {
  if (!isId(input.id)) throw alreadyHandled(input.kind);
  const db = getDb();
  const table = input.kind === "review" ? contentReviews : articleComments;
  await db.transaction(async (tx) => {
    const rows =
      input.decision === "approve"
        ? await tx.update(table).set({ isApproved: true }).where(eq(table.id, input.id)).returning({ id: table.id })
        : await tx.delete(table).where(eq(table.id, input.id)).returning({ id: table.id });
    if (rows.length !== 1) throw alreadyHandled(input.kind);
    await recordActivity(tx, viewer, {
      action: input.decision === "approve" ? "approved" : "deleted",
      entityType: input.kind,
      entityId: input.id,
      summary: `${input.kind === "review" ? "Review" : "Comment"} ${input.decision === "approve" ? "approved" : "deleted"}`,
    });
  });
}
