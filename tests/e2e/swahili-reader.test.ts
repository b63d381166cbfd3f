// The PDF reader in Swahili (issue 50, ADR 045 and 048): /sw/ebook/:id/read is rendered by the server in Swahili and
// opened by its own small script, with no React in the browser; every way in and out keeps her in Swahili. A copy
// saved for offline reading from a Swahili page is kept under the Swahili address and is in Swahili, online and
// offline (issue 50: no English word left on a reader page).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { baseUrl, DESKTOP, expectAccessible, newPage, PHONE } from "../setup/pages";
import { getText, signInCookie } from "../setup/http-session";
import { saveScreenshot } from "../setup/screenshots";
import { probeIds } from "../setup/probe-ids";
import { localizedHref } from "~/lib/locale";
import { formatDate } from "~/lib/format";
import { articles as demoArticles } from "~/db/seed/content-data";
import { savedAddresses } from "../setup/offline-copies";

/** A free, downloadable demo ebook (every demo ebook has a PDF and a text edition) no other test reads as the subscriber. */
const FREE_EBOOK = "Know Your Breasts: A Woman's Guide to Breast Health";
/** The reader's English words, none of which a Swahili reader may show or name a control with. */
const ENGLISH =
  /\b(Page|of|Loading|Text|Download|Zoom|Next|Previous|Close|Try Again|Reader|Failed|Action blocked|ebook)\b/;

/** A free demo article (in English, with a picture), which any signed-in reader may save. */
const freeArticle = demoArticles.find((a) => a.accessType === "free")!;
/** An offline copy's English words (its chrome), none of which a Swahili copy may show. */
const COPY_ENGLISH = [
  "Saved for offline reading",
  "Offline library",
  "min read",
  "Saved by",
  "Reading tools",
  "Picture, not saved for offline",
  "(saved)",
];

let browser: Browser;
let ebookId: string;
let articleId: string;

beforeAll(async () => {
  browser = await connectBrowser();
  const list = await getText(`/ebooks?q=${encodeURIComponent(FREE_EBOOK)}`);
  ebookId = /href="\/ebook\/([0-9a-f-]{36})"/.exec(list.body)![1];
  const articles = await getText(`/articles?q=${encodeURIComponent(freeArticle.title.split(":")[0])}`);
  articleId = /href="\/article\/([0-9a-f-]{36})"/.exec(articles.body)![1];
});
afterAll(async () => {
  await browser?.close();
});

/** The demo subscriber's browser at `viewport`, signed in. */
async function signedIn(viewport: { width: number; height: number }) {
  const opened = await newPage(browser, viewport);
  const cookie = await signInCookie("subscriber@nuru.test");
  await opened.context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl() };
    }),
  );
  return opened;
}

/** The demo subscriber's browser at `viewport`, her saved page in this ebook put back to 1. */
async function subscriber(viewport: { width: number; height: number }) {
  const opened = await signedIn(viewport);
  const reset = await opened.context.request.post(`/ebook/${ebookId}/reading`, {
    form: { intent: "progress", page: "1" },
    headers: { Origin: baseUrl(), Accept: "application/json" },
  });
  expect(reset.status()).toBe(200);
  const consoleErrors: string[] = [];
  opened.page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  return { ...opened, consoleErrors };
}

const renderedPage = (page: Page) => page.locator("canvas[data-rendered-page]").getAttribute("data-rendered-page");
const counter = (page: Page) => page.getByText(/^Ukurasa \d+ kati ya /).textContent();

