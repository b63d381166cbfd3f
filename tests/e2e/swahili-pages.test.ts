// About, terms, privacy, the error pages, the offline page and the share cards in Swahili (issue 50, ADR 048): each
// "/sw" page speaks Swahili at 390 px, names both languages to search engines, and is rendered without React in the
// browser, so nothing turns back into English (or breaks hydration, React error #418) once the page has loaded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { baseUrl, expectAccessible, newPage, PHONE, waitForHydration } from "../setup/pages";
import { saveScreenshotsAtBothWidths } from "../setup/screenshots";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** English words no Swahili legal page may show: the English pages' own headings, links and commonest words. */
const ENGLISH =
  /\b(the|and|you|your|our|we|of|for|with|About Nuru|Our mission|Our story|Terms of Service|Privacy|Contact|Home|Articles|Ebooks|Pricing|Account|Sign In|Support|Read our articles|See membership plans|Skip to content)\b/;

/** A page at 390 px whose console errors (React's #418 among them) and page errors are both collected. */
async function phonePage() {
  const opened = await newPage(browser, PHONE);
  const consoleErrors: string[] = [];
  opened.page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  return { ...opened, consoleErrors };
}

/** What a reader sees of the page: header, main, bottom bar and footer, the switch's "English" left out. */
async function visibleWords(page: Page) {
  const text = await page.evaluate(() => document.body.innerText);
  return text.replace(/^English$/m, "");
}

async function alternates(page: Page) {
  return page.$$eval("link[rel=alternate][hreflang]", (found) =>
    found.map((l) => `${l.getAttribute("hreflang")} ${new URL(l.getAttribute("href")!).pathname}`),
  );
}

const LEGAL = [
  ["/sw/about", "Kuhusu Nuru", "Lengo letu"],
  ["/sw/terms", "Masharti ya matumizi", "Malipo na kurejeshewa pesa"],
  ["/sw/privacy", "Faragha na data yako", "Tunaihifadhi kwa muda gani"],
] as const;

