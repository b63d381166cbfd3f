// Data saver (issue 32, section 3), as a reader on a phone uses it: she turns it on from the footer without an
// account, pages then come without any script, pictures and the video wait for a tap, and a first visit to an
// article costs under 30 KB in all (home under 40 KB), measured as the bytes the browser received.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PHONE, baseUrl, expectAccessible, newPage } from "../setup/pages";
import { saveScreenshot } from "../setup/screenshots";

/** Issue 32's budgets: everything a first visit loads at once (HTML, CSS, fonts, images), compressed. */
const ARTICLE_BUDGET = 30_000;
const HOME_BUDGET = 40_000;

let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Bytes received for a page and everything it loaded, once the load is over (bodies as sent, plus headers). */
async function visit(page: Page, path: string) {
  const responses: { url: string; bytes: Promise<number>; type: string }[] = [];
  const onResponse = (response: import("playwright-core").Response) => {
    responses.push({
      url: response.url(),
      type: response.request().resourceType(),
      bytes: response
        .request()
        .sizes()
        .then((s) => s.responseBodySize + s.responseHeadersSize),
    });
  };
  page.on("response", onResponse);
  await page.goto(path, { waitUntil: "load" });
  page.off("response", onResponse);
  const sizes = await Promise.all(responses.map((r) => r.bytes));
  return {
    total: sizes.reduce((sum, n) => sum + n, 0),
    scripts: responses.filter((r) => r.type === "script").length,
    images: responses.filter((r) => r.type === "image").map((r) => new URL(r.url).pathname),
  };
}

async function firstArticleWithPicture(page: Page): Promise<string> {
  await page.goto("/articles?q=kenyan+heat");
  const href = await page.locator('a[href^="/article/"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

describe("data saver", () => {
  it("is turned on from the footer without an account; an article then has no script and costs under 30 KB", async () => {
    const { page, context } = await newPage(browser, PHONE);
    const href = await firstArticleWithPicture(page);
    const normal = await visit(page, href);
    expect(normal.scripts, "the normal page loads its scripts").toBeGreaterThan(0);

    await page.getByRole("button", { name: "Data saver: use less data" }).click();
    await page.waitForURL((url) => url.pathname === href);
    await expect
      .poll(() =>
        page
          .locator("footer")
          .getByRole("button", { name: /Data saver is on/ })
          .count(),
      )
      .toBe(1);

    // A first visit: nothing cached by the browser.
    const fresh = await browser.newContext({ viewport: PHONE, baseURL: baseUrl() });
    await fresh.addCookies(await context.cookies());
    const reader = await fresh.newPage();
    const saved = await visit(reader, href);
    console.log(`data saver article: ${saved.total} bytes`);
    expect(await reader.locator("script").count(), "no script element at all").toBe(0);
    expect(saved.scripts).toBe(0);
    expect(saved.total).toBeLessThan(ARTICLE_BUDGET);
    // What she reads is all there; the picture and the video wait for a tap.
    await expect.poll(() => reader.locator("article h1").textContent()).toMatch(/heat/i);
    expect(await reader.locator("article .article-body").innerText()).toContain("2 to 2.7 litres of fluid a day");
    expect(
      saved.images.filter((p) => p !== "/favicon.svg"),
      "no picture loaded before a tap",
    ).toEqual([]);
    const picture = reader.getByRole("link", { name: /^Show picture/ }).first();
    expect(await picture.getAttribute("href")).toMatch(/^\/media\/.+-\d+w\.avif$/);
    expect(await reader.locator("iframe").count()).toBe(0);
    expect(await reader.getByRole("link", { name: /Watch the video/ }).getAttribute("href")).toContain("youtube");
    // The page still fits a phone.
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(reader);
    await saveScreenshot(reader, "shots-data-saver/article-390", { fullPage: true });
    await fresh.close();
    await context.close();
  });

  it("gives a short home page under 40 KB, and the browser's Save-Data asks for it too", async () => {
    const context = await browser.newContext({
      viewport: PHONE,
      baseURL: baseUrl(),
      extraHTTPHeaders: { "Save-Data": "on" },
    });
    const page = await context.newPage();
    const home = await visit(page, "/");
    console.log(`data saver home: ${home.total} bytes`);
    expect(home.scripts).toBe(0);
    expect(await page.locator("script").count()).toBe(0);
    expect(home.total).toBeLessThan(HOME_BUDGET);
    expect(await page.locator("main").innerText()).toContain("Data saver is on: the home page is short");
    expect(await page.locator("#latest article").count()).toBeGreaterThanOrEqual(5);
    expect(await page.locator("#must-reads, #promos, [aria-roledescription=slide]").count()).toBe(0);
    await saveScreenshot(page, "shots-data-saver/home-390", { fullPage: true });
    // Her own choice wins over the browser's: turned off, the full page with its scripts comes back.
    await page
      .locator("footer")
      .getByRole("button", { name: /Data saver is on/ })
      .click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.locator("script[type=module]").count()).toBeGreaterThan(0);
    expect(await page.locator("#must-reads").count()).toBe(1);
    await context.close();
  });

  it("never sends a reader who chose data saver the guest cache's normal page, nor anyone else hers", async () => {
    const get = (cookie?: string) =>
      fetch(`${baseUrl()}/articles`, { headers: cookie ? { Cookie: cookie } : {} }).then(async (res) => ({
        cache: res.headers.get("x-guest-cache"),
        vary: res.headers.get("vary") ?? "",
        body: await res.text(),
      }));
    await get();
    const normal = await get();
    expect(normal.cache).toBe("hit");
    expect(normal.body).toContain("<script");
    expect(normal.vary).toContain("Save-Data");
    const saver = await get("nuru_data_saver=on");
    expect(saver.body).not.toContain("<script");
    const saverAgain = await get("nuru_data_saver=on");
    expect(saverAgain.cache).toBe("hit");
    expect(saverAgain.body).not.toContain("<script");
    expect((await get()).body).toContain("<script");
    // Turned off by choice: the normal page even with Save-Data on.
    const off = await fetch(`${baseUrl()}/articles`, {
      headers: { Cookie: "nuru_data_saver=off", "Save-Data": "on" },
    }).then((res) => res.text());
    expect(off).toContain("<script");
  });
});
