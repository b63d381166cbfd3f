// Sharing (issue 34, 46): every article, ebook, category, listing and information page and the home page names a
// WhatsApp-sized Open Graph image that the shop draws itself; articles and ebooks carry share links that work without
// JavaScript (checked in the HTML), and the share row fits a 390 px phone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { DESKTOP, PHONE, baseUrl, newPage, waitForHydration } from "../setup/pages";
import { getText, signInCookie } from "../setup/http-session";
import { probeIds } from "../setup/probe-ids";
import { MARKERS, MARKER_TITLES } from "../setup/markers";
import type { ProbeIds } from "../setup/route-probes";
import { saveScreenshot } from "../setup/screenshots";

let ids: ProbeIds;
let browser: Browser | undefined;

beforeAll(async () => {
  ids = await probeIds();
});
afterAll(async () => {
  await browser?.close();
});

/** The value of a meta tag (by property or name) in a page's HTML. */
function metaContent(html: string, key: string): string | null {
  const tag = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return tag ? tag[1]!.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'") : null;
}

/** WhatsApp leaves out a preview image over 300 KB. */
const WHATSAPP_LIMIT = 300_000;

describe("Open Graph images", () => {
  const pages = () => [
    { page: "/", image: "/og/home.jpg" },
    { page: `/article/${ids.premium}`, image: `/og/article/${ids.premium}.jpg` },
    { page: `/ebook/${ids.lockedEbook}`, image: `/og/ebook/${ids.lockedEbook}.jpg` },
    { page: "/category/weight-loss", image: "/og/category/weight-loss.jpg" },
    // Listing and information pages (issue 46: they shared with no picture on WhatsApp).
    ...["pricing", "about", "terms", "articles", "ebooks", "categories"].map((name) => ({
      page: `/${name}`,
      image: `/og/page/${name}.jpg`,
    })),
  ];

  it("are named by each page kind's tags, absolute, with their size and a large card for X", async () => {
    for (const { page, image } of pages()) {
      const { status, body } = await getText(page);
      expect(status, page).toBe(200);
      const url = metaContent(body, "og:image");
      expect(url, page).toMatch(/^https?:\/\//);
      expect(new URL(url!).pathname, page).toBe(image);
      expect(new URL(url!).origin, page).toBe(new URL(metaContent(body, "og:url")!).origin);
      expect(metaContent(body, "og:image:width"), page).toBe("1200");
      expect(metaContent(body, "og:image:height"), page).toBe("630");
      expect(metaContent(body, "twitter:card"), page).toBe("summary_large_image");
      expect(metaContent(body, "twitter:image"), page).toBe(url);
      // A preview's picture is described for those who cannot see it (issue 46).
      expect(metaContent(body, "og:image:alt")?.length ?? 0, page).toBeGreaterThan(5);
    }
  });

  it("are 1200x630 JPEGs under WhatsApp's limit, publicly cacheable, and 304 when unchanged", async () => {
    for (const { image } of pages()) {
      const res = await fetch(`${baseUrl()}${image}`);
      expect(res.status, image).toBe(200);
      expect(res.headers.get("content-type"), image).toBe("image/jpeg");
      expect(res.headers.get("cache-control"), image).toMatch(/^public, max-age=\d+/);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length, image).toBeLessThan(WHATSAPP_LIMIT);
      expect(bytes.length, image).toBeLessThan(100_000);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height], image).toEqual(["jpeg", 1200, 630]);
      const etag = res.headers.get("etag");
      expect(etag, image).toBeTruthy();
      const again = await fetch(`${baseUrl()}${image}`, { headers: { "If-None-Match": etag! } });
      expect(again.status, image).toBe(304);
    }
  });

  it("answer 404 for unknown, unpublished and malformed addresses", async () => {
    const admin = await signInCookie("admin@nuru.test");
    const drafts = await getText(`/admin/articles?q=${encodeURIComponent("Unpublished draft")}`, admin);
    const draftId = /\/admin\/articles\/([0-9a-f-]{36})/.exec(drafts.body)?.[1];
    expect(draftId).toBeTruthy();
    for (const path of [
      `/og/article/${draftId}.jpg`,
      "/og/article/00000000-0000-4000-8000-000000000000.jpg",
      "/og/ebook/00000000-0000-4000-8000-000000000000.jpg",
      "/og/category/no-such-category.jpg",
      `/og/article/${ids.premium}.png`,
      `/og/receipt/${ids.premium}.jpg`,
      "/og/home.png",
      "/og/page/account.jpg",
      "/og/page/__proto__.jpg",
    ]) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type") ?? "", path).not.toMatch(/^image\//);
    }
  });

  it("the home page names the shop and its search for search engines (issue 46)", async () => {
    const { body } = await getText("/");
    const script = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(body)?.[1];
    const graph = (JSON.parse(script!) as { "@graph": { "@type": string; [k: string]: unknown }[] })["@graph"];
    const site = graph.find((n) => n["@type"] === "WebSite")!;
    expect((site.potentialAction as { target: string }).target).toMatch(/\/articles\?q=\{search_term_string\}$/);
    const org = graph.find((n) => n["@type"] === "Organization")!;
    expect(org.name).toBe("Nuru");
    const logo = await fetch(`${baseUrl()}${new URL(org.logo as string).pathname}`);
    expect(logo.headers.get("content-type")).toBe("image/png");
  });

  it("a list's second page is canonical to itself, its first page without the parameter (issue 46)", async () => {
    const canonical = (body: string) => /<link rel="canonical" href="([^"]+)"/.exec(body)?.[1];
    expect(canonical((await getText("/articles?page=2")).body)).toBe(`${baseUrl()}/articles?page=2`);
    expect(canonical((await getText("/articles?page=1")).body)).toBe(`${baseUrl()}/articles`);
  });

  it("the home page's JSON-LD is the server's alone: a data-saver home page goes without it", async () => {
    const body = await (await fetch(`${baseUrl()}/`, { headers: { Cookie: "nuru_data_saver=on" } })).text();
    expect(body).toContain("<h1");
    expect(body).not.toContain("application/ld+json");
  });

  it("give a locked article's page only its public excerpt as description", async () => {
    for (const id of [ids.premium, ids.subscription]) {
      const { body } = await getText(`/article/${id}`);
      for (const key of ["description", "og:description"]) {
        const description = metaContent(body, key)!;
        expect(description, key).toBe("A gentle evening walking plan for busy weeks.");
        for (const marker of Object.values(MARKERS)) expect(description).not.toContain(marker);
      }
    }
  });
});