describe("the legal pages in Swahili at 390 px", () => {
  for (const [path, title, section] of LEGAL)
    it(`${path}: lang="sw", its whole text in Swahili, no overflow, both languages named`, async () => {
      const { page, context, errors, consoleErrors } = await phonePage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      expect(await page.locator("html").getAttribute("lang")).toBe("sw");
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(title);
      expect(await page.getByRole("heading", { level: 2, name: new RegExp(section) }).count()).toBe(1);
      expect(await visibleWords(page)).not.toMatch(ENGLISH);
      expect(await page.title()).toBe(`${title} | Nuru`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      // Rendered by the server only: the islands script, never React's.
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      const english = path.slice(3);
      expect(await alternates(page)).toEqual([`en ${english}`, `sw ${path}`, `x-default ${english}`]);
      const canonical = await page.locator("link[rel=canonical]").getAttribute("href");
      expect(new URL(canonical!).pathname).toBe(path);
      // Her footer keeps her in Swahili.
      const footer = page.getByRole("navigation", { name: "Viungo vya chini" });
      for (const [name, href] of [
        ["Kuhusu sisi", "/sw/about"],
        ["Masharti ya matumizi", "/sw/terms"],
        ["Faragha na data yako", "/sw/privacy"],
      ])
        expect(await footer.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
      await expectAccessible(page);
      await saveScreenshotsAtBothWidths(page, `swpages/${path.slice(4)}`);
      expect(errors).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });

  it("the privacy page gives the same periods in both languages, and the terms her e-mail to write to", async () => {
    const { page, context } = await phonePage();
    await page.goto("/privacy");
    const english = await page.locator("table").innerText();
    await page.goto("/sw/privacy");
    const swahili = await page.locator("table").innerText();
    const numbers = (text: string) => text.match(/\d+/g);
    expect(numbers(swahili)).toEqual(numbers(english));
    expect(swahili).toContain("Kwa muda gani");
    await page.goto("/sw/terms");
    expect(await page.locator("main").getByRole("link", { name: /@/ }).getAttribute("href")).toMatch(/^mailto:/);
    await context.close();
  });

  it("the English pages name their Swahili page and are otherwise unchanged", async () => {
    const { page, context } = await phonePage();
    for (const [path, , ,] of LEGAL) {
      const english = path.slice(3);
      await page.goto(english);
      await waitForHydration(page);
      expect(await page.locator("html").getAttribute("lang")).toBe("en");
      expect(await alternates(page)).toEqual([`en ${english}`, `sw ${path}`, `x-default ${english}`]);
      expect(await page.getByRole("link", { name: "Kiswahili" }).getAttribute("href")).toBe(
        `/language?to=sw&next=${encodeURIComponent(english)}`,
      );
    }
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Privacy and your data");
    await context.close();
  });
});

describe("error pages under /sw", () => {
  it("a 404 is Swahili from the server and stays Swahili once the page has loaded, with no hydration error", async () => {
    const { page, context, errors, consoleErrors } = await phonePage();
    const response = await page.goto("/sw/hakuna-ukurasa-huu");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    const main = page.locator("main");
    expect(await main.getByRole("heading", { level: 1 }).innerText()).toBe("Samahani! Ukurasa haukupatikana.");
    expect(await main.getByRole("link", { name: "Rudi mwanzo" }).getAttribute("href")).toBe("/sw");
    expect(await page.title()).toBe("Ukurasa haukupatikana | Nuru");
    expect(await visibleWords(page)).not.toMatch(/Oops|Page not found|Return to Home|\b(Home|Articles|Account)\b/);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshotsAtBothWidths(page, "swpages/404");
    expect(errors).toEqual([]);
    expect(consoleErrors.filter((e) => /#418|hydrat/i.test(e))).toEqual([]);
    expect(consoleErrors.filter((e) => !/404/.test(e))).toEqual([]);
    await context.close();
  });

  it("a missing category says so in Swahili and leads back to the Swahili categories", async () => {
    const { page, context, errors } = await phonePage();
    const response = await page.goto("/sw/category/hakuna-kategoria");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Kategoria haikupatikana");
    expect(await page.getByRole("link", { name: "Rudi kwenye kategoria" }).getAttribute("href")).toBe("/sw/categories");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an English 404 hydrates React as before, in English", async () => {
    const { page, context, errors, consoleErrors } = await phonePage();
    await page.goto("/no-such-page");
    await waitForHydration(page);
    expect(await page.locator("main h1").innerText()).toBe("Oops! Page not found.");
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    expect(errors).toEqual([]);
    expect(consoleErrors.filter((e) => /#418|hydrat/i.test(e))).toEqual([]);
    await context.close();
  });
});

describe("data saver in Swahili", () => {
  it("the legal pages and a 404 carry no script and stay in Swahili", async () => {
    for (const [path, status, heading] of [
      ["/sw/privacy", 200, "Faragha na data yako"],
      ["/sw/about", 200, "Kuhusu Nuru"],
      ["/sw/hakuna-ukurasa-huu", 404, "Samahani! Ukurasa haukupatikana."],
    ] as const) {
      const res = await fetch(`${baseUrl()}${path}`, { headers: { Cookie: "nuru_data_saver=on" } });
      const body = await res.text();
      expect(res.status, path).toBe(status);
      expect(body, path).not.toContain("<script");
      expect(body, path).toContain('<html lang="sw"');
      expect(body, path).toContain(heading);
      expect(body, path).toContain("Okoa data imewashwa: zima");
    }
  });
});

describe("share cards and the sitemap", () => {
  it("a Swahili page shares its card drawn in Swahili, marked sw_KE", async () => {
    const body = await (await fetch(`${baseUrl()}/sw/about`)).text();
    expect(body).toContain('<meta property="og:locale" content="sw_KE"/>');
    const image = /<meta property="og:image" content="([^"]+)"/.exec(body)![1]!;
    expect(new URL(image).pathname).toBe("/og/sw/page/about.jpg");
    expect(body).toContain(
      '<meta property="og:image:alt" content="Kuhusu Nuru: Miongozo ya kweli ya afya njema kwa wanawake, kutoka Nairobi. Nuru"/>',
    );
    const card = await fetch(`${baseUrl()}/og/sw/page/about.jpg`);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/jpeg");
    const english = await (await fetch(`${baseUrl()}/about`)).text();
    expect(english).not.toContain("og:locale");
    expect(english).toContain("/og/page/about.jpg");
  });

  it("the sitemap lists both languages of about, terms and privacy", async () => {
    const body = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    for (const path of ["/about", "/terms", "/privacy"]) {
      expect(body).toMatch(new RegExp(`<loc>https?://[^<]+${path}</loc>`));
      expect(body).toMatch(new RegExp(`<loc>https?://[^<]+/sw${path}</loc>`));
    }
  });
});

describe("the offline page in Swahili", () => {
  it("a Swahili page that cannot load gets the Swahili offline page; an English one the English page", async () => {
    const { page, context, errors } = await phonePage();
    await page.goto("/sw");
    await waitForHydration(page);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    await context.setOffline(true);
    await page.goto("/sw/about");
    await page.getByRole("heading", { level: 1, name: "Uko bila mtandao" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    expect(await page.getByRole("link", { name: "Jaribu tena" }).isVisible()).toBe(true);
    const text = await visibleWords(page);
    expect(text).toContain("Maktaba bila mtandao");
    expect(text).not.toMatch(/offline|connection|Try again|saved/i);
    await saveScreenshotsAtBothWidths(page, "swpages/offline");
    await page.goto("/about");
    await page.getByRole("heading", { level: 1, name: "You are offline" }).waitFor();
    await context.setOffline(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
