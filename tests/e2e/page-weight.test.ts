// Page weight (issue 14): the HTML guests get for the pages they land on most, with the demo content, as the
// server renders it (uncompressed, and gzip -9 for comparison with docs/benchmarks.md). The budgets are what
// was reached plus a margin, so the pages do not grow back unnoticed; docs/benchmarks-history.md ("Home page HTML")
// says what the bytes are. A budget is only worth something while the page still shows everything, so each page's
// content is counted too. The home page's goal of 40 KB with the demo alone (`npm start`) is met since 2026-11-25
// (39,005 bytes; this suite's shop has a little less on its home page).
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { getText } from "../setup/http-session";

const BUDGETS: { path: string; raw: number; gzip: number; cards: number }[] = [
  // Hero slides, featured ad, 3 must-reads, 3 promo ebooks, 4 shop ebooks, plans, testimonials, 3 featured,
  // categories and 10 latest articles (rows).
  // Measured 2026-11-23 in this suite's shop (the demo plus the leak suite's articles): / 77,981 bytes (15,737
  // gzip), /articles 40,503 (8,744), /category/weight-loss 30,507 (7,259); before issue 14's work the home page
  // was 137 KB with the demo alone.
  // After ADR 022 (guest home sections and the footer's country list rendered once): / 64,510 (11,559),
  // /articles 38,279 (7,948), /category/weight-loss 28,283 (6,457).
  // 2026-11-24, the latest articles as compact rows, one AVIF srcset per image, a rating as one element, short
  // badge classes: / 50,206 (10,491), /articles 35,399 (7,754), /category/weight-loss 26,562 (6,324).
  // 2026-11-25, the country list on its own page, 1x/2x srcsets without sizes for fixed slots, short classes for
  // plans, quotes, slides and navigation, one link per card, a compact route manifest: / 39,992 (8,964),
  // /articles 27,876 (6,562), /category/weight-loss 21,603 (5,357).
  // 2026-11-25, later: icons sized by their class, sections without a region name each, one class per access
  // badge and for the header, footer, bottom bar and featured ad, card sizes by kind (article or .ebook), no
  // twitter:title or twitter:description (X reads the og: ones), the home page's shorter excerpts (the spec's 100
  // and 70 characters): / 37,364 (8,375), /articles 25,490 (5,863), /category/weight-loss 18,950 (4,728).
  // 2026-11-26, evening: the footer's data saver switch (issue 32, a one-button form), its privacy link (issue 35)
  // and an Open Graph image for every page kind (issue 34: og:image, its width and height, and X's large card, about
  // 180 bytes; no og:image:type or og:image:alt, which previews do without): / about 38,900; the goal of 40 KB holds.
  // Then the "New articles by e-mail" form (issue 34: a heading, an e-mail field and a button in a plain GET form,
  // about 450 bytes, 30 gzip): / 39,340 (8,882); raw budget 39,200 -> 39,600, gzip unchanged.
  // Then the app manifest's link (issue 32, installable) and this suite's shop seeded once from the demo (tests/setup/
  // demo-shop.ts, a little more text on its cards): / 39,048 (8,941), /category/weight-loss 22,299 (5,477).
  // 2026-11-27: the 7-day pass (issue 33, ADR 036) is a fourth card in the plans teaser (about 690 bytes, 60 gzip):
  // / 39,734 (8,944); raw budget 39,600 -> 40,000 (the 40 KB goal), gzip unchanged.
  // 2026-11-28 (issue 46): each article and ebook once, four latest rows, featured reads as rows: 3 must-read cards,
  // 3 promotions, 4 favourites, 3 featured rows and 4 latest rows.
  { path: "/", raw: 40_000, gzip: 9_000, cards: 17 },
  // 2026-11-26: the list pages' card excerpts whole again (150 characters: the last figures were measured while
  // a card's excerpt was cut to its position in the list, issue 29): /articles 28,866, /category 20,806 raw.
  // 2026-11-28 (issue 46): the feed's link in the head and the footer on every page (about 150 bytes, 30 gzip):
  // /articles 6,804 gzip; gzip budget 6,800 -> 6,850.
  // 2026-11-28 (issue 46 items 9 and 11): share cards on the list pages and og:image:alt and twitter:image on every page
  // with a picture (/articles gains og:image, its width, height and alt, twitter:image and X's large card: about 330
  // bytes, 70 gzip; the card list moved to the server, so no chunk of its own is preloaded, about 130 bytes won back):
  // /articles 29,811 (6,878) in this file alone; gzip budget 6,850 -> 6,900. /category/weight-loss gains og:image:alt
  // and twitter:image (about 140 bytes; 22,711 in the whole suite's shop before the card chunk left): raw budget
  // 22,600 -> 22,750.
  { path: "/articles", raw: 30_000, gzip: 6_900, cards: 12 },
  { path: "/category/weight-loss", raw: 22_750, gzip: 5_600, cards: 1 },
];

