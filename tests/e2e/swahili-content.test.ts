// Content in either language (issue 50, ADR 048), as a reader meets it on the demo shop: a Swahili article links to
// its English translation in Swahili words (and back), their alternates name each other, the Swahili home page lists
// Swahili first, Swahili words are found, and a Swahili page's feed has a Swahili title.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { baseUrl, newPage, PHONE } from "../setup/pages";
import { saveScreenshotsAtBothWidths } from "../setup/screenshots";

const SAHANI = "Sahani ya Afya: Kula Ugali na Bado Kupunguza Uzito";
const PLATE = "The Kenyan Plate Method: Eating Ugali and Still Losing Weight";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const text = async (path: string) => (await fetch(`${baseUrl()}${path}`)).text();
/** The id of the first article a list page links to whose title is `title`. */
const idOf = (html: string, title: string) =>
  new RegExp(`href="(?:/sw)?/article/([0-9a-f-]{36})"[^>]*>${title}<`).exec(html)?.[1];
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([a-z-]+)" href="https?:\/\/[^/"]+([^"]*)"/gi)].map(
    (m) => `${m[1]} ${m[2]}`,
  );

describe("an article and its translation", () => {
  it("/sw/article: a line in Swahili to the English article, both named as each other's alternates", async () => {
    const list = await text(`/sw/articles?q=${encodeURIComponent("sahani")}`);
    const sahani = idOf(list, SAHANI)!;
    const plate = idOf(await text(`/articles?q=${encodeURIComponent("kenyan plate")}`), PLATE)!;
    expect(sahani).toBeTruthy();
    expect(plate).toBeTruthy();

    const { page, context, errors } = await newPage(browser, PHONE);
    await page.goto(`/sw/article/${sahani}`);
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    const line = page.getByRole("link", { name: "Soma makala hii kwa Kiingereza" });
    expect(await line.getAttribute("href")).toBe(`/article/${plate}`);
    expect(await line.getAttribute("hreflang")).toBe("en");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.locator('link[type="application/rss+xml"]').getAttribute("title"), "the feed's title").toBe(
      "Nuru: makala mpya",
    );
    await saveScreenshotsAtBothWidths(page, "swahili-content/article-translation");
    // Followed, the English article says the way back in English, to the Swahili address.
    await line.click();
    await page.waitForURL(`**/article/${plate}`);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    const back = page.getByRole("link", { name: "Read this article in Swahili" });
    expect(await back.getAttribute("href")).toBe(`/sw/article/${sahani}`);
    expect(errors).toEqual([]);
    await context.close();

    const pair = [`en /article/${plate}`, `sw /sw/article/${sahani}`, `x-default /article/${plate}`];
    for (const path of [`/article/${plate}`, `/sw/article/${plate}`, `/article/${sahani}`, `/sw/article/${sahani}`])
      expect(alternates(await text(path)), path).toEqual(pair);
  });
});

describe("an ebook and its translation", () => {
  it("/sw/ebook: a line in Swahili to the English ebook, and the alternates of the pair", async () => {
    const ebookId = (html: string, title: string) =>
      new RegExp(`href="(?:/sw)?/ebook/([0-9a-f-]{36})"[^>]*>(?:(?!</a>).)*${title}`, "s").exec(html)?.[1];
    const ngozi = ebookId(await text("/sw/ebooks?q=ngozi"), "Ngozi Yenye Afya")!;
    const glow = ebookId(await text("/ebooks?q=glow"), "Glow in the Kenyan Sun")!;
    expect(ngozi).toBeTruthy();
    expect(glow).toBeTruthy();
    const page = await text(`/sw/ebook/${ngozi}`);
    expect(page).toContain(`href="/ebook/${glow}" data-discover="true">Soma kitabu pepe hiki kwa Kiingereza</a>`);
    expect(alternates(page)).toEqual([`en /ebook/${glow}`, `sw /sw/ebook/${ngozi}`, `x-default /ebook/${glow}`]);
  });
});

