import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { appDatabase, type Database, type DatabaseHandle } from "~/db/client.server";
import * as schema from "~/db/schema";
import { articles, ebooks } from "~/db/schema";
import { createArticle, createCategory, createEbook } from "~/db/seed/factories";
import { guestViewer } from "~/modules/access/policy";
import { getArticleForViewer, listArticlesForViewer, type GatedArticle } from "~/modules/content/articles.server";
import { FEED_CACHE_FALLBACK_MS } from "~/modules/content/feed-cache.server";
import { rssXml, sitemapXml } from "~/modules/content/feeds.server";
import {
  onContentChanged,
  startContentEvents,
  stopContentEvents,
  type ContentChange,
} from "~/modules/live/content-events.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { waitFor } from "../setup/wait-for";

const ORIGIN = "https://nuru.example";
const PREMIUM_MARKER = "LOCKED-MARKER-premium-7f3a";
const SUBSCRIPTION_MARKER = "LOCKED-MARKER-subscription-c91e";
const DRAFT_MARKER = "LOCKED-MARKER-draft-55b0";
const MARKER = /LOCKED-MARKER/;
const FILLER = 55; // more than one sitemap page of 50

let t: TestDatabase;
let previous: { handle?: DatabaseHandle; ready: boolean };
const ids: Record<string, string> = {};
let fillerIds: string[] = [];
let sitemap = "";
let rss = "";

const lorem =
  "Drink water through the day, walk after meals and sleep at regular hours; small habits add up over weeks. ";

function lockedBody(marker: string) {
  const opening = lorem.repeat(5); // longer than the 300-character preview
  const ending = `The last sentence is only for subscribers ${marker}.`;
  return {
    content: `<p>${opening}</p><p>${ending}</p>`,
    richContent: [
      { type: "text" as const, content: `<p>${opening}</p>` },
      { type: "text" as const, content: `<p>${ending}</p>` },
    ],
  };
}

// The fillers cover the ways an RSS summary is made: from the excerpt, or cut from the body (rich text or
// HTML, 160 characters for free articles, 300 for locked ones).
function fillerBody(i: number): Parameters<typeof createArticle>[1] {
  switch (i % 5) {
    case 1:
      return {
        excerpt: "   ",
        content: `<p>Free &amp; open: ${lorem.repeat(3)}</p><script>var hidden = "script text";</script>`,
      };
    case 2:
      return {
        accessType: "premium",
        excerpt: null,
        content: `<p>HTML body that differs from the rich text. ${PREMIUM_MARKER}</p>`,
        richContent: [
          { type: "image", content: "/img/walk.jpg", caption: "Image caption" },
          { type: "text", content: `<p>Rich opening &quot;quoted&quot; ${lorem.repeat(4)}</p>` },
          { type: "text", content: `<p>Rich ending ${PREMIUM_MARKER}.</p>` },
        ],
      };
    case 3:
      return { accessType: "subscription", excerpt: " A trimmed excerpt. ", ...lockedBody(SUBSCRIPTION_MARKER) };
    case 4:
      return { accessType: "subscription", excerpt: null, content: `<p>${lorem.repeat(4)} ${SUBSCRIPTION_MARKER}</p>` };
    default:
      return {};
  }
}

