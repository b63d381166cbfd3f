import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
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
