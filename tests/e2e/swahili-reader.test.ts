// The PDF reader in Swahili (issue 50, ADR 045 and 048): /sw/ebook/:id/read is rendered by the server in Swahili and
// opened by its own small script, with no React in the browser; every way in and out keeps her in Swahili.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { baseUrl, DESKTOP, expectAccessible, newPage, PHONE } from "../setup/pages";
import { getText, signInCookie } from "../setup/http-session";
import { saveScreenshot } from "../setup/screenshots";
import { probeIds } from "../setup/probe-ids";
import { localizedHref } from "~/lib/locale";

/** A free, downloadable demo ebook (every demo ebook has a PDF and a text edition) no other test reads as the subscriber. */
const FREE_EBOOK = "Know Your Breasts: A Woman's Guide to Breast Health";
/** The reader's English words, none of which a Swahili reader may show or name a control with. */
const ENGLISH =
  /\b(Page|of|Loading|Text|Download|Zoom|Next|Previous|Close|Try Again|Reader|Failed|Action blocked|ebook)\b/;

let browser: Browser;
let ebookId: string;

beforeAll(async () => {
  browser = await connectBrowser();
  const list = await getText(`/ebooks?q=${encodeURIComponent(FREE_EBOOK)}`);
  ebookId = /href="\/ebook\/([0-9a-f-]{36})"/.exec(list.body)![1];
});
afterAll(async () => {
  await browser?.close();
});

/** The demo subscriber's browser at `viewport`, her saved page in this ebook put back to 1. */
async function subscriber(viewport: { width: number; height: number }) {
  const opened = await newPage(browser, viewport);
  const cookie = await signInCookie("subscriber@nuru.test");
  await opened.context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl() };
    }),
  );
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
