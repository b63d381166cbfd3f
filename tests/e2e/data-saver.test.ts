// Data saver (issue 32, section 3), as a reader on a phone uses it: she turns it on from the footer without an
// account, pages then come without any script, pictures and the video wait for a tap, and a first visit to an
// article costs under 30 KB in all (home under 40 KB), measured as the bytes the browser received.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PHONE, baseUrl, expectAccessible, newPage } from "../setup/pages";
import { saveScreenshot } from "../setup/screenshots";
import { newReader } from "../setup/attacker";
import { signInCookie } from "../setup/http-session";
import { ebooks as demoEbooks } from "~/db/seed/content-data";

/** A signed-in reader's browser with data saver on (her switch), from a session cookie. */
async function signedInSaver(cookie: string) {
  const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl() });
  await context.addCookies([
    ...cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl() };
    }),
    { name: "nuru_data_saver", value: "on", url: baseUrl() },
  ]);
  return { context, page: await context.newPage() };
}

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
    // A picture's tap reloads the article with that picture in place (not the bare file, which left the article).
    const picture = reader
      .locator("article")
      .getByRole("link", { name: /^Show picture/ })
      .first();
    expect(await picture.getAttribute("href")).toMatch(new RegExp(`^${href}\\?show=([\\w-]+)#picture-\\1$`));
    expect(await reader.locator("iframe").count()).toBe(0);
    expect(await reader.getByRole("link", { name: /Watch the video/ }).getAttribute("href")).toContain("youtube");
    // The page still fits a phone.
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(reader);
    await saveScreenshot(reader, "shots-data-saver/article-390", { fullPage: true });
    const tapped = await picture.getAttribute("href");
    await picture.click();
    await reader.waitForURL((url) => url.pathname === href && url.searchParams.get("show") !== null);
    expect(await reader.locator("article h1").textContent()).toMatch(/heat/i);
    const shown = reader.locator(`article img#${tapped!.split("#")[1]}`);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The other pictures still wait, and the page has no script still.
    expect(await reader.locator("script").count()).toBe(0);
    await shown.scrollIntoViewIfNeeded();
    await saveScreenshot(reader, "shots-data-saver/article-picture-shown-390");
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
    // The home page's own script is back (it hydrates no React: ADR 045).
    expect(await page.locator("script[data-islands]").count()).toBe(1);
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

  it("a signed-in reader writes a comment and a review with data saver on: plain forms, no script, no endless loading", async () => {
    const password = "saver-pass-1";
    const email = await newReader(password);
    const { context, page } = await signedInSaver(await signInCookie(email, password));
    const probe = await browser.newPage({ viewport: PHONE, baseURL: baseUrl() });
    const href = await firstArticleWithPicture(probe);
    await probe.close();
    await page.goto(href);
    expect(await page.locator("script").count()).toBe(0);
    expect(await page.locator("main").innerText()).not.toMatch(/Loading the (review|comment) form/);
    const comment = page.getByLabel("Leave a comment");
    await comment.scrollIntoViewIfNeeded();
    await saveScreenshot(page, "shots-data-saver/comment-form-390");
    await comment.fill("Data saver comment: the heat tips helped on my commute.");
    await page.getByRole("button", { name: "Post Comment" }).click();
    await page.waitForURL((url) => url.pathname === href);
    await page.getByText("Your comment will be visible once approved.").waitFor();
    await page.getByLabel("Rating").selectOption("4");
    await page.getByLabel(/Your review/).fill("Clear and practical, read with data saver.");
    await page.getByRole("button", { name: "Submit Review" }).click();
    await page.waitForURL((url) => url.pathname === href);
    await page.getByText("Your review will be visible once approved.").waitFor();
    expect(await page.locator("script").count()).toBe(0);
    await context.close();
  });

  it("opens an ebook in text mode, not the script-only PDF reader that never loads, with data saver on", async () => {
    const bought = demoEbooks.find((e) => e.price !== null && Number(e.price) > 0)!;
    const { context, page } = await signedInSaver(await signInCookie("buyer@nuru.test"));
    await page.goto(`/ebooks?q=${encodeURIComponent(bought.title)}`);
    const ebookHref = await page.locator('a[href^="/ebook/"]').first().getAttribute("href");
    await page.goto(`${ebookHref}/read`);
    await page.waitForURL((url) => url.pathname === `${ebookHref}/text`);
    await page.locator("[data-block]").first().waitFor();
    expect(await page.locator("main, body").first().innerText()).not.toContain("Loading ebook");
    expect(await page.locator("script").count()).toBe(0);
    // Asked for the PDF itself: the page says it needs JavaScript and offers to turn data saver off, not a spinner.
    await page.goto(`${ebookHref}/read?pdf=1`);
    expect(await page.locator("body").innerText()).not.toContain("Loading ebook");
    await page.getByText(/needs JavaScript/).waitFor();
    await page
      .getByRole("button", { name: /Data saver is on: turn off/ })
      .first()
      .waitFor();
    expect(await page.getByRole("link", { name: /Read it in text mode/ }).getAttribute("href")).toBe(
      `${ebookHref}/text`,
    );
    await expectAccessible(page);
    await saveScreenshot(page, "shots-data-saver/pdf-reader-390", { fullPage: true });
    await context.close();
  });
});