describe("lists and search in the page's language", () => {
  it("the Swahili home lists Swahili articles first, and Swahili words are found on both lists", async () => {
    const home = await text("/sw");
    const latest = home.slice(home.indexOf('id="latest"'));
    expect(latest.indexOf(SAHANI)).toBeGreaterThan(-1);
    expect(latest.indexOf(SAHANI)).toBeLessThan(latest.indexOf(PLATE) === -1 ? Infinity : latest.indexOf(PLATE));
    // The English home does not list it (older than the newest English ones), and its feed keeps its title.
    const english = await text("/");
    expect(english).not.toContain(SAHANI);
    expect(english).toMatch(
      /<link (nonce="[^"]*" )?rel="alternate" type="application\/rss\+xml" title="Nuru: new articles"/,
    );
    for (const path of ["/sw/articles?q=tumbo", "/articles?q=tumbo", "/sw/articles?q=ngozi"]) {
      const found = await text(path);
      expect(found, path).toMatch(/Kutembea Kila Siku|Jua na Ngozi Yako/);
    }
  });
});

describe("category words in the page's language", () => {
  it("a Swahili page names a category in Swahili; an English card on it is marked English; English pages unchanged", async () => {
    const { page, context, errors } = await newPage(browser, PHONE);
    await page.goto("/sw/categories");
    const tile = page.locator('main a[href="/sw/category/weight-loss"]');
    expect(await tile.innerText()).toContain("Kupunguza Uzito");
    expect(await tile.innerText()).toContain("Kupunguza uzito kwa njia endelevu");
    expect(await tile.innerText()).not.toContain("Weight Loss");
    // Words in the page's language carry no lang of their own.
    expect(await tile.locator("[lang]").count()).toBe(0);

    await page.goto("/sw/category/weight-loss");
    const h1 = page.getByRole("heading", { level: 1 });
    expect(await h1.innerText()).toBe("Kupunguza Uzito");
    expect(await h1.getAttribute("lang")).toBeNull();
    expect(await page.locator("main").innerText()).toContain("Kupunguza uzito kwa njia endelevu");
    expect(await page.locator("main").innerText()).not.toContain("Weight Loss");
    expect(await page.title()).toContain("Kupunguza Uzito");

    // An English article on a Swahili list: its chip in Swahili, its title and excerpt marked English.
    await page.goto(`/sw/articles?q=${encodeURIComponent("kenyan plate")}`);
    const card = page.locator("main article.card").filter({ hasText: PLATE });
    expect(await card.locator(".chip").first().innerText()).toBe("Kupunguza Uzito");
    expect(await card.locator(".card-title").getAttribute("lang")).toBe("en");
    expect(await card.locator("p.card-text").getAttribute("lang")).toBe("en");
    // Its page: the article marked English, its category link in Swahili and marked so.
    await card.locator(".card-title a").click();
    await page.waitForURL("**/sw/article/*");
    expect(await page.locator("main article").first().getAttribute("lang")).toBe("en");
    const topic = page.locator('main article a[href="/sw/category/weight-loss"]');
    expect(await topic.innerText()).toBe("Kupunguza Uzito");
    expect(await topic.getAttribute("lang")).toBe("sw");
    // A Swahili article's card on the same page is in the page's language: nothing marked.
    await page.goto(`/sw/articles?q=${encodeURIComponent("sahani")}`);
    const sahani = page.locator("main article.card").filter({ hasText: SAHANI });
    expect(await sahani.locator(".chip").first().innerText()).toBe("Kupunguza Uzito");
    expect(await sahani.locator(".card-title").getAttribute("lang")).toBeNull();

    // The home page's topics.
    await page.goto("/sw");
    expect(await page.locator("#categories").innerText()).toContain("Kupunguza Uzito");
    expect(await page.locator("#categories").innerText()).not.toContain("Weight Loss");
    expect(errors).toEqual([]);
    await context.close();

    // English pages keep the English words, unmarked.
    const english = await text("/categories");
    expect(english).toContain(">Weight Loss<");
    expect(english).not.toContain("Kupunguza Uzito");
    const list = await text(`/articles?q=${encodeURIComponent("kenyan plate")}`);
    expect(list).toContain('<span class="chip">Weight Loss</span>');
    expect(list).not.toContain("Kupunguza Uzito");
    expect(list).not.toMatch(/class="card-title" lang=/);
  });
});