beforeAll(async () => {
  t = await createTestDatabase();
  previous = { handle: appDatabase.handle, ready: appDatabase.ready };
  appDatabase.handle = t;
  appDatabase.ready = true;
  const db = t.db;

  const skin = await createCategory(db, { name: "Skin & Beauty", slug: "skin-beauty", sortKey: 1 });
  const weight = await createCategory(db, { name: "Weight Loss", slug: "weight-loss", sortKey: 2 });
  const hidden = await createCategory(db, { name: "Old Topic", slug: "old-topic", isActive: false });
  ids.skin = skin.id;
  ids.hidden = hidden.id;

  const day = (n: number) => new Date(Date.UTC(2026, 10, n, 8, 0, 0));
  const old = await Promise.all(
    Array.from({ length: FILLER }, (_, i) =>
      createArticle(db, {
        title: `Filler ${i}`,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
        ...fillerBody(i),
      }),
    ),
  );
  fillerIds = old.map((a) => a.id);

  const free = await createArticle(db, {
    title: "Free <glow> & hydration",
    excerpt: "Free excerpt about water.",
    content: "<p>Free body text anyone may read.</p>",
    categoryIds: [skin.id],
    createdAt: day(10),
  });
  const premium = await createArticle(db, {
    title: "Premium hips routine",
    excerpt: "A public excerpt for the hips routine.",
    accessType: "premium",
    ...lockedBody(PREMIUM_MARKER),
    categoryIds: [weight.id, skin.id],
    createdAt: day(12),
  });
  // No excerpt: the preview is cut from the opening of the body, which must stop before the marker.
  const subscription = await createArticle(db, {
    title: "Subscription tummy plan",
    excerpt: null,
    accessType: "subscription",
    ...lockedBody(SUBSCRIPTION_MARKER),
    categoryIds: [weight.id],
    createdAt: day(11),
  });
  const draft = await createArticle(db, {
    title: "Draft not ready",
    accessType: "premium",
    published: false,
    ...lockedBody(DRAFT_MARKER),
    createdAt: day(13),
  });
  Object.assign(ids, { free: free.id, premium: premium.id, subscription: subscription.id, draft: draft.id });

  const freeBook = await createEbook(db, { title: "Free guide", accessType: "free", priceCents: 0 });
  const paidBook = await createEbook(db, { title: "Paid guide", accessType: "premium", priceCents: 75000 });
  const draftBook = await createEbook(db, { title: "Draft guide", published: false });
  Object.assign(ids, { freeBook: freeBook.id, paidBook: paidBook.id, draftBook: draftBook.id });

  [sitemap, rss] = await Promise.all([sitemapXml(`${ORIGIN}/`), rssXml(ORIGIN)]);
});

afterAll(async () => {
  if (previous) {
    appDatabase.handle = previous.handle;
    appDatabase.ready = previous.ready;
  }
  await t?.dispose();
});

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
}

