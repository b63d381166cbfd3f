// Issue 32's "axe clean in every mode", at 390 px: the home page, an article (in full and behind the paywall),
// /ebooks, the ebook text reader (light, sepia and dark) and the offline library page, each in normal mode (after
// hydration, so what scripts add is checked too) and in data saver (Save-Data: on, no script).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PHONE, baseUrl, expectAccessible, newPage, trackHydration, waitForHydration } from "../setup/pages";
import { getText, signInCookie } from "../setup/http-session";
import { newReader } from "../setup/attacker";
import { payOnPesapal, signInWithForm } from "../setup/shop-journeys";
import { probeIds } from "../setup/probe-ids";
import { articles as demoArticles, ebooks as demoEbooks } from "~/db/seed/content-data";

let browser: Browser;
let premiumArticle: string;
let freeArticle: string;
let ebookId: string;
let readerCookie: string;
const PASSWORD = "axe-modes-pass-1";

const MODES = { normal: {}, "data saver": { "Save-Data": "on" } } as const;
type Mode = keyof typeof MODES;

const idOf = (body: string, kind: "article" | "ebook") => new RegExp(`href="/${kind}/([0-9a-f-]{36})"`).exec(body)![1];

beforeAll(async () => {
  browser = await connectBrowser();
  premiumArticle = (await probeIds()).premium;
  const free = demoArticles.find((a) => a.accessType === "free")!;
  freeArticle = idOf((await getText(`/articles?q=${encodeURIComponent(free.title.split(":")[0])}`)).body, "article");
  const priced = demoEbooks.find((e) => e.price !== null && Number(e.price) > 0)!;
  ebookId = idOf((await getText(`/ebooks?q=${encodeURIComponent(priced.title)}`)).body, "ebook");

  // A reader of her own (the themes she picks are hers), who buys the ebook.
  const email = await newReader(PASSWORD);
  const { page, context } = await newPage(browser, PHONE);
  await signInWithForm(page, email, PASSWORD);
  await page.goto(`/checkout/ebook/${ebookId}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: /^Pay KSh/ }).click();
  await payOnPesapal(page, "Complete card payment");
  await page.locator('[data-status="success"]').waitFor({ timeout: 20_000 });
  await context.close();
  readerCookie = await signInCookie(email, PASSWORD);
});
afterAll(async () => {
  await browser?.close();
});

async function contextFor(mode: Mode, signedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl(), extraHTTPHeaders: MODES[mode] });
  await trackHydration(context);
  if (signedIn)
    await context.addCookies(
      readerCookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl() };
      }),
    );
  return context;
}

async function check(context: BrowserContext, mode: Mode, path: string, ready?: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  if (mode === "normal") await waitForHydration(page);
  else expect(await page.locator("script[src]").count(), `${path} in data saver has no script`).toBe(0);
  await ready?.(page);
  await expectAccessible(page);
  await page.close();
}

describe.each(Object.keys(MODES) as Mode[])("axe at 390 px, %s", (mode) => {
  it("public pages: home, an article in full and behind the paywall, the ebooks", async () => {
    const context = await contextFor(mode, false);
    for (const path of ["/", `/article/${freeArticle}`, `/article/${premiumArticle}`, "/ebooks"])
      await check(context, mode, path);
    await context.close();
  });

  it("signed in: the text reader in each theme, and the offline library", async () => {
    const context = await contextFor(mode, true);
    for (const theme of ["light", "sepia", "dark"]) {
      const changed = await context.request.post(`/ebook/${ebookId}/text?s=0`, {
        form: { intent: "settings", change: theme, section: "0", at: "0" },
        headers: { Origin: baseUrl() },
        maxRedirects: 0,
      });
      expect(changed.status()).toBe(302);
      await check(context, mode, `/ebook/${ebookId}/text?s=1`, async (page) => {
        expect(await page.locator("[data-reader]").getAttribute("data-theme")).toBe(theme);
        // With scripts, the reader offers to save the ebook for offline reading: checked too.
        if (mode === "normal") await page.getByRole("button", { name: "Save this ebook for offline" }).waitFor();
      });
    }
    await check(context, mode, "/library/offline");
    await context.close();
  });
});

describe("the axe check itself", () => {
  it("fails on a page with problems, naming each rule and where", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.setContent(
      `<html lang="en"><head><title>Broken</title></head><body><main><h1>Broken</h1>` +
        `<img src="/photo.webp"><p style="color:#ddd;background:#fff">Faint text</p>` +
        `<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe></main></body></html>`,
    );
    const failure = await expectAccessible(page).then(
      () => "",
      (error: Error) => error.message,
    );
    expect(failure).toContain("image-alt");
    expect(failure).toContain("color-contrast");
    expect(failure).toContain("frame-title");
    await context.close();
  });
});