/** The reader's words as she sees and hears them: its text (the ebook's own title left out) and its controls' names. */
async function readerWords(page: Page) {
  return page.locator("[data-reader]").evaluate((reader) => {
    const title = reader.querySelector("#reader-title")?.textContent ?? "";
    const labels = [...reader.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label"));
    return [(reader as HTMLElement).innerText.replace(title, ""), ...labels].join("\n");
  });
}

describe("the PDF reader in Swahili", () => {
  for (const [name, viewport] of [
    ["390 px", PHONE],
    ["1280 px", DESKTOP],
  ] as const)
    it(`a subscriber reads a PDF in Swahili, turns a page and comes back to it (${name})`, async () => {
      const { page, context, errors, consoleErrors } = await subscriber(viewport);
      const response = await page.goto(`/sw/ebook/${ebookId}/read?pdf=1`);
      expect(response?.status()).toBe(200);
      expect(await page.locator("html").getAttribute("lang")).toBe("sw");
      expect(await page.title()).toMatch(/ \| Kusoma \| Nuru$/);
      await page.locator('canvas[data-rendered-page="1"]').waitFor();
      expect(await counter(page)).toMatch(/^Ukurasa 1 kati ya \d+$/);
      const total = Number(/\d+$/.exec((await counter(page))!)![0]);
      expect(total).toBeGreaterThan(1);

      // Its controls, in Swahili, and every way out keeps her in Swahili.
      expect(await page.getByRole("button", { name: "Ukurasa uliotangulia" }).isDisabled()).toBe(true);
      for (const control of ["Ongeza ukubwa", "Punguza ukubwa"])
        expect(await page.getByRole("button", { name: control }).isEnabled(), control).toBe(true);
      expect(await page.getByRole("button", { name: "Pakua PDF" }).isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Funga kitabu" }).getAttribute("href")).toBe(`/sw/ebook/${ebookId}`);
      // Text mode's Swahili address once it has one (app/lib/locale.ts lists the pages that do).
      expect(await page.getByRole("link", { name: "Maandishi" }).getAttribute("href")).toBe(
        localizedHref(`/ebook/${ebookId}/text`, "sw"),
      );
      expect(await page.getByRole("region", { name: "Ukurasa wa kitabu pepe" }).isVisible()).toBe(true);
      expect(await readerWords(page)).not.toMatch(ENGLISH);
      // Rendered by the server only: its own small script, never React's.
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      await saveScreenshot(page, `swahili-reader/reader-${viewport.width}`);

      // The next page, and her place saved for next time.
      const saved = page.waitForResponse(
        (answer) => answer.url().endsWith(`/ebook/${ebookId}/reading`) && answer.request().method() === "POST",
      );
      await page.getByRole("button", { name: "Ukurasa unaofuata" }).click();
      await expect.poll(() => renderedPage(page)).toBe("2");
      expect(await counter(page)).toBe(`Ukurasa 2 kati ya ${total}`);
      expect(await page.getByRole("button", { name: "Ukurasa uliotangulia" }).isEnabled()).toBe(true);
      expect((await saved).status()).toBe(200);
      await page.reload();
      await page.locator('canvas[data-rendered-page="2"]').waitFor();
      expect(await counter(page)).toBe(`Ukurasa 2 kati ya ${total}`);

      if (viewport === DESKTOP) {
        // Her stamped copy, answered in Swahili.
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("button", { name: "Pakua PDF" }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/\.pdf$/);
        await expect.poll(() => page.getByTestId("toast").textContent()).toContain("Upakuaji umeanza");
        // Her fourth copy in the hour is refused in Swahili: in place, and without script after the redirect.
        for (let n = 2; n <= 3; n++) {
          const again = await context.request.post(`/sw/ebook/${ebookId}/download`, {
            form: {},
            headers: { Origin: baseUrl(), Accept: "application/json" },
          });
          expect(again.status(), `download ${n}`).toBe(200);
        }
        await page.getByRole("button", { name: "Funga", exact: true }).click();
        await page.getByRole("button", { name: "Pakua PDF" }).click();
        await expect
          .poll(() => page.getByTestId("toast").textContent())
          .toMatch(
            /^Umefikia kikomo cha kupakuaUmefikia kikomo cha kupakua\. Tafadhali subiri kabla ya kupakua tena\. Unaweza kukipakua tena baada ya dakika (59|60)\.×$/,
          );
        // The refusal's 429 is the one console line the browser is expected to write.
        const refusal = consoleErrors.findIndex((line) => line.includes("status of 429"));
        expect(refusal).toBeGreaterThanOrEqual(0);
        consoleErrors.splice(refusal, 1);
        const plain = await context.request.post(`/sw/ebook/${ebookId}/download`, {
          form: {},
          headers: { Origin: baseUrl() },
          maxRedirects: 0,
        });
        expect(plain.status()).toBe(302);
        expect(plain.headers()["location"]).toBe(`/sw/ebook/${ebookId}`);
        await page.getByRole("button", { name: "Funga", exact: true }).click();
      }
      // A refused copy is said in Swahili.
      await page.locator("canvas").click({ button: "right" });
      await expect
        .poll(() => page.getByTestId("toast").textContent())
        .toContain("Kitendo kimezuiwa: picha za skrini na uchapishaji haviruhusiwi kwa sababu za usalama");
      // Over the reader, where she can close it.
      await page.getByRole("button", { name: "Funga", exact: true }).click();
      expect(await page.getByTestId("toast").count()).toBe(0);
      expect(errors).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    });

  it("on a phone without ?pdf she goes to text mode; the Swahili ebook page's Read opens the Swahili reader", async () => {
    const { page, context } = await subscriber(PHONE);
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/sw/ebook/${ebookId}`);
    const read = page.getByRole("link", { name: "Soma kitabu pepe" });
    expect(await read.getAttribute("href")).toBe(`/sw/ebook/${ebookId}/read`);
    await read.click();
    const textMode = localizedHref(`/ebook/${ebookId}/text`, "sw");
    await page.waitForURL((url) => url.pathname === textMode);
    // Nothing of the PDF was fetched on the way: neither pdf.js, its worker, nor the file.
    expect(asked.filter((path) => /pdf\.(min|worker)|\/file$/.test(path))).toEqual([]);
    expect(asked).toContain(`/sw/ebook/${ebookId}/read`);
    await context.close();
  });

  it("a guest is sent to the Swahili sign-in, or to the Swahili ebook page and its sample with a Swahili toast", async () => {
    const { page, context } = await newPage(browser, PHONE);
    // A free ebook asks only for her account.
    await page.goto(`/sw/ebook/${ebookId}/read?pdf=1`);
    await page.waitForURL((url) => url.pathname === "/sw/signin");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`/sw/ebook/${ebookId}/read`);
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    // A paid one: its page, with the contents and a sample, never a bare refusal.
    const { pdfEbook } = await probeIds();
    await page.goto(`/sw/ebook/${pdfEbook}/read`);
    await page.waitForURL((url) => url.pathname === `/sw/ebook/${pdfEbook}` && url.hash === "#sample");
    await expect.poll(() => page.getByTestId("toast").textContent()).toContain("Soma sehemu ya mwanzo kwanza");
    expect(await page.getByTestId("toast").textContent()).toContain("Nunua kitabu pepe hiki au chagua mpango");
    await context.close();
  });

  it("with data saver on, the PDF asks for JavaScript in Swahili, with no script at all", async () => {
    const { page, context } = await subscriber(PHONE);
    await context.addCookies([{ name: "nuru_data_saver", value: "on", url: baseUrl() }]);
    await page.goto(`/sw/ebook/${ebookId}/read?pdf=1`);
    await page.getByText("Okoa data huzima JavaScript").waitFor();
    expect(await page.getByRole("link", { name: /^Kisome katika hali ya maandishi/ }).getAttribute("href")).toBe(
      localizedHref(`/ebook/${ebookId}/text`, "sw"),
    );
    expect(await page.getByRole("link", { name: "Rudi kwenye kitabu pepe" }).getAttribute("href")).toBe(
      `/sw/ebook/${ebookId}`,
    );
    expect(await page.locator("script").count()).toBe(0);
    await context.close();
  });
});

describe("a copy saved for offline reading from a Swahili page", () => {
  it("is kept under the Swahili address, is in Swahili, and opens in Swahili with no connection", async () => {
    const { page, context, errors } = await signedIn(PHONE);
    // Signed in, the bookmark button fits beside the date at 390 px, in both languages (its label is longer in Swahili).
    for (const path of [`/article/${articleId}`, `/sw/article/${articleId}`]) {
      await page.goto(path);
      const button = page.locator("form.bm-form > button.bm");
      const label = (await button.innerText()).trim();
      expect(label, path).toBe(path.startsWith("/sw/") ? "Weka alamisho" : "Bookmark");
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, path).toBeLessThanOrEqual(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
      const date = (await page.locator("main time").first().boundingBox())!;
      expect(box.y, path).toBeLessThan(date.y + date.height);
    }
    // The service worker registers after the page's load event; saving needs it.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    await page.getByRole("button", { name: "Hifadhi usome bila mtandao" }).click();
    await page.getByRole("status").filter({ hasText: "Imehifadhiwa kwenye simu hii" }).waitFor();
    expect(await savedAddresses(page)).toEqual([`/sw/article/${articleId}`]);

    // The copy as the shop gives it to her: in Swahili, its links to Swahili pages, never stored by a shared cache.
    const copy = await context.request.get(`/sw/library/offline/article/${articleId}`);
    expect(copy.status()).toBe(200);
    expect(copy.headers()["cache-control"]).toBe("private, no-store");
    const html = await copy.text();
    expect(html).toContain('<html lang="sw">');
    for (const swahili of [
      "| Nuru (imehifadhiwa)</title>",
      '<a class="brand" href="/sw">Nuru</a><a href="/sw/library/offline">Maktaba bila mtandao</a>',
      'aria-label="Zana za kusoma"',
      '<p class="note">Imehifadhiwa ili usome bila mtandao</p>',
      "dakika ",
      `Imehifadhiwa na subscriber@nuru.test tarehe ${formatDate(new Date().toISOString(), "sw")}, `,
      "Picha, haikuhifadhiwa kwa kusoma bila mtandao",
    ])
      expect(html, swahili).toContain(swahili);
    for (const english of COPY_ENGLISH) expect(html, english).not.toContain(english);

    // No connection: the Swahili address opens her Swahili copy; the article's own words are marked as English.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: freeArticle.title }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    expect(await page.locator("main .body").getAttribute("lang")).toBe("en");
    expect(await page.getByRole("link", { name: "Maktaba bila mtandao" }).getAttribute("href")).toBe(
      "/sw/library/offline",
    );
    const chrome = await page.locator("header, main > .note, .byline, footer, figure.pic .pic-note").allInnerTexts();
    expect(chrome.join("\n")).toContain("Imehifadhiwa ili usome bila mtandao");
    for (const english of COPY_ENGLISH) expect(chrome.join("\n"), english).not.toContain(english);
    // Her bookmark, tapped offline: the copy's script says it in Swahili (kept, and sent once she is online; this
    // browser is closed offline, so nothing is sent).
    // (Whichever way it is now: another journey may have bookmarked this article.)
    const on = (await page.locator("form[data-bookmark] button").getAttribute("aria-pressed")) === "true";
    const [add, remove] = [`Weka alamisho: ${freeArticle.title}`, `Ondoa alamisho: ${freeArticle.title}`];
    await page.getByRole("button", { name: on ? remove : add }).click();
    await page.getByRole("button", { name: on ? add : remove }).waitFor();
    expect(await page.locator("[data-label]").innerText()).toBe(on ? "Weka alamisho" : "Ondoa");
    await expect
      .poll(() => page.locator("[data-bookmark-note]").innerText())
      .toBe(on ? "Imeondolewa kwenye simu hii, itasawazishwa" : "Imehifadhiwa kwenye simu hii, itasawazishwa");
    await expectAccessible(page);
    await saveScreenshot(page, "swahili-reader/offline-copy-390");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an ebook's copy from Swahili text mode has its text settings and contents in Swahili", async () => {
    const { context } = await signedIn(PHONE);
    const copy = await context.request.get(`/sw/library/offline/ebook/${ebookId}`);
    expect(copy.status()).toBe(200);
    const html = await copy.text();
    expect(html).toContain('<html lang="sw">');
    for (const swahili of [
      "</span> Mipangilio ya maandishi</summary>",
      '<p>Ukubwa wa herufi: <span data-show="size">',
      '<button type="button" data-change="smaller">Herufi ndogo zaidi</button>',
      '<button type="button" data-change="tighter">Punguza nafasi</button>',
      "<p>Mandhari</p>",
      ">Kahawia</button>",
      "Inahifadhiwa kwenye simu hii, na kutumwa kwenye akaunti yako ukiwa mtandaoni.",
      '<nav class="toc" aria-label="Yaliyomo"><h2>Yaliyomo</h2>',
      '<p class="byline">Toleo la maandishi · sehemu ',
    ])
      expect(html, swahili).toContain(swahili);
    for (const english of [...COPY_ENGLISH, "Text settings", "Text size:", "Smaller text", "Line spacing:", "Theme<"])
      expect(html, english).not.toContain(english);
    // The English address keeps the English copy.
    const english = await (await context.request.get(`/library/offline/ebook/${ebookId}`)).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain("</span> Text settings</summary>");
    await context.close();
  });
});
