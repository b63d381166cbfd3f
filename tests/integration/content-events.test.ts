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
    // After unlisten nothing reaches the first listener. A second listener sees the same notifications in order:
    // once it has the marker that follows the update, the update's own notification has come and gone.
    const seen = payloads.length;
    const later: { table: string; op: string }[] = [];
    const unlistenLater = await t.listen!(CONTENT_CHANNEL, (payload) => later.push(JSON.parse(payload)));
    try {
      await writer.db.execute(sql`update articles set is_featured = true`);
      await createCategory(writer.db, { name: "Marker", slug: "marker" });
      await waitFor(() => later.find((p) => p.table === "categories" && p.op === "INSERT"));
    } finally {
      await unlistenLater();
    }
    expect(later).toContainEqual({ table: "articles", op: "UPDATE" });
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
      // A later change of one table arrives as the second event, alone: a second event from the burst would have
      // come before it, or been folded into it.
      await writer.db.execute(sql`update categories set name = 'Sleep better' where slug = 'sleep'`);
      await waitFor(() => changes[1]);
      expect(changes.map((c) => c.tables)).toEqual([["article_categories", "articles", "categories"], ["categories"]]);
    } finally {
      unsubscribe();
      await stopContentEvents();
    }
  });
});
