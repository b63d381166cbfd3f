// The shop in Swahili (issue 50, ADR 048): "/sw/..." addresses for the reader pages rendered without React in the
// browser, with the shell and the pages' own words in Swahili, both languages named to search engines, the same
// caching for both, a switch that is a plain link, and a one-line offer (never a redirect) for a browser that
// prefers Swahili.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { baseUrl, newPage, PHONE } from "../setup/pages";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SWAHILI_PAGES = ["/sw", "/sw/home", "/sw/articles", "/sw/ebooks", "/sw/categories", "/sw/category/weight-loss"];

/** English words the shell used to show: none may be left on a Swahili page's header, menus or footer. */
const ENGLISH_SHELL_WORDS =
  /\b(Home|Articles|Ebooks|Pricing|Bookmarks|Categories|About|Account|Sign In|Support|Terms|Privacy|Plans|Data saver|Skip to content)\b/;

async function fetchPage(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl()}${path}`, { headers, redirect: "manual" });
  return { res, body: await res.text() };
}

describe("Swahili pages at 390 px", () => {
  for (const path of SWAHILI_PAGES)
    it(`${path}: lang="sw", its shell in Swahili, and both languages named`, async () => {
      const { page, context, errors } = await newPage(browser, PHONE);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await page.locator("html").getAttribute("lang")).toBe("sw");
      const bottom = page.getByRole("navigation", { name: "Menyu ya simu" });
      expect(await bottom.getByRole("link").allInnerTexts()).toEqual([
        "Mwanzo",
        "Makala",
        "Vitabu pepe",
        "Kategoria",
        "Bei",
        "Akaunti",
      ]);
      // The links keep her language where the page exists in Swahili (pricing not yet).
      expect(await bottom.getByRole("link", { name: "Makala" }).getAttribute("href")).toBe("/sw/articles");
      expect(await bottom.getByRole("link", { name: "Bei" }).getAttribute("href")).toBe("/pricing");
      expect(await bottom.getByRole("link", { name: "Akaunti" }).getAttribute("href")).toBe("/account");
      const shell = await page.evaluate(() =>
        ["header", "nav[aria-label='Menyu ya simu']", "footer"]
          .map((selector) => (document.querySelector(selector) as HTMLElement | null)?.innerText ?? "")
          .join("\n"),
      );
      expect(shell).toContain("Ingia");
      expect(shell).toContain("Masharti ya matumizi");
      // The switch names English in English; everything else in the shell is Swahili.
      expect(shell.replace(/^English$/m, "")).not.toMatch(ENGLISH_SHELL_WORDS);

      const english = path.replace(/^\/sw/, "") || "/";
      const links = await page.$$eval("link[rel=alternate][hreflang]", (found) =>
        found.map((l) => `${l.getAttribute("hreflang")} ${new URL(l.getAttribute("href")!).pathname}`),
      );
      expect(links).toEqual([`en ${english}`, `sw ${path}`, `x-default ${english}`]);
      const canonical = await page.locator("link[rel=canonical]").getAttribute("href");
      expect(new URL(canonical!).pathname).toBe(path);
      expect(errors).toEqual([]);
      await context.close();
    });

  it("the home page and the lists speak Swahili, with KSh prices", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/sw");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Nuru: afya njema kwa wanawake");
    expect(await page.getByRole("heading", { name: "Makala mpya", exact: true }).count()).toBe(1);
    expect(await page.locator("#subscription-cta").innerText()).toMatch(/KSh\s?[\d,]+/);
    await page.goto("/sw/articles");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Makala");
    expect(await page.getByRole("search").getByRole("button").innerText()).toBe("Tafuta");
    expect(await page.locator("[aria-live=polite]").innerText()).toMatch(/^makala \d+$/);
    await page.goto("/sw/ebooks");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Vitabu pepe");
    expect(await page.locator("main").innerText()).toMatch(/KSh\s?[\d,]+/);
    await context.close();
  });

  it("an English page is unchanged: lang en, English words, alternates to its Swahili page", async () => {
    const { body } = await fetchPage("/articles");
    expect(body).toContain('<html lang="en"');
    expect(body).toContain(">Articles</h1>");
    expect(body).toMatch(/<link rel="alternate" hrefLang="sw" href="[^"]*\/sw\/articles"/i);
    // A page without a Swahili version names no alternates and offers no switch (/about has one since the legal
    // pages were translated: tests/e2e/swahili-pages.test.ts).
    const dataSaver = await fetchPage("/data-saver");
    expect(dataSaver.res.status).toBe(200);
    expect(dataSaver.body).not.toMatch(/hreflang/i);
    expect(dataSaver.body).not.toContain("/language?");
  });
});

describe("caching the same for both languages", () => {
  it("a Swahili page is cached like its English one, and neither varies on Accept-Language", async () => {
    for (const [english, swahili] of [
      ["/", "/sw"],
      ["/articles", "/sw/articles"],
    ]) {
      await fetchPage(english);
      await fetchPage(swahili);
      const en = (await fetchPage(english)).res;
      const sw = (await fetchPage(swahili)).res;
      expect(sw.headers.get("cache-control")).toBe(en.headers.get("cache-control"));
      expect(sw.headers.get("x-guest-cache")).toBe("hit");
      expect(en.headers.get("x-guest-cache")).toBe("hit");
      for (const res of [en, sw]) expect(res.headers.get("vary") ?? "").not.toMatch(/accept-language/i);
    }
  });
});

describe("choosing the language", () => {
  it("the footer's switch is a plain link that keeps the page and remembers her choice", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/articles?access=free");
    await page.getByRole("link", { name: "Kiswahili" }).click();
    await page.waitForURL(/\/sw\/articles\?access=free$/);
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "nuru_lang")?.value).toBe("sw");
    await page.getByRole("link", { name: "English" }).click();
    await page.waitForURL(/\/articles\?access=free$/);
    expect(new URL(page.url()).pathname).toBe("/articles");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await context.close();
  });

  it("the switch never leaves the site", async () => {
    const { res } = await fetchPage("/language?to=sw&next=//evil.example/x");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/sw");
  });

  it("a browser that prefers Swahili is offered the Swahili page in one line, on a personal response only", async () => {
    const swahiliFirst = { "Accept-Language": "sw-KE,sw;q=0.9,en;q=0.5" };
    const offered = await fetchPage("/articles", swahiliFirst);
    expect(offered.res.status).toBe(200);
    expect(offered.body).toContain("Ukurasa huu upo pia kwa Kiswahili.");
    expect(offered.body).toContain("/language?to=sw&amp;next=%2Farticles");
    expect(offered.res.headers.get("cache-control")).toBe("private, no-store");
    expect(offered.res.headers.get("x-guest-cache")).toBeNull();
    // The same address for anyone else: no offer, from the cache as before.
    const plain = await fetchPage("/articles", { "Accept-Language": "en-KE,en;q=0.9" });
    expect(plain.body).not.toContain("Ukurasa huu upo pia kwa Kiswahili.");
    expect(plain.res.headers.get("cache-control")).not.toContain("no-store");
    // Once she has chosen, never again; and never on the Swahili page itself.
    const chosen = await fetchPage("/articles", { ...swahiliFirst, Cookie: "nuru_lang=en" });
    expect(chosen.body).not.toContain("Ukurasa huu upo pia kwa Kiswahili.");
    const swahili = await fetchPage("/sw/articles", swahiliFirst);
    expect(swahili.body).not.toContain("Ukurasa huu upo pia kwa Kiswahili.");
  });
});

describe("the sitemap", () => {
  it("lists the Swahili pages beside the English ones", async () => {
    const { body } = await fetchPage("/sitemap.xml");
    const origin = /<loc>(https?:\/\/[^/<]+)\//.exec(body)?.[1];
    expect(origin).toBeTruthy();
    for (const path of ["/", "/articles", "/ebooks", "/categories", "/category/weight-loss"]) {
      expect(body).toContain(`<loc>${origin}${path === "/" ? "/" : path}</loc>`);
      expect(body).toContain(`<loc>${origin}${path === "/" ? "/sw" : `/sw${path}`}</loc>`);
    }
  });
});