describe(`sitemap.xml (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("is a sitemap urlset", () => {
    expect(sitemap.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(sitemap).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(sitemap.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("lists the static pages", () => {
    for (const p of ["/", "/about", "/terms", "/pricing", "/articles", "/ebooks", "/categories"]) {
      expect(locs(sitemap)).toContain(`${ORIGIN}${p}`);
    }
  });

  it("lists every published article with lastmod, across pages, once each", () => {
    const list = locs(sitemap);
    for (const id of [ids.free, ids.premium, ids.subscription, ...fillerIds]) {
      expect(list.filter((l) => l === `${ORIGIN}/article/${id}`)).toHaveLength(1);
    }
    expect(list.filter((l) => l.startsWith(`${ORIGIN}/article/`))).toHaveLength(FILLER + 3);
    expect(sitemap).toMatch(
      new RegExp(`<loc>${ORIGIN}/article/${ids.premium}</loc><lastmod>2026-11-12T08:00:00.000Z</lastmod>`),
    );
  });

  it("lists published ebooks and active categories", () => {
    const list = locs(sitemap);
    expect(list).toContain(`${ORIGIN}/ebook/${ids.freeBook}`);
    expect(list).toContain(`${ORIGIN}/ebook/${ids.paidBook}`);
    expect(list).toContain(`${ORIGIN}/category/skin-beauty`);
    expect(list).toContain(`${ORIGIN}/category/weight-loss`);
    expect(list).not.toContain(`${ORIGIN}/category/old-topic`);
  });

  it("never lists drafts", () => {
    expect(sitemap).not.toContain(ids.draft);
    expect(sitemap).not.toContain(ids.draftBook);
  });

  it("never contains locked article text", () => {
    expect(sitemap).not.toMatch(MARKER);
  });
});

describe(`rss.xml (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("is an RSS 2.0 channel for Nuru with a self link", () => {
    expect(rss.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(rss).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">');
    expect(rss).toContain("<title>Nuru</title>");
    expect(rss).toContain(`<link>${ORIGIN}/</link>`);
    expect(rss).toContain("<description>Wellness articles and ebooks for women</description>");
    expect(rss).toContain("<language>en-KE</language>");
    expect(rss).toContain(`<atom:link href="${ORIGIN}/rss.xml" rel="self" type="application/rss+xml"/>`);
  });

  it("holds the 30 newest published articles, newest first, without drafts", () => {
    const items = rss.match(/<item>/g) ?? [];
    expect(items).toHaveLength(30);
    const guids = [...rss.matchAll(/<guid isPermaLink="true">([^<]*)<\/guid>/g)].map((m) => m[1]);
    expect(guids.slice(0, 3)).toEqual([
      `${ORIGIN}/article/${ids.premium}`,
      `${ORIGIN}/article/${ids.subscription}`,
      `${ORIGIN}/article/${ids.free}`,
    ]);
    expect(rss).not.toContain(ids.draft);
    expect(rss).not.toContain("Draft not ready");
  });

  it("shows the premium article's title, excerpt, date and categories", () => {
    const item = rss.split("<item>").find((s) => s.includes(ids.premium))!;
    expect(item).toContain("<title>Premium hips routine</title>");
    expect(item).toContain(`<link>${ORIGIN}/article/${ids.premium}</link>`);
    expect(item).toContain("<description>A public excerpt for the hips routine.</description>");
    expect(item).toContain("<pubDate>Thu, 12 Nov 2026 08:00:00 GMT</pubDate>");
    expect(item).toContain(`<category domain="${ORIGIN}/category/weight-loss">Weight Loss</category>`);
    expect(item).toContain(`<category domain="${ORIGIN}/category/skin-beauty">Skin &amp; Beauty</category>`);
  });

  it("uses the public preview for a locked article without an excerpt", () => {
    const item = rss.split("<item>").find((s) => s.includes(ids.subscription))!;
    expect(item).toMatch(/<description>Drink water through the day[^<]*…<\/description>/);
  });

  it("escapes markup in titles", () => {
    expect(rss).toContain("<title>Free &lt;glow&gt; &amp; hydration</title>");
    expect(rss).toContain("<description>Free excerpt about water.</description>");
  });

  it("never contains locked article text", () => {
    expect(rss).not.toMatch(MARKER);
    expect(rss).not.toContain("only for subscribers");
  });
});

function descriptionOf(article: GatedArticle): string {
  // What the feeds printed when they read gated articles (feedSummary before the feeds had their own query).
  return article.access === "full" && article.accessType === "free" ? article.excerpt : article.preview;
}

function xmlText(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

describe(`feeds read the same articles as the gated lists (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("lists in the sitemap exactly the published articles with their last change, newest first", async () => {
    const expected: string[] = [];
    for (let page = 1; ; page++) {
      const { items } = await listArticlesForViewer({ viewer: guestViewer(), page, pageSize: 50 });
      // Each article at its English address and then its Swahili one (issue 50: the sitemap lists both languages).
      expected.push(
        ...items.flatMap((a) =>
          ["", "/sw"].map((lang) => `<loc>${ORIGIN}${lang}/article/${a.id}</loc><lastmod>${a.updatedAt}</lastmod>`),
        ),
      );
      if (items.length < 50) break;
    }
    const printed = [...sitemap.matchAll(/<loc>[^<]*\/article\/[^<]*<\/loc><lastmod>[^<]*<\/lastmod>/g)].map(
      (m) => m[0],
    );
    expect(printed).toEqual(expected);
  });

  it("prints for each RSS item the title, date, categories and the summary a guest sees in lists", async () => {
    const { items: cards } = await listArticlesForViewer({ viewer: guestViewer(), page: 1, pageSize: 30 });
    // Lists carry no previews (card fields only): each article is read in full for the comparison.
    const items = await Promise.all(cards.map((c) => getArticleForViewer({ id: c.id, viewer: guestViewer() })));
    const printed = rss.split("<item>").slice(1);
    expect(printed).toHaveLength(items.length);
    items.forEach((found, i) => {
      const article = found!;
      const item = printed[i];
      expect(item).toContain(`<guid isPermaLink="true">${ORIGIN}/article/${article.id}</guid>`);
      expect(item).toContain(`<title>${xmlText(article.title)}</title>`);
      expect(item).toContain(`<pubDate>${new Date(article.createdAt).toUTCString()}</pubDate>`);
      expect(item, article.title).toContain(`<description>${xmlText(descriptionOf(article))}</description>`);
      const categories = [...item.matchAll(/<category domain="[^"]*\/category\/([^"]*)">/g)].map((m) => m[1]);
      expect(categories.sort()).toEqual(article.categories.map((c) => c.slug).sort());
    });
    // The fillers cut their summaries from bodies in every way; those must stop before the locked endings.
    expect(rss).toMatch(/<description>Free &amp; open: Drink water[^<]*…<\/description>/);
    expect(rss).toMatch(/<description>Rich opening &quot;quoted&quot; Drink water[^<]*…<\/description>/);
    expect(rss).toContain("<description>A trimmed excerpt.</description>");
    expect(rss).not.toContain("script text");
  });
});

type LoggedQuery = { sql: string; params: unknown[] };

/** The test database behind a drizzle instance that records every statement, installed as the app database. */
function useLoggingDatabase(): LoggedQuery[] {
  const queries: LoggedQuery[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => void queries.push({ sql: query, params }) };
  const client = (t.db as unknown as { $client: unknown }).$client;
  const options = { schema, casing: "snake_case" as const, logger };
  const db = t.kind === "pglite" ? drizzlePglite(client as PGlite, options) : drizzlePg(client as pg.Pool, options);
  appDatabase.handle = { ...t, db: db as unknown as Database };
  return queries;
}

const BODY_COLUMNS = /"content"|"rich_content"|"search_text"/;

describe(`feed queries and cache (${process.env.DB_TARGET ?? "pglite"})`, () => {
  afterEach(async () => {
    vi.useRealTimers();
    await stopContentEvents();
    appDatabase.handle = t;
    await t.db.update(articles).set({ published: false }).where(eq(articles.id, ids.draft));
    await t.db.update(ebooks).set({ published: false }).where(eq(ebooks.id, ids.draftBook));
  });

  it("reads no article body for the sitemap, and answers again from memory", async () => {
    const queries = useLoggingDatabase();
    const first = await sitemapXml(ORIGIN);
    expect(first).toBe(sitemap);
    const articleQueries = queries.filter((q) => /from "articles"/.test(q.sql));
    expect(articleQueries.length).toBeGreaterThan(0);
    for (const q of articleQueries) expect(q.sql).not.toMatch(BODY_COLUMNS);
    expect(articleQueries.map((q) => q.sql).join("\n")).toMatch(/select "id", "updated_at" from "articles"/);

    queries.length = 0;
    expect(await sitemapXml(ORIGIN)).toBe(first);
    expect(queries).toEqual([]);
  });

  it("reads bodies for the RSS feed only where a summary is cut from one, and answers again from memory", async () => {
    const { items } = await listArticlesForViewer({ viewer: guestViewer(), page: 1, pageSize: 30 });
    const excerpts = await t.db.select({ id: articles.id, excerpt: articles.excerpt }).from(articles);
    const needBody = new Set(
      excerpts.filter((a) => !a.excerpt?.trim() && items.some((i) => i.id === a.id)).map((a) => a.id),
    );
    expect(needBody.has(ids.subscription)).toBe(true);
    expect(needBody.has(ids.premium)).toBe(false);

    const queries = useLoggingDatabase();
    expect(await rssXml(ORIGIN)).toBe(rss);
    const bodyQueries = queries.filter((q) => BODY_COLUMNS.test(q.sql));
    expect(bodyQueries).toHaveLength(1);
    const asked = bodyQueries[0].params.filter((p) => typeof p === "string" && /^[0-9a-f-]{36}$/.test(p));
    expect(new Set(asked)).toEqual(needBody);

    queries.length = 0;
    expect(await rssXml(ORIGIN)).toBe(rss);
    expect(queries).toEqual([]);
  });

  it("rebuilds the feeds after an article or ebook is published or changed", async () => {
    await startContentEvents(t, () => {});
    const changes: ContentChange[] = [];
    const unsubscribe = onContentChanged((change) => changes.push(change));
    const changed = async (table: string) => {
      await waitFor(() => changes.find((c) => c.tables.includes(table)), 3_000);
      changes.length = 0;
    };
    try {
      const queries = useLoggingDatabase();
      expect(await sitemapXml(ORIGIN)).toBe(sitemap);
      expect(await rssXml(ORIGIN)).toBe(rss);
      queries.length = 0;
      expect(await sitemapXml(ORIGIN)).toBe(sitemap);
      expect(queries).toEqual([]);

      await t.db.update(articles).set({ published: true }).where(eq(articles.id, ids.draft));
      await changed("articles");
      const published = await sitemapXml(ORIGIN);
      expect(queries.length).toBeGreaterThan(0);
      expect(published).toContain(`<loc>${ORIGIN}/article/${ids.draft}</loc>`);
      expect(await rssXml(ORIGIN)).toContain("<title>Draft not ready</title>");
      expect(published).not.toMatch(MARKER);

      const edited = new Date(Date.UTC(2026, 11, 1, 9, 30, 0));
      await t.db.update(articles).set({ updatedAt: edited }).where(eq(articles.id, ids.free));
      await changed("articles");
      expect(await sitemapXml(ORIGIN)).toContain(
        `<loc>${ORIGIN}/article/${ids.free}</loc><lastmod>2026-12-01T09:30:00.000Z</lastmod>`,
      );

      await t.db.update(articles).set({ published: false }).where(eq(articles.id, ids.draft));
      await changed("articles");
      expect(await sitemapXml(ORIGIN)).not.toContain(ids.draft);

      await t.db.update(ebooks).set({ published: true }).where(eq(ebooks.id, ids.draftBook));
      await changed("ebooks");
      expect(await sitemapXml(ORIGIN)).toContain(`<loc>${ORIGIN}/ebook/${ids.draftBook}</loc>`);
    } finally {
      unsubscribe();
      await t.db
        .update(articles)
        .set({ updatedAt: new Date(Date.UTC(2026, 10, 10, 8, 0, 0)) })
        .where(eq(articles.id, ids.free));
    }
  });

  it("without change events, keeps a feed only for a short time", async () => {
    expect(FEED_CACHE_FALLBACK_MS).toBeLessThanOrEqual(60_000);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.UTC(2027, 0, 1)));
    const queries = useLoggingDatabase();
    expect(await sitemapXml(ORIGIN)).toBe(sitemap);
    await t.db.update(articles).set({ published: true }).where(eq(articles.id, ids.draft));

    vi.setSystemTime(Date.now() + FEED_CACHE_FALLBACK_MS - 1_000);
    queries.length = 0;
    expect(await sitemapXml(ORIGIN)).toBe(sitemap);
    expect(queries).toEqual([]);

    vi.setSystemTime(Date.now() + 1_000);
    expect(await sitemapXml(ORIGIN)).toContain(`<loc>${ORIGIN}/article/${ids.draft}</loc>`);
  });
});
