import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import type { Refused } from "~/lib/app-error.server";
import { appDatabase } from "~/db/client.server";
import { articleComments, articles, bookmarks, contentReviews, ebooks } from "~/db/schema";
import { createArticle, createCategory, createEbook, createUser } from "~/db/seed/factories";
import { commentSchema, reviewSchema } from "~/modules/engagement/schemas";
import { bookmarkSetSchema } from "~/modules/engagement/bookmark-set.server";
import { getReviewSummary, listApprovedReviews, submitReview } from "~/modules/engagement/reviews.server";
import { listApprovedComments, submitComment } from "~/modules/engagement/comments.server";
import { bookmarkedIds, listBookmarks, setBookmark, toggleBookmark } from "~/modules/engagement/bookmarks.server";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  // The modules read the app's shared database through getDb().
  appDatabase.handle = t;
  appDatabase.ready = true;
});
afterAll(async () => {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

/** A fresh reader, so the per-minute posting limit of one test never touches another. */
let userCount = 0;
/** What a refusal tells the reader (its code and words, and when to retry after a limit); null when it was done. */
function refusalIn(result: { ok: true } | Refused) {
  if (result.ok) return null;
  const { code, message } = result.error;
  return result.retryAfterMs === undefined ? { code, message } : { code, message, retryAfterMs: result.retryAfterMs };
}

const newUser = (fullName?: string) => createUser(t.db, { email: `reader${++userCount}@example.com`, fullName });

const review = (contentType: "article" | "ebook", contentId: string, extra: Record<string, string> = {}) =>
  reviewSchema.parse({ contentType, contentId, ...extra });

async function approveAllReviews(contentId: string) {
  await t.db.update(contentReviews).set({ isApproved: true }).where(eq(contentReviews.contentId, contentId));
}

/** Reviews inserted directly (bypassing the posting limit), one minute apart, the last one newest. */
async function insertReviews(
  contentId: string,
  items: { rating: number | null; approved: boolean; title?: string }[],
  contentType: "article" | "ebook" = "article",
) {
  const user = await newUser();
  const base = Date.UTC(2026, 0, 1);
  await t.db.insert(contentReviews).values(
    items.map((item, i) => ({
      contentType,
      contentId,
      userId: user.id,
      rating: item.rating,
      title: item.title ?? `Review ${i}`,
      isApproved: item.approved,
      createdAt: new Date(base + i * 60_000),
    })),
  );
}

describe(`reviews (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("keeps a new review pending until an admin approves it", async () => {
    const article = await createArticle(t.db);
    const user = await newUser("Wanjiku Kamau");
    const result = await submitReview({
      user,
      input: review("article", article.id, { rating: "4", title: " Helpful ", body: "Loved it." }),
    });
    expect(result).toMatchObject({ ok: true });

    const [stored] = await t.db.select().from(contentReviews).where(eq(contentReviews.contentId, article.id));
    expect(stored).toMatchObject({
      rating: 4,
      title: "Helpful",
      body: "Loved it.",
      isApproved: false,
      userId: user.id,
    });
    expect(await listApprovedReviews({ contentType: "article", contentId: article.id })).toEqual([]);
    expect(await getReviewSummary({ contentType: "article", contentId: article.id })).toEqual({
      average: null,
      count: 0,
    });

    await approveAllReviews(article.id);
    const list = await listApprovedReviews({ contentType: "article", contentId: article.id });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ rating: 4, title: "Helpful", body: "Loved it.", authorName: "Wanjiku Kamau" });
    expect(typeof list[0]!.createdAt).toBe("string");
    expect(await getReviewSummary({ contentType: "article", contentId: article.id })).toEqual({
      average: 4,
      count: 1,
    });
  });

  it("defaults the rating to 5 and stores empty title and body as null", async () => {
    const ebook = await createEbook(t.db);
    const user = await newUser();
    expect(await submitReview({ user, input: review("ebook", ebook.id, { title: "  ", body: "" }) })).toMatchObject({
      ok: true,
    });
    const [stored] = await t.db.select().from(contentReviews).where(eq(contentReviews.contentId, ebook.id));
    expect(stored).toMatchObject({ contentType: "ebook", rating: 5, title: null, body: null, isApproved: false });
  });

  it("averages and counts approved reviews only, with one decimal", async () => {
    const article = await createArticle(t.db);
    await insertReviews(article.id, [
      { rating: 4, approved: true },
      { rating: 5, approved: true },
      { rating: 4, approved: true },
      { rating: 1, approved: false },
      { rating: 1, approved: false },
    ]);
    // (4 + 5 + 4) / 3 = 4.333… -> 4.3; the pending 1-star reviews do not count.
    expect(await getReviewSummary({ contentType: "article", contentId: article.id })).toEqual({
      average: 4.3,
      count: 3,
    });

    const other = await createArticle(t.db);
    await insertReviews(other.id, [
      { rating: 4, approved: true },
      { rating: 4, approved: true },
      { rating: 4, approved: true },
      { rating: 5, approved: true },
    ]);
    // 4.25 rounds half up to 4.3 (exact decimal rounding, not a float artefact).
    expect(await getReviewSummary({ contentType: "article", contentId: other.id })).toEqual({
      average: 4.3,
      count: 4,
    });

    // The same id as an ebook is a different piece of content.
    expect(await getReviewSummary({ contentType: "ebook", contentId: article.id })).toEqual({
      average: null,
      count: 0,
    });
  });

  it("lists the 10 newest approved reviews, newest first", async () => {
    const ebook = await createEbook(t.db);
    await insertReviews(
      ebook.id,
      Array.from({ length: 13 }, (_, i) => ({ rating: (i % 5) + 1, approved: i !== 12, title: `Review ${i}` })),
      "ebook",
    );
    const list = await listApprovedReviews({ contentType: "ebook", contentId: ebook.id });
    expect(list.map((r) => r.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Review ${11 - i}`));
    expect(await listApprovedReviews({ contentType: "ebook", contentId: ebook.id, limit: 3 })).toHaveLength(3);
    expect((await getReviewSummary({ contentType: "ebook", contentId: ebook.id })).count).toBe(12);
  });

  it("shows 'Reader' when the reviewer has no name", async () => {
    const article = await createArticle(t.db);
    const user = await newUser("");
    await submitReview({ user, input: review("article", article.id) });
    await approveAllReviews(article.id);
    const [item] = await listApprovedReviews({ contentType: "article", contentId: article.id });
    expect(item?.authorName).toBe("Reader");
  });

  it("refuses reviews of unpublished or unknown content", async () => {
    const user = await newUser();
    const draft = await createArticle(t.db, { published: false });
    const draftEbook = await createEbook(t.db, { published: false });
    const gone = { code: "REVIEW_TARGET_GONE", message: "This article or ebook is not available." };
    expect(refusalIn(await submitReview({ user, input: review("article", draft.id) }))).toEqual(gone);
    expect(refusalIn(await submitReview({ user, input: review("ebook", draftEbook.id) }))).toEqual(gone);
    expect(refusalIn(await submitReview({ user, input: review("ebook", randomUUID()) }))).toEqual(gone);
    // An article id is not an ebook.
    const article = await createArticle(t.db);
    expect(refusalIn(await submitReview({ user, input: review("ebook", article.id) }))).toEqual(gone);
    expect(await t.db.$count(contentReviews, eq(contentReviews.userId, user.id))).toBe(0);
  });

  it("stores review text as given, as plain text", async () => {
    const article = await createArticle(t.db);
    const user = await newUser();
    await submitReview({
      user,
      input: review("article", article.id, { title: "<b>hi</b>", body: "<script>alert(1)</script>\nline two" }),
    });
    await approveAllReviews(article.id);
    const [item] = await listApprovedReviews({ contentType: "article", contentId: article.id });
    expect(item).toMatchObject({ title: "<b>hi</b>", body: "<script>alert(1)</script>\nline two" });
  });
});

