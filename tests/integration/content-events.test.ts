import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type DatabaseHandle } from "~/db/client.server";
import { createArticle, createCategory } from "~/db/seed/factories";
import {
  CONTENT_CHANNEL,
  onContentChanged,
  startContentEvents,
  stopContentEvents,
  type ContentChange,
} from "~/modules/live/content-events.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { waitFor } from "../setup/wait-for";

let t: TestDatabase;
/** Where the changes are written: on PostgreSQL a second handle (its own pool), as another app process would. */
let writer: DatabaseHandle;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await createTestDatabase();
  writer = t.url ? openDatabase({ url: t.url }) : t;
});

afterAll(async () => {
  await stopContentEvents();
  if (writer && writer !== t) await writer.close();
  await t?.dispose();
});

describe("content change notifications", () => {
  it("reach a listener when an article changes", async () => {
    expect(t.listen).toBeTypeOf("function");
    const payloads: { table: string; op: string }[] = [];
    const unlisten = await t.listen!(CONTENT_CHANNEL, (payload) => payloads.push(JSON.parse(payload)));
    try {
      await createArticle(writer.db, { title: "Hydration basics" });
      await writer.db.execute(sql`update articles set is_must_read = true`);
      await waitFor(() => payloads.find((p) => p.table === "articles" && p.op === "UPDATE"));
      expect(payloads).toContainEqual({ table: "articles", op: "INSERT" });
    } finally {
      await unlisten();
    }
    const seen = payloads.length;
    await writer.db.execute(sql`update articles set is_featured = true`);
    await sleep(300);
    expect(payloads).toHaveLength(seen);
  });

  it("turn a burst of statements into one in-process event", async () => {
    await startContentEvents(t, () => {});
    const changes: ContentChange[] = [];
    const unsubscribe = onContentChanged((change) => changes.push(change));
    try {
      await writer.db.transaction(async (tx) => {
        const category = await createCategory(tx as unknown as Database, { name: "Sleep", slug: "sleep" });
        await createArticle(tx as unknown as Database, { title: "Sleep well", categoryIds: [category.id] });
        await tx.execute(sql`update articles set is_must_read = false`);
      });
      const change = await waitFor(() => changes[0]);
      expect(change.tables).toEqual(["article_categories", "articles", "categories"]);
      await sleep(500);
      expect(changes).toHaveLength(1);
    } finally {
      unsubscribe();
      await stopContentEvents();
    }
  });
});