async function weigh(path: string) {
  const { status, body } = await getText(path);
  expect(status, path).toBe(200);
  return {
    body,
    raw: Buffer.byteLength(body),
    gzip: gzipSync(body, { level: 9 }).length,
  };
}

describe("page weight for a guest", () => {
  for (const budget of BUDGETS)
    it(`${budget.path} stays under ${budget.raw.toLocaleString("en")} bytes (${budget.gzip.toLocaleString("en")} gzip)`, async () => {
      const page = await weigh(budget.path);
      console.log(`${budget.path}: ${page.raw} bytes, ${page.gzip} gzip -9`);
      expect(page.raw).toBeLessThan(budget.raw);
      expect(page.gzip).toBeLessThan(budget.gzip);
      expect((page.body.match(/<article class="(card|row)[ "]/g) ?? []).length).toBeGreaterThanOrEqual(budget.cards);
    });

  it("the home page still shows every section, with the spec's counts", async () => {
    const { body } = await weigh("/");
    expect((body.match(/aria-roledescription="slide"/g) ?? []).length).toBeGreaterThanOrEqual(1);
    for (const id of ["must-reads", "promos", "shop", "subscription-cta", "testimonials", "featured", "categories"])
      expect(body, id).toContain(`id="${id}"`);
    const section = (id: string) =>
      body.slice(body.indexOf(`id="${id}"`), body.indexOf("</section>", body.indexOf(`id="${id}"`)));
    const cards = (id: string) => (section(id).match(/<article class="(card|row)[ "]/g) ?? []).length;
    expect([cards("must-reads"), cards("promos"), cards("shop"), cards("featured"), cards("latest")]).toEqual([
      3, 3, 4, 3, 4,
    ]);
    // The demo catalogue has enough premium ebooks: the promotions show none of the favourites again (issue 29).
    const ebooks = (id: string) => new Set(section(id).match(/\/ebook\/[0-9a-f-]{36}/g));
    const both = [...ebooks("promos")].filter((href) => ebooks("shop").has(href));
    expect(ebooks("promos").size).toBe(3);
    expect(both).toEqual([]);
  });
});

describe("what first paint waits for", () => {
  // A page that hydrates React preloads its modules, at low priority.
  for (const path of ["/about", "/terms"])
    it(`${path}: the stylesheet comes before any script, and module preloads are asked for at low priority`, async () => {
      const { body } = await weigh(path);
      const head = body.slice(0, body.indexOf("</head>"));
      const stylesheet = head.indexOf('rel="stylesheet"');
      const preloads = head.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(stylesheet).toBeGreaterThan(0);
      expect(preloads.length).toBeGreaterThan(0);
      expect(stylesheet).toBeLessThan(head.indexOf('rel="modulepreload"'));
      for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');
      expect(head).not.toMatch(/<script[^>]*src=/);
    });
  // A reader page without React in the browser (ADR 045) preloads nothing: its one small script is a module
  // (deferred), at the end of the body.
  for (const path of ["/", "/articles", "/pricing"])
    it(`${path}: the stylesheet in the head, no module preload, and one module script at the end`, async () => {
      const { body } = await weigh(path);
      const head = body.slice(0, body.indexOf("</head>"));
      expect(head.indexOf('rel="stylesheet"')).toBeGreaterThan(0);
      expect(body).not.toContain('rel="modulepreload"');
      expect(head).not.toMatch(/<script[^>]*src=/);
      const scripts = body.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.filter((tag) => !tag.includes("application/ld+json"))).toEqual([
        expect.stringMatching(/^<script type="module" src="\/assets\/reader-page-[\w-]+\.js"/),
      ]);
    });
});
