import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { articles } from "~/db/schema";
import { seedBulkArticles } from "~/db/seed/bulk-articles";
import { createArticle } from "~/db/seed/factories";
import { guestViewer } from "~/modules/access/policy";
import { listArticlesForViewer } from "~/modules/content/articles.server";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await seedBulkArticles(t.db, 400);
  await createArticle(t.db, {
    title: "Githeri for strong mornings",
    metaDescription: "Beans and maize, slow energy",
    content: `${"Opening words. ".repeat(20)}A deep sentence about omena that search must not reach.`,
    excerpt: "Why a bowl of githeri keeps you going.",
  });
  // Locked articles: the body opening (well within the first 200 characters) holds a word found nowhere a
  // guest can read it: not in the title, meta description or excerpt.
  await createArticle(t.db, {
    title: "Evening mobility for stiff hips",
    metaDescription: "Ten quiet minutes before bed",
    excerpt: "A public excerpt about loosening the hips.",
    accessType: "premium",
    content: "<p>Start kneeling on a mat with a folded kanga under your knees. Then rest.</p>",
  });
  await createArticle(t.db, {
    title: "Members' breakfast plan",
    excerpt: null,
    accessType: "subscription",
    content: "<p>Soak the ndengu overnight and boil them with a pinch of salt.</p>",
  });
  await createArticle(t.db, {
    title: "Free stretching basics",
    accessType: "free",
    content: "<p>Roll your shoulders like a wave of mabati in the wind.</p>",
  });
});
afterAll(async () => {
  await t?.dispose();
});

describe(`article search (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("matches title, meta description, excerpt and the opening, case-insensitively, not deep text", async () => {
    const viewer = guestViewer();
    for (const q of ["GITHERI", "slow energy", "keeps you going", "opening words"]) {
      const { items } = await listArticlesForViewer({ viewer, q });
      expect(
        items.map((a) => a.title),
        q,
      ).toContain("Githeri for strong mornings");
    }
    expect((await listArticlesForViewer({ viewer, q: "omena" })).total).toBe(0);
    expect((await listArticlesForViewer({ viewer, q: "100%" })).total).toBe(0);
  });

  it("never finds a locked article by words of its body, only by what a guest sees", async () => {
    const viewer = guestViewer();
    // The word sits in the premium body right after the opening a free article would expose.
    expect((await listArticlesForViewer({ viewer, q: "kanga" })).total).toBe(0);
    expect((await listArticlesForViewer({ viewer, q: "folded kanga" })).total).toBe(0);
    // Without an excerpt the body opening is still not searchable.
    expect((await listArticlesForViewer({ viewer, q: "ndengu" })).total).toBe(0);
    for (const q of ["stiff hips", "quiet minutes", "loosening the hips"]) {
      const { items } = await listArticlesForViewer({ viewer, q });
      expect(
        items.map((a) => a.title),
        q,
      ).toEqual(["Evening mobility for stiff hips"]);
    }
    expect((await listArticlesForViewer({ viewer, q: "breakfast plan" })).items.map((a) => a.title)).toEqual([
      "Members' breakfast plan",
    ]);
  });

  it("keeps the opening of a free body searchable, and drops it when the article becomes locked", async () => {
    const viewer = guestViewer();
    expect((await listArticlesForViewer({ viewer, q: "mabati" })).items.map((a) => a.title)).toEqual([
      "Free stretching basics",
    ]);
    await t.db.update(articles).set({ accessType: "subscription" }).where(eq(articles.title, "Free stretching basics"));
    try {
      expect((await listArticlesForViewer({ viewer, q: "mabati" })).total).toBe(0);
      expect((await listArticlesForViewer({ viewer, q: "stretching basics" })).total).toBe(1);
    } finally {
      await t.db.update(articles).set({ accessType: "free" }).where(eq(articles.title, "Free stretching basics"));
    }
    expect((await listArticlesForViewer({ viewer, q: "mabati" })).total).toBe(1);
  });

  it("pages through thousands of results with a stable total", async () => {
    const first = await listArticlesForViewer({ viewer: guestViewer(), q: "walking", page: 1 });
    const second = await listArticlesForViewer({ viewer: guestViewer(), q: "walking", page: 2 });
    expect(first.total).toBe(50);
    expect(first.items).toHaveLength(12);
    expect(second.items[0].id).not.toBe(first.items[0].id);
  });

  it("can answer substring search from the trigram index", async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await tx.execute(sql`explain select id from articles where search_text like '%walking%'`);
      const text = JSON.stringify(plan);
      expect(text).toContain("articles_search_text_trgm_idx");
    });
  });
});
