import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appDatabase, type DatabaseHandle } from "~/db/client.server";
import { createArticle, createCategory, createEbook } from "~/db/seed/factories";
import { rssXml, sitemapXml } from "~/modules/content/feeds.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

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
      createArticle(db, { title: `Filler ${i}`, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) }),
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

  const freeBook = await createEbook(db, { title: "Free guide", accessType: "free", price: 0 });
  const paidBook = await createEbook(db, { title: "Paid guide", accessType: "premium", price: 750 });
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