describe("comments", () => {
  it("rejects empty and too long comments in the schema", () => {
    const articleId = randomUUID();
    const empty = commentSchema.safeParse({ articleId, body: "  \n\t " });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe("Please write something first");
    const long = commentSchema.safeParse({ articleId, body: "a".repeat(1001) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe("Comments can be at most 1000 characters");
    expect(commentSchema.safeParse({ articleId, body: "a".repeat(1000) }).success).toBe(true);
  });

  it("keeps a new comment pending until approved, stored as plain text", async () => {
    const article = await createArticle(t.db);
    const user = await newUser("Amina Hassan");
    const input = commentSchema.parse({ articleId: article.id, body: "  <b>hi</b>  " });
    expect(await submitComment({ user, input })).toMatchObject({ ok: true });

    const [stored] = await t.db.select().from(articleComments).where(eq(articleComments.articleId, article.id));
    expect(stored).toMatchObject({ body: "<b>hi</b>", isApproved: false, userId: user.id });
    expect(await listApprovedComments({ articleId: article.id })).toEqual([]);

    await t.db.update(articleComments).set({ isApproved: true }).where(eq(articleComments.articleId, article.id));
    const list = await listApprovedComments({ articleId: article.id });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ body: "<b>hi</b>", authorName: "Amina Hassan" });
  });

  it("lists the 20 newest approved comments, newest first", async () => {
    const article = await createArticle(t.db);
    const user = await newUser();
    const base = Date.UTC(2026, 0, 1);
    await t.db.insert(articleComments).values(
      Array.from({ length: 23 }, (_, i) => ({
        articleId: article.id,
        userId: user.id,
        body: `Comment ${i}`,
        isApproved: i !== 22,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const list = await listApprovedComments({ articleId: article.id });
    expect(list.map((c) => c.body)).toEqual(Array.from({ length: 20 }, (_, i) => `Comment ${21 - i}`));
  });

  it("refuses comments on unpublished or unknown articles", async () => {
    const user = await newUser();
    const draft = await createArticle(t.db, { published: false });
    for (const articleId of [draft.id, randomUUID()]) {
      expect(
        refusalIn(await submitComment({ user, input: commentSchema.parse({ articleId, body: "Hello" }) })),
      ).toEqual({ code: "COMMENT_TARGET_GONE", message: "This article is not available." });
    }
  });
});

describe("posting limit", () => {
  it("allows 3 reviews and comments per user per minute and refuses the 4th", async () => {
    const article = await createArticle(t.db);
    const user = await newUser();
    const now = new Date();
    const comment = (body: string) => commentSchema.parse({ articleId: article.id, body });

    expect((await submitReview({ user, input: review("article", article.id), now })).ok).toBe(true);
    expect((await submitComment({ user, input: comment("one"), now })).ok).toBe(true);
    expect((await submitComment({ user, input: comment("two"), now })).ok).toBe(true);

    const fourth = await submitComment({ user, input: comment("three"), now: new Date(now.getTime() + 30_000) });
    expect(refusalIn(fourth)).toEqual({
      code: "COMMENT_TOO_FAST",
      message: "You are posting too quickly. Please wait a minute and try again.",
      retryAfterMs: 30_000,
    });
    const fifth = await submitReview({ user, input: review("article", article.id), now: new Date(now.getTime() + 1) });
    expect(refusalIn(fifth)).toMatchObject({ code: "REVIEW_TOO_FAST" });
    expect(await t.db.$count(articleComments, eq(articleComments.userId, user.id))).toBe(2);
    expect(await t.db.$count(contentReviews, eq(contentReviews.userId, user.id))).toBe(1);

    // Another reader is not affected.
    expect((await submitComment({ user: await newUser(), input: comment("hi"), now })).ok).toBe(true);

    // A minute later the same reader may post again.
    expect((await submitComment({ user, input: comment("later"), now: new Date(now.getTime() + 60_000) })).ok).toBe(
      true,
    );
  });
});

describe("bookmarks", () => {
  it("toggles a bookmark on and off", async () => {
    const article = await createArticle(t.db);
    const user = await newUser();
    const args = { userId: user.id, contentType: "article" as const, contentId: article.id };

    expect(await toggleBookmark(args)).toEqual({ ok: true, bookmarked: true });
    expect((await bookmarkedIds(user.id)).articles.has(article.id)).toBe(true);
    expect(await toggleBookmark(args)).toEqual({ ok: true, bookmarked: false });
    expect((await bookmarkedIds(user.id)).articles.size).toBe(0);
    expect(await toggleBookmark(args)).toEqual({ ok: true, bookmarked: true });
    expect(await t.db.$count(bookmarks, eq(bookmarks.userId, user.id))).toBe(1);
  });

  it("refuses unpublished and unknown content", async () => {
    const user = await newUser();
    const draft = await createArticle(t.db, { published: false });
    const draftEbook = await createEbook(t.db, { published: false });
    const ebook = await createEbook(t.db);
    for (const [contentType, contentId] of [
      ["article", draft.id],
      ["ebook", draftEbook.id],
      ["ebook", randomUUID()],
      ["article", ebook.id],
      ["ebook", "not-a-uuid"],
    ] as const) {
      expect(refusalIn(await toggleBookmark({ userId: user.id, contentType, contentId }))).toEqual({
        code: "BOOKMARK_TARGET_GONE",
        message: "This article or ebook is not available.",
      });
    }
    expect(await t.db.$count(bookmarks, eq(bookmarks.userId, user.id))).toBe(0);
  });

  it("lists bookmarks of published content, newest first, without article bodies", async () => {
    const user = await newUser();
    const other = await newUser();
    const category = await createCategory(t.db, { name: "Weight Loss", slug: `weight-loss-${randomUUID()}` });
    const long = await createArticle(t.db, {
      title: "Long read",
      content: `<p>${"word ".repeat(450)}</p>`,
      categoryIds: [category!.id],
    });
    const short = await createArticle(t.db, { title: "Short read", content: "Just a few words." });
    const hidden = await createArticle(t.db, { title: "Soon a draft" });
    const ebook = await createEbook(t.db, { title: "Glow Guide", pageCount: 42, coverImageUrl: "/media/covers/a.png" });

    for (const [contentType, contentId] of [
      ["article", long.id],
      ["ebook", ebook.id],
      ["article", hidden.id],
      ["article", short.id],
    ] as const) {
      expect(await toggleBookmark({ userId: user.id, contentType, contentId })).toEqual({ ok: true, bookmarked: true });
    }
    await toggleBookmark({ userId: other.id, contentType: "article", contentId: long.id });
    // Bookmark times one second apart, in the order above.
    const base = Date.UTC(2026, 0, 1);
    for (const [i, contentId] of [long.id, ebook.id, hidden.id, short.id].entries()) {
      await t.db
        .update(bookmarks)
        .set({ createdAt: new Date(base + i * 1000) })
        .where(and(eq(bookmarks.userId, user.id), eq(bookmarks.contentId, contentId)));
    }
    // Unpublished after bookmarking: no longer listed.
    await t.db.update(articles).set({ published: false }).where(eq(articles.id, hidden.id));

    const list = await listBookmarks(user.id);
    expect(list.articles).toEqual([
      {
        id: short.id,
        title: "Short read",
        categoryName: null,
        readingMinutes: 1,
        bookmarkedAt: new Date(base + 3000).toISOString(),
      },
      {
        id: long.id,
        title: "Long read",
        categoryName: "Weight Loss",
        readingMinutes: 3,
        bookmarkedAt: new Date(base).toISOString(),
      },
    ]);
    expect(list.ebooks).toEqual([
      {
        id: ebook.id,
        title: "Glow Guide",
        pageCount: 42,
        coverImageUrl: "/media/covers/a.png",
        bookmarkedAt: new Date(base + 1000).toISOString(),
      },
    ]);
    expect(JSON.stringify(list)).not.toContain("word word");

    const ids = await bookmarkedIds(user.id);
    expect([...ids.ebooks]).toEqual([ebook.id]);
    expect(ids.articles).toEqual(new Set([long.id, short.id, hidden.id]));

    await t.db.update(ebooks).set({ published: false }).where(eq(ebooks.id, ebook.id));
    expect((await listBookmarks(user.id)).ebooks).toEqual([]);
    expect(await listBookmarks((await newUser()).id)).toEqual({ articles: [], ebooks: [] });
  });
});

describe(`bookmarks set with the time of the tap (ADR 033, ${process.env.DB_TARGET ?? "pglite"})`, () => {
  const now = Date.UTC(2026, 10, 27, 12);
  const minute = 60_000;

  async function setUp() {
    const article = await createArticle(t.db);
    const user = await newUser();
    const target = { userId: user.id, contentType: "article" as const, contentId: article.id };
    const set = (bookmarked: boolean, takenAt: number) => setBookmark({ ...target, bookmarked, takenAt, now });
    const has = async () => (await bookmarkedIds(user.id)).articles.has(article.id);
    return { target, set, has };
  }

  it("applies a newer set, on and then off", async () => {
    const { set, has } = await setUp();
    expect(await set(true, now - 10 * minute)).toEqual({ ok: true, bookmarked: true, applied: true });
    expect(await has()).toBe(true);
    expect(await set(false, now - 5 * minute)).toEqual({ ok: true, bookmarked: false, applied: true });
    expect(await has()).toBe(false);
    // Setting what already is, later, is applied too (and changes nothing).
    expect(await set(false, now - minute)).toEqual({ ok: true, bookmarked: false, applied: true });
    expect(await has()).toBe(false);
  });

  it("an older set sent late never undoes a later change, on or off", async () => {
    const { set, has } = await setUp();
    // Offline she bookmarked at -10 min; back online she removed it at -2 min; then the queued post arrives.
    expect(await set(false, now - 2 * minute)).toEqual({ ok: true, bookmarked: false, applied: true });
    expect(await set(true, now - 10 * minute)).toEqual({ ok: true, bookmarked: false, applied: false });
    expect(await has()).toBe(false);
    // The other way: bookmarked later, an older removal arrives.
    expect(await set(true, now - minute)).toEqual({ ok: true, bookmarked: true, applied: true });
    expect(await set(false, now - 3 * minute)).toEqual({ ok: true, bookmarked: true, applied: false });
    // The same time again (a replay of the same post) changes nothing either.
    expect(await set(false, now - minute)).toEqual({ ok: true, bookmarked: true, applied: false });
    expect(await has()).toBe(true);
  });

  it("a toggle counts as a change made now, so an older late set does not undo it", async () => {
    const { target, set, has } = await setUp();
    expect(await toggleBookmark(target)).toEqual({ ok: true, bookmarked: true });
    // An offline removal taken a minute ago (before the toggle, which the database timed now) loses.
    expect(await setBookmark({ ...target, bookmarked: false, takenAt: Date.now() - minute })).toEqual({
      ok: true,
      bookmarked: true,
      applied: false,
    });
    expect(await has()).toBe(true);
    // A toggle still works after sets (old clients).
    expect(await set(true, now)).toMatchObject({ ok: true });
    expect(await toggleBookmark(target)).toEqual({ ok: true, bookmarked: false });
    expect(await has()).toBe(false);
    expect(await toggleBookmark(target)).toEqual({ ok: true, bookmarked: true });
    expect(await t.db.$count(bookmarks, eq(bookmarks.userId, target.userId))).toBe(1);
  });

  it("counts a time in the future as now, and refuses one older than 31 days or unpublished content", async () => {
    const { target, set, has } = await setUp();
    // A phone whose clock runs a day ahead cannot make its tap win over the next day's changes.
    expect(await set(true, now + 24 * 60 * minute)).toMatchObject({ applied: true });
    // Her next tap, a minute later by the shop's clock, wins.
    expect(await setBookmark({ ...target, bookmarked: false, takenAt: now + minute, now: now + minute })).toEqual({
      ok: true,
      bookmarked: false,
      applied: true,
    });
    expect(await has()).toBe(false);
    expect(refusalIn(await set(true, now - 32 * 24 * 60 * minute))).toEqual({
      code: "BOOKMARK_TARGET_GONE",
      message: "This article or ebook is not available.",
    });
    expect(refusalIn(await set(true, Number.NaN))).toEqual({
      code: "BOOKMARK_TARGET_GONE",
      message: "This article or ebook is not available.",
    });
    const draft = await createArticle(t.db, { published: false });
    expect(
      refusalIn(await setBookmark({ ...target, contentId: draft.id, bookmarked: true, takenAt: now, now })),
    ).toEqual({ code: "BOOKMARK_TARGET_GONE", message: "This article or ebook is not available." });
    expect(await has()).toBe(false);
  });

  it("reads the set from the button's form fields", () => {
    const form = { contentType: "article", contentId: randomUUID(), takenAt: String(now) };
    expect(bookmarkSetSchema.parse({ ...form, bookmarked: "false" })).toMatchObject({
      bookmarked: false,
      takenAt: now,
    });
    expect(bookmarkSetSchema.parse({ ...form, bookmarked: "true" })).toMatchObject({ bookmarked: true });
    expect(bookmarkSetSchema.safeParse({ ...form, bookmarked: "yes" }).success).toBe(false);
    expect(bookmarkSetSchema.safeParse({ ...form, bookmarked: "true", takenAt: "soon" }).success).toBe(false);
  });
});
