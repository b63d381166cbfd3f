// The offline library's server side (issue 32, section 2; ADR 033): which saved items a reader may still read (the
// device deletes the rest), answered by the access policy; the check route's answer for a guest; and the gated copy,
// which only a signed-in reader with full access gets. On PGlite and PostgreSQL alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { profiles, userSubscriptions, users } from "~/db/schema";
import { createArticle, createPlan, createSubscription } from "~/db/seed/factories";
import { RouterContextProvider } from "react-router";
import { loadViewer } from "~/modules/access/viewer.server";
import { provideViewer } from "~/modules/accounts/request-viewer.server";
import { guestViewer } from "~/modules/access/policy";
import { bookmarkedAmong, parseOfflineItems, stillReadable } from "~/modules/offline/still-readable.server";
import { offlineCopyDocument, picturesAsWords } from "~/modules/offline/copy-document.server";
import { setBookmark } from "~/modules/engagement/bookmarks.server";
import { articleOfflineCopy } from "~/modules/offline/article-copy.server";
import { offlineKey } from "~/modules/offline/offline-key.server";
import { loader as checkLoader } from "~/routes/offline-check";
import { loader as copyLoader } from "~/routes/offline-article";

let t: TestDatabase;
let planId: string;
const a: Record<"free" | "premium" | "subscription" | "draft", string> = {} as never;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  planId = (await createPlan(t.db, { slug: `offline-${randomUUID()}`, name: "Standard", priceCents: 50000 })).id;
  a.free = (await createArticle(t.db, { accessType: "free" })).id;
  a.premium = (await createArticle(t.db, { accessType: "premium", content: "Premium words" })).id;
  a.subscription = (await createArticle(t.db, { accessType: "subscription" })).id;
  a.draft = (await createArticle(t.db, { accessType: "free", published: false })).id;
});
afterAll(async () => {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function reader() {
  const id = randomUUID();
  const email = `offline-${id}@nuru.test`;
  await t.db.insert(users).values({ id, name: "Wanjiru", email, emailVerified: true, role: "user" });
  await t.db.insert(profiles).values({ id, email, fullName: "Wanjiru Kamau", role: "guest" });
  return { id, role: "subscriber" as const };
}

const items = (...ids: string[]) => ids.map((id) => ({ kind: "article", id }));
const ids = (list: { id: string }[]) => list.map((i) => i.id).sort();

/** A request's context as the root middleware leaves it. */
function contextOf(request: Request) {
  const context = new RouterContextProvider();
  provideViewer(context, request);
  return context;
}

describe("still readable (what stays in her offline library)", () => {
  it("a subscriber keeps every article she may read; when her plan is refunded (revoked) or ends, only free ones", async () => {
    const r = await reader();
    const sub = await createSubscription(t.db, {
      userId: r.id,
      planId,
      startDate: new Date(Date.now() - DAY),
      endDate: new Date(Date.now() + 29 * DAY),
    });
    const all = items(a.free, a.premium, a.subscription, a.draft);
    expect(ids(await stillReadable(await loadViewer(r), all))).toEqual([a.free, a.premium, a.subscription].sort());

    // A refund revokes the period.
    await t.db.update(userSubscriptions).set({ status: "revoked" }).where(eq(userSubscriptions.id, sub.id));
    expect(ids(await stillReadable(await loadViewer(r), all))).toEqual([a.free]);

    // A plan that ended yesterday.
    await t.db
      .update(userSubscriptions)
      .set({ status: "active", endDate: new Date(Date.now() - DAY) })
      .where(eq(userSubscriptions.id, sub.id));
    expect(ids(await stillReadable(await loadViewer(r), all))).toEqual([a.free]);
  });

  it("a guest may read nothing saved, and unknown kinds, malformed and repeated items are dropped", async () => {
    expect(await stillReadable(guestViewer(), items(a.free, a.premium))).toEqual([]);
    const r = await reader();
    const parsed = parseOfflineItems([
      `article:${a.free}`,
      `article:${a.free}`,
      `ebook-section:${a.free}`,
      "article:not-an-id",
      "nonsense",
    ]);
    expect(parsed).toHaveLength(3);
    expect(await stillReadable(await loadViewer(r), parsed)).toEqual([{ kind: "article", id: a.free }]);
  });

  it("the check route answers a guest with nothing and no owner, privately and never stored", async () => {
    const url = `http://nuru.test/library/offline/check?item=article:${a.free}&item=article:${a.premium}`;
    const request = new Request(url);
    const response = await checkLoader({ request, params: {}, context: contextOf(request) } as never);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ owner: null, readable: [], bookmarked: [] });
  });

  it("the saved copy is refused to a guest, even of a free article (404, never stored)", async () => {
    expect(await articleOfflineCopy(contextOf(new Request("http://nuru.test/")), a.free, "en")).toBeNull();
    // Its Swahili address (issue 50) has the same gate.
    for (const path of [`/library/offline/article/${a.premium}`, `/sw/library/offline/article/${a.free}`]) {
      const request = new Request(`http://nuru.test${path}`);
      const refused = await copyLoader({
        request,
        params: { id: path.split("/").pop()! },
        context: contextOf(request),
      } as never).catch((error: unknown) => error);
      expect((refused as { init?: ResponseInit }).init?.status, path).toBe(404);
      expect((refused as { init?: ResponseInit }).init?.headers, path).toEqual({
        "Cache-Control": "private, no-store",
      });
    }
  });

  it("the check says which of her saved items she has bookmarked now, and nothing for a guest", async () => {
    const r = await reader();
    await setBookmark({
      userId: r.id,
      contentType: "article",
      contentId: a.premium,
      bookmarked: true,
      takenAt: Date.now(),
    });
    const saved = items(a.free, a.premium);
    expect(await bookmarkedAmong(await loadViewer(r), saved)).toEqual([`article:${a.premium}`]);
    expect(await bookmarkedAmong(guestViewer(), saved)).toEqual([]);
  });

  it("a copy carries her bookmark button and, for an ebook, her text settings with the buttons to change them", () => {
    const base = {
      title: "Hips <b>",
      byline: "5 min",
      bodyHtml: "<p>Words</p>",
      email: "w@nuru.test",
      savedOn: "1 Dec",
    };
    const article = offlineCopyDocument({
      ...base,
      locale: "en",
      data: { owner: "a".repeat(24) },
      bookmark: { contentType: "article", contentId: a.free, bookmarked: true },
    });
    expect(article).toContain('aria-label="Remove bookmark Hips &lt;b&gt;"');
    expect(article).toContain('aria-pressed="true"');
    expect(article).toContain('<script src="/offline-reader.js" defer></script>');
    expect(article).not.toContain("Text settings");
    const ebook = offlineCopyDocument({
      ...base,
      locale: "en",
      data: { owner: "a".repeat(24), ebook: a.free },
      settings: { fontSize: 24, lineHeight: 20, theme: "dark", at: 5 },
      bookmark: { contentType: "ebook", contentId: a.free, bookmarked: false },
    });
    expect(ebook).toMatch(/<body class="t-dark text" style="--fs:24px;--lh:2"/);
    expect(ebook).toContain('<span data-show="size">24 px</span>');
    expect(ebook).toContain('data-change="dark" aria-pressed="true"');
    expect(ebook).toContain('aria-label="Bookmark Hips &lt;b&gt;"');
    // An English copy carries no words for its script: the script's own are English.
    expect(ebook).toContain('<script src="/offline-reader.js" defer></script>');
    expect(ebook).toContain('<html lang="en">');
    expect(ebook).toContain('<a href="/library/offline">Offline library</a>');
  });

  it("a copy saved from a Swahili page is in Swahili: its words, links and its script's words (issue 50)", () => {
    const copy = offlineCopyDocument({
      locale: "sw",
      title: "Nyonga <b>",
      byline: "dakika 5 za kusoma",
      bodyHtml: "<p>Maneno</p>",
      email: "w@nuru.test",
      savedOn: "1 Desemba 2026",
      data: { owner: "a".repeat(24), ebook: a.free },
      settings: { fontSize: 24, lineHeight: 20, theme: "dark", at: 5 },
      bookmark: { contentType: "ebook", contentId: a.free, bookmarked: false },
    });
    expect(copy).toContain('<html lang="sw">');
    expect(copy).toContain("<title>Nyonga &lt;b&gt; | Nuru (imehifadhiwa)</title>");
    expect(copy).toContain(
      '<a class="brand" href="/sw">Nuru</a><a href="/sw/library/offline">Maktaba bila mtandao</a>',
    );
    expect(copy).toContain('<aside class="bar" aria-label="Zana za kusoma">');
    expect(copy).toContain("Mipangilio ya maandishi</summary>");
    expect(copy).toContain('<p>Ukubwa wa herufi: <span data-show="size">24 px</span></p>');
    expect(copy).toContain('<p>Nafasi kati ya mistari: <span data-show="spacing">2.0</span></p>');
    expect(copy).toContain('data-change="dark" aria-pressed="true">Giza</button>');
    expect(copy).toContain('aria-label="Weka alamisho: Nyonga &lt;b&gt;"');
    expect(copy).toContain("<span data-label>Weka alamisho</span>");
    expect(copy).toContain('<p class="note">Imehifadhiwa ili usome bila mtandao</p>');
    expect(copy).toContain("Imehifadhiwa na w@nuru.test tarehe 1 Desemba 2026, kwa ajili ya kusoma kwake mwenyewe.");
    for (const english of [
      "Saved for offline reading",
      "Offline library",
      "Text settings",
      "Saved by",
      "Reading tools",
    ])
      expect(copy).not.toContain(english);
    // The script's words, English to Swahili, on its own element (the copy's policy allows no inline script).
    const words = /<script src="\/offline-reader.js" defer data-words="([^"]*)"><\/script>/.exec(copy)?.[1];
    const said = JSON.parse(
      words!
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&"),
    );
    expect(said).toMatchObject({
      "Saved on this phone, will sync": "Imehifadhiwa kwenye simu hii, itasawazishwa",
      "Remove bookmark Nyonga <b>": "Ondoa alamisho: Nyonga <b>",
      "Bookmark Nyonga <b>": "Weka alamisho: Nyonga <b>",
      "No connection. Please try again.": "Hakuna mtandao. Tafadhali jaribu tena.",
    });
    // Pictures stand as words in her language too.
    expect(picturesAsWords('<img src="/x" alt="Kisima">', "sw")).toBe(
      '<span class="pic"><span class="pic-note">Picha, haikuhifadhiwa kwa kusoma bila mtandao</span> Kisima</span>',
    );
  });

  it("her offline key is stable for her, differs between readers and is not her id", async () => {
    const [one, two] = [randomUUID(), randomUUID()];
    expect(offlineKey(one)).toBe(offlineKey(one));
    expect(offlineKey(one)).not.toBe(offlineKey(two));
    expect(offlineKey(one)).toMatch(/^[0-9a-f]{24}$/);
    expect(offlineKey(one)).not.toContain(one.replace(/-/g, "").slice(0, 8));
  });
});
