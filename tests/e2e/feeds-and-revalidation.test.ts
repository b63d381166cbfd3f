// What real clients meet (issue 46 items 10 and 12): a feed reader finds the feed from any page and revalidates it
// and the sitemap with ETag / Last-Modified; a crawler that obeys the first matching robots.txt line stays out of the
// admin and account pages; media answers If-Modified-Since; /favicon.ico is the icon.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PHONE, baseUrl, newPage } from "../setup/pages";
import { probeIds } from "../setup/probe-ids";
import type { ProbeIds } from "../setup/route-probes";

let browser: Browser;
let ids: ProbeIds;

beforeAll(async () => {
  browser = await connectBrowser();
  ids = await probeIds();
});
afterAll(async () => {
  await browser?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${baseUrl()}${path}`, { headers });

describe("the feed, for feed readers", () => {
  it("is announced in every page's head and linked visibly in the footer", async () => {
    for (const path of ["/", "/about", `/article/${ids.premium}`, "/ebooks", "/signin", "/no-such-page"]) {
      const html = await (await get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const feedLink = /<link\b[^>]*\brel="alternate"[^>]*>/.exec(head)?.[0] ?? "";
      expect(feedLink, path).toContain('type="application/rss+xml"');
      expect(feedLink, path).toContain('href="/rss.xml"');
      expect(feedLink, path).toMatch(/title="[^"]+"/);
    }
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/about");
    const link = page.locator("footer").getByRole("link", { name: /RSS feed/ });
    await link.scrollIntoViewIfNeeded();
    expect(await link.isVisible()).toBe(true);
    expect(await link.getAttribute("href")).toBe("/rss.xml");
    await context.close();
  });

  it.each(["/rss.xml", "/sitemap.xml"])(
    "%s answers ETag and Last-Modified, and 304 to a client that has it",
    async (path) => {
      const first = await get(path);
      expect(first.status).toBe(200);
      const body = await first.text();
      const etag = first.headers.get("etag")!;
      const lastModified = first.headers.get("last-modified")!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(new Date(lastModified).toUTCString()).toBe(lastModified);
      const byTag = await get(path, { "If-None-Match": etag });
      expect(byTag.status).toBe(304);
      expect(await byTag.text()).toBe("");
      expect(byTag.headers.get("etag")).toBe(etag);
      const byDate = await get(path, { "If-Modified-Since": lastModified });
      expect(byDate.status).toBe(304);
      // An older copy, or another tag: the whole document again.
      const older = await get(path, { "If-Modified-Since": new Date(Date.parse(lastModified) - 1000).toUTCString() });
      expect(older.status).toBe(200);
      expect(await older.text()).toBe(body);
      expect((await get(path, { "If-None-Match": '"something-else"' })).status).toBe(200);
    },
  );
});

describe("small things crawlers and browsers ask for", () => {
  it("robots.txt lists its Disallow lines before Allow: /, so the first matching line keeps crawlers out", async () => {
    const lines = (await (await get("/robots.txt")).text()).split("\n");
    const rules = lines.filter((line) => /^(Allow|Disallow):/.test(line));
    // A crawler that takes the first rule whose path prefixes the address.
    const firstMatch = (path: string) => rules.find((rule) => path.startsWith(rule.split(": ")[1]!))?.split(":")[0];
    for (const path of ["/admin", "/admin/orders", "/admin-dashboard", "/account", "/api/pricing", "/dev/mail"])
      expect(firstMatch(path), path).toBe("Disallow");
    for (const path of ["/", "/articles", `/article/${ids.premium}`]) expect(firstMatch(path), path).toBe("Allow");
  });

  it("media answers If-Modified-Since with 304", async () => {
    const path = "/media/seed/hero/slide-1.jpg";
    const first = await get(path);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const lastModified = first.headers.get("last-modified")!;
    expect(lastModified).toBeTruthy();
    const again = await get(path, { "If-Modified-Since": lastModified });
    expect(again.status).toBe(304);
    const older = await get(path, { "If-Modified-Since": "Thu, 01 Jan 2015 00:00:00 GMT" });
    expect(older.status).toBe(200);
    await older.arrayBuffer();
  });

  it("/favicon.ico is the shop's icon, not a not-found page", async () => {
    const res = await get("/favicon.ico");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const bytes = Buffer.from(await res.arrayBuffer());
    // The ICO header: reserved 0, type 1 (icon), then at least one image.
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
    expect(bytes.length).toBeLessThan(5000);
  });
});
