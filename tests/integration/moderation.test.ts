// Moderation against a real database: the queues oldest first with what and who, approval makes an item public,
// deletion removes it, and only an admin's Viewer may do either.
import { beforeAll, describe, expect, it, expectTypeOf } from "vitest";
import { loadAdmin } from "../setup/admin-viewer";
import { randomUUID } from "node:crypto";
import { appTestDatabase } from "../setup/app-test-database";
import { articleComments, contentReviews } from "~/db/schema";
import { createArticle, createEbook, createUser } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { guestViewer, type Viewer, type AdminViewer, adminViewer } from "~/modules/access/policy";
import {
  listPending,
  moderate,
  MODERATION_ERRORS,
  pendingModerationCounts,
} from "~/modules/engagement/moderation.server";
import { listApprovedReviews } from "~/modules/engagement/reviews.server";
import { listApprovedComments } from "~/modules/engagement/comments.server";

const database = appTestDatabase();
let admin: AdminViewer;
let reader: Viewer;
let author: { id: string };

beforeAll(async () => {
  const adminUser = await createUser(database.db(), { email: "editor@example.com", role: "admin" });
  admin = await loadAdmin(adminUser);
  const readerUser = await createUser(database.db(), { email: "plain@example.com" });
  reader = await loadViewer(readerUser);
  author = await createUser(database.db(), { email: "amina@example.com", fullName: "Amina Wanjiku" });
});

describe(`moderation (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("lists unapproved reviews and comments oldest first, with what they are about and who wrote them", async () => {
    const article = await createArticle(database.db(), { title: "Hip mobility at home" });
    const ebook = await createEbook(database.db(), { title: "Glow Skin Guide" });
    const base = Date.UTC(2026, 10, 1);
    await database
      .db()
      .insert(contentReviews)
      .values([
        {
          contentType: "ebook",
          contentId: ebook.id,
          userId: author.id,
          rating: 4,
          title: "Second",
          createdAt: new Date(base + 60_000),
        },
        {
          contentType: "article",
          contentId: article.id,
          userId: author.id,
          rating: 5,
          title: "First",
          createdAt: new Date(base),
        },
        {
          contentType: "article",
          contentId: article.id,
          userId: author.id,
          rating: 3,
          title: "Public",
          isApproved: true,
        },
      ]);
    await database
      .db()
      .insert(articleComments)
      .values([
        { articleId: article.id, userId: author.id, body: "Later comment", createdAt: new Date(base + 120_000) },
        { articleId: article.id, userId: author.id, body: "Earlier comment", createdAt: new Date(base) },
      ]);
    const reviews = await listPending(admin, "review");
    expect(reviews.map((r) => r.title)).toEqual(["First", "Second"]);
    expect(reviews[0]).toMatchObject({
      kind: "review",
      rating: 5,
      author: { name: "Amina Wanjiku", email: "amina@example.com" },
      about: { kind: "article", title: "Hip mobility at home", path: `/article/${article.id}` },
    });
    expect(reviews[1].about).toMatchObject({ kind: "ebook", title: "Glow Skin Guide", path: `/ebook/${ebook.id}` });
    const comments = await listPending(admin, "comment");
    expect(comments.map((c) => c.body)).toEqual(["Earlier comment", "Later comment"]);
    expect(await pendingModerationCounts(admin)).toEqual({ reviews: 2, comments: 2 });
  });

  it("makes an approved review public and removes a deleted comment for good", async () => {
    const article = await createArticle(database.db(), { title: "Walking plan" });
    const [review] = await database
      .db()
      .insert(contentReviews)
      .values({ contentType: "article", contentId: article.id, userId: author.id, rating: 5, title: "Loved it" })
      .returning();
    const [comment] = await database
      .db()
      .insert(articleComments)
      .values({ articleId: article.id, userId: author.id, body: "Spam link" })
      .returning();
    expect(await listApprovedReviews({ contentType: "article", contentId: article.id })).toHaveLength(0);
    await moderate(admin, { kind: "review", id: review.id, decision: "approve" });
    expect((await listApprovedReviews({ contentType: "article", contentId: article.id })).map((r) => r.title)).toEqual([
      "Loved it",
    ]);
    await moderate(admin, { kind: "comment", id: comment.id, decision: "delete" });
    expect(await listApprovedComments({ articleId: article.id })).toHaveLength(0);
    expect((await listPending(admin, "comment")).some((c) => c.id === comment.id)).toBe(false);
    // Handled already, or never there.
    const handled = { code: MODERATION_ERRORS.MODERATION_ALREADY_HANDLED.code, status: 404 };
    await expect(moderate(admin, { kind: "comment", id: comment.id, decision: "approve" })).rejects.toMatchObject({
      ...handled,
      message: "This comment was already handled.",
    });
    await expect(moderate(admin, { kind: "review", id: randomUUID(), decision: "delete" })).rejects.toMatchObject({
      ...handled,
      message: "This review was already handled.",
    });
    await expect(moderate(admin, { kind: "review", id: "not-an-id", decision: "delete" })).rejects.toMatchObject(
      handled,
    );
  });

  it("refuses anyone who is not an admin", async () => {
    for (const viewer of [reader, guestViewer()]) {
      expect(adminViewer(viewer)).toBeNull();
      // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
      expectTypeOf(listPending).toBeCallableWith(viewer, "review");
      // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
      expectTypeOf(pendingModerationCounts).toBeCallableWith(viewer);
      // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
      expectTypeOf(moderate).toBeCallableWith(viewer, { kind: "review", id: randomUUID(), decision: "approve" });
    }
  });
});
