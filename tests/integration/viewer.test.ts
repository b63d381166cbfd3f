// What the access policy knows about a signed-in reader (loadViewer): her running period, purchases and plan
// unlocks, read from our rows in one query (issue 14), on PGlite and PostgreSQL alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { bookmarks, ebookPurchases, profiles, subscriptionEbookUnlocks, users } from "~/db/schema";
import { createEbook, createPlan, createPurchase, createSubscription } from "~/db/seed/factories";
import { loadViewer, loadViewerRead } from "~/modules/access/viewer.server";
import { guestViewer } from "~/modules/access/policy";
import { bookmarksOf } from "~/modules/engagement/page-data.server";

let t: TestDatabase;
let planId: string;
let books: string[];
const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-06-15T09:30:00.123Z");

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  planId = (
    await createPlan(t.db, { slug: `viewer-${randomUUID()}`, name: "Standard", priceCents: 50000, ebookLimit: 2 })
  ).id;
  books = await Promise.all([1, 2, 3, 4].map(async () => (await createEbook(t.db, { accessType: "premium" })).id));
});
afterAll(async () => {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function reader() {
  const id = randomUUID();
  const email = `viewer-${id}@nuru.test`;
  await t.db.insert(users).values({ id, name: "Akinyi", email, emailVerified: true, role: "user" });
  await t.db.insert(profiles).values({ id, email, fullName: "Akinyi Odhiambo", role: "guest" });
  return { id, role: "subscriber" as const };
}

const period = (
  userId: string,
  from: number,
  to: number | null,
  status?: "active" | "cancelled" | "scheduled" | "revoked" | "expired",
) =>
  createSubscription(t.db, {
    userId,
    planId,
    startDate: new Date(now.getTime() + from * DAY),
    endDate: to === null ? null : new Date(now.getTime() + to * DAY),
    status,
  });

const unlock = (userId: string, subscriptionId: string, ebookId: string) =>
  t.db.insert(subscriptionEbookUnlocks).values({ userId, subscriptionId, ebookId });

describe("loadViewer", () => {
  it("a reader without a plan: her purchases (not revoked ones), and no plan unlocks even from an ended period", async () => {
    const r = await reader();
    await createPurchase(t.db, { userId: r.id, ebookId: books[0] });
    const revoked = await createPurchase(t.db, { userId: r.id, ebookId: books[1] });
    await t.db.update(ebookPurchases).set({ revokedAt: now }).where(eq(ebookPurchases.id, revoked.id));
    const ended = await period(r.id, -90, -30, "expired");
    await unlock(r.id, ended.id, books[2]);

    const viewer = await loadViewer(r, now);
    expect(viewer.user).toEqual({ id: r.id, role: "subscriber" });
    expect(viewer.subscription).toBeNull();
    expect([...viewer.purchasedEbookIds]).toEqual([books[0]]);
    expect(viewer.unlockedEbookIds.size).toBe(0);
    expect(viewer.ebooksUsed).toBe(0);
    expect(viewer.now).toBe(now);
  });

  it("a running period with its plan and exact dates; earlier periods' unlocks stay readable, only this one's count", async () => {
    const r = await reader();
    const earlier = await period(r.id, -70, -10, "expired");
    const current = await period(r.id, -10, 50, "active");
    const revokedPeriod = await period(r.id, -200, -150, "revoked");
    await unlock(r.id, earlier.id, books[0]);
    await unlock(r.id, current.id, books[1]);
    await unlock(r.id, revokedPeriod.id, books[3]);

    const viewer = await loadViewer(r, now);
    expect(viewer.subscription).toEqual({
      id: current.id,
      status: "active",
      startDate: current.startDate,
      endDate: current.endDate,
      plan: { accessLevel: "subscription", ebookLimit: 2 },
    });
    expect(viewer.subscription!.startDate).toBeInstanceOf(Date);
    expect(new Set(viewer.unlockedEbookIds)).toEqual(new Set([books[0], books[1]]));
    expect(viewer.ebooksUsed).toBe(1);
    expect(viewer.purchasedEbookIds.size).toBe(0);
  });

  it("a cancelled period runs to its end; a queued renewal counts once its start has come; a future one does not", async () => {
    const cancelled = await reader();
    const c = await period(cancelled.id, -20, 5, "cancelled");
    expect((await loadViewer(cancelled, now)).subscription?.id).toBe(c.id);
    expect((await loadViewer(cancelled, new Date(now.getTime() + 6 * DAY))).subscription).toBeNull();

    const queued = await reader();
    const q = await period(queued.id, -1, 60, "scheduled");
    await period(queued.id, 60, 120, "scheduled");
    expect((await loadViewer(queued, now)).subscription?.id).toBe(q.id);

    const future = await reader();
    await period(future.id, 3, 60, "scheduled");
    expect((await loadViewer(future, now)).subscription).toBeNull();
  });

  it("a period without an end runs", async () => {
    const r = await reader();
    const open = await period(r.id, -100, null, "active");
    const viewer = await loadViewer(r, now);
    expect(viewer.subscription?.id).toBe(open.id);
    expect(viewer.subscription?.endDate).toBeNull();
  });

  it("her bookmarks come with the same read: the page's bookmark toggles need no query of their own", async () => {
    const r = await reader();
    const other = await reader();
    const articleId = randomUUID();
    await t.db.insert(bookmarks).values([
      { userId: r.id, contentType: "article", contentId: articleId },
      { userId: r.id, contentType: "ebook", contentId: books[2] },
      { userId: other.id, contentType: "ebook", contentId: books[3] },
    ]);
    const read = await loadViewerRead(r, now);
    expect(read.bookmarks).toEqual({ articles: [articleId], ebooks: [books[2]] });
    expect(await bookmarksOf(read)).toEqual({ articles: [articleId], ebooks: [books[2]] });
    const fresh = await loadViewerRead(await reader(), now);
    expect(fresh.bookmarks).toEqual({ articles: [], ebooks: [] });
    // A viewer whose bookmarks did not come with it (a session better-auth answered) still gets hers, read on
    // demand; a guest has none.
    expect(await bookmarksOf({ viewer: read.viewer, bookmarks: null })).toEqual({
      articles: [articleId],
      ebooks: [books[2]],
    });
    expect(await bookmarksOf({ viewer: guestViewer(), bookmarks: null })).toEqual({ articles: [], ebooks: [] });
  });
});