describe("share links", () => {
  /** The four networks' links as they must appear in the HTML (attribute-escaped). */
  function expectedLinks(url: string, title: string) {
    const u = encodeURIComponent(url);
    const t = encodeURIComponent(title);
    return [
      `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
      `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      `https://x.com/intent/post?text=${t}&url=${u}`,
      `https://t.me/share/url?url=${u}&text=${t}`,
    ].map((href) => href.replaceAll("&", "&amp;"));
  }

  it("are plain links in the HTML of articles and ebooks, with the canonical address and the title", async () => {
    const ebookTitle = "Gain With Grace: A Healthy Weight Gain Plan";
    for (const { path, title } of [
      { path: `/article/${ids.premium}`, title: MARKER_TITLES.premium },
      { path: `/ebook/${ids.lockedEbook}`, title: ebookTitle },
    ]) {
      const { body } = await getText(path);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(body)?.[1];
      expect(canonical, path).toMatch(new RegExp(`^https?://[^/]+${path}$`));
      for (const href of expectedLinks(canonical!, title)) {
        const link = new RegExp(`<a href="${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"([^>]*)>`).exec(body);
        expect(link, `${href} on ${path}`).not.toBeNull();
        expect(link![1]).toContain('target="_blank"');
        expect(link![1]).toContain('rel="noopener noreferrer"');
        expect(link![1]).toMatch(/aria-label="Share on (WhatsApp|Facebook|X|Telegram) \(opens a new tab\)"/);
      }
      // Copy link and the share sheet need JavaScript: they are added by the browser, not sent as dead buttons.
      expect(body).not.toContain("Copy link");
    }
  });

  it("fit a 390 px phone, and add Copy link once the page runs", async () => {
    browser = await connectBrowser();
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page, errors } = await newPage(browser, viewport);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
      await page.goto(`/article/${ids.premium}`);
      await waitForHydration(page);
      const row = page.getByRole("group", { name: "Share" });
      await row.scrollIntoViewIfNeeded();
      await expect.poll(() => row.getByRole("button", { name: "Copy link" }).isVisible()).toBe(true);
      const box = (await row.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      for (const name of ["WhatsApp", "Facebook", "X", "Telegram"]) {
        const link = row.getByRole("link", { name: `Share on ${name} (opens a new tab)` });
        const linkBox = (await link.boundingBox())!;
        expect(linkBox.x + linkBox.width, name).toBeLessThanOrEqual(viewport.width);
        // Targets of at least 44x44 px for a thumb.
        expect(Math.min(linkBox.width, linkBox.height), name).toBeGreaterThanOrEqual(44);
      }
      await row.getByRole("button", { name: "Copy link" }).click();
      await expect.poll(() => row.getByRole("status").textContent()).toBe("Link copied.");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/article/${ids.premium}$`));
      // In the middle of the screen, clear of the phone's bottom navigation.
      await row.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await saveScreenshot(page, `shots-f/share-${viewport.width}`);
      // The locked ebook's page: the row beside the cover fits too.
      await page.goto(`/ebook/${ids.lockedEbook}`);
      const ebookRow = page.getByRole("group", { name: "Share" });
      await ebookRow.evaluate((el) => el.scrollIntoView({ block: "center" }));
      const ebookBox = (await ebookRow.boundingBox())!;
      expect(ebookBox.x + ebookBox.width).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await saveScreenshot(page, `shots-f/share-ebook-${viewport.width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("are there too on an article reached within the app, for that article", async () => {
    const { context, page, errors } = await newPage(browser!, PHONE);
    await page.goto(`/articles?q=${encodeURIComponent("Evening walks")}`);
    await waitForHydration(page);
    await page.locator(`a[href="/article/${ids.subscription}"]`).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/article/${ids.subscription}`);
    // Not sent as HTML this time: the browser renders the links itself, for the article now shown.
    const whatsapp = page.getByRole("link", { name: "Share on WhatsApp (opens a new tab)" });
    await expect
      .poll(() => whatsapp.getAttribute("href"))
      .toContain(encodeURIComponent(`/article/${ids.subscription}`));
    expect(await page.getByRole("group", { name: "Share" }).getByRole("link").count()).toBe(4);
    expect(errors).toEqual([]);
    await context.close();
  });
});
