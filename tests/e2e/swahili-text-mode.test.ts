// Text mode in Swahili (issue 50, ADR 048), as the demo buyer reads her ebook at 390 px from the Swahili ebook page:
// every control speaks Swahili (the ebook's own words are its author's), nothing overflows, a settings change keeps
// her on the Swahili page at her paragraph, and her place is kept (opened again, the reader lands there). A guest is
// told in Swahili what opens it, with a 403, and her links stay Swahili.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PHONE, baseUrl, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { signInCookie } from "../setup/http-session";
import { saveScreenshot } from "../setup/screenshots";
import { bodyFontSize, boughtEbook, boughtEbookId, topBlock } from "../setup/text-mode";

let browser: Browser;
let ebookId: string;
const bought = boughtEbook;

beforeAll(async () => {
  browser = await connectBrowser();
  ebookId = await boughtEbookId();
});
afterAll(async () => {
  await browser?.close();
});

/** The reader's own words in English: the controls, menus, labels and progress of the English page. */
const ENGLISH_UI =
  /\b(Close reader|Contents|Text settings|Text size|Smaller text|Larger text|Line spacing|Closer|Wider|Theme|Light|Sepia|Dark|Previous section|Next section|Ebook text|Sections|Save this ebook|Saved on this phone|Offline library|Could not save|of \d+|Reader|Text mode)\b/;

/** What the reader says itself, hidden menus and labels included: the ebook's text, title and chapters left out. */
const readerWords = (page: Page) =>
  page.evaluate(() => {
    const reader = document.querySelector("[data-reader]")!.cloneNode(true) as HTMLElement;
    const chapter = reader.querySelector('nav ol a[aria-current="page"]')?.textContent ?? "";
    for (const content of reader.querySelectorAll("[data-block], h1, nav ol, script")) content.remove();
    const labels = [...reader.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label"));
    return [reader.textContent!.replace(chapter, ""), ...labels].join("\n");
  });

async function buyerPage() {
  const opened = await newPage(browser, PHONE);
  const cookie = await signInCookie("buyer@nuru.test");
  await opened.context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl() };
    }),
  );
  return opened;
}

/** One settings button, from the settings menu (each is a form: the page loads again). */
async function setting(page: Page, button: string) {
  await page.locator("summary", { hasText: "Mipangilio ya maandishi" }).click();
  await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: button }).click()]);
  await waitForHydration(page);
}

describe("text mode in Swahili at 390 px", () => {
  it("a buyer reads in Swahili: Swahili controls, a settings change keeps her at /sw, and her place is kept", async () => {
    const { page, context, errors } = await buyerPage();
    // From the Swahili ebook page, her Read goes to the Swahili reader, which sends a phone on to Swahili text mode.
    await page.goto(`/sw/ebook/${ebookId}`);
    const read = page.getByRole("link", { name: "Soma kitabu pepe" });
    expect(await read.getAttribute("href")).toBe(`/sw/ebook/${ebookId}/read`);
    await read.click();
    await page.waitForURL((url) => url.pathname === `/sw/ebook/${ebookId}/text`);

    await page.goto(`/sw/ebook/${ebookId}/text?s=2`);
    await waitForHydration(page);
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    expect(await page.getByRole("link", { name: "Funga kitabu" }).getAttribute("href")).toBe(`/sw/ebook/${ebookId}`);
    expect(await page.locator('summary[aria-label="Yaliyomo"]').count()).toBe(1);
    expect(await page.locator("[data-progress]").textContent()).toMatch(/^\d+% · .+ \(3 kati ya \d+\)$/);
    // The contents menu, closed: its links are in the page, not yet on screen.
    expect(await page.locator('nav[aria-label="Yaliyomo"] a').first().getAttribute("href")).toBe(
      `/sw/ebook/${ebookId}/text?s=0`,
    );
    expect(await page.getByRole("link", { name: "Sehemu inayofuata" }).first().getAttribute("href")).toBe(
      `/sw/ebook/${ebookId}/text?s=3`,
    );
    const words = await readerWords(page);
    expect(words).toContain("Ukubwa wa herufi:");
    expect(words).toContain("Mandhari ya kahawia");
    expect(words).not.toMatch(ENGLISH_UI);
    // The watermark's date in Swahili.
    const mark = await page.locator("[data-watermark]").evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(decodeURIComponent(mark)).toMatch(
      /buyer@nuru\.test · \d+ (Januari|Februari|Machi|Aprili|Mei|Juni|Julai|Agosti|Septemba|Oktoba|Novemba|Desemba) \d{4}/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await saveScreenshot(page, "swahili-text-mode/reader-light-390");

    // She reads on: the chapter's second paragraph at the top of her screen (its last ones cannot scroll that far),
    // and her place reaches the shop.
    const place = 1;
    const saved = page.waitForResponse((response) => {
      const sent = new URLSearchParams(response.request().postData() ?? "");
      return (
        response.url().endsWith(`/ebook/${ebookId}/reading`) &&
        sent.get("section") === "2" &&
        sent.get("offset") === String(place)
      );
    });
    await page.locator(`#b-${place}`).evaluate((el) => el.scrollIntoView({ block: "start" }));
    await expect.poll(() => topBlock(page)).toBe(place);
    expect((await saved).ok()).toBe(true);

    // Her settings menu, in Swahili and within the screen.
    const settingsMenu = page.locator("summary", { hasText: "Mipangilio ya maandishi" });
    await settingsMenu.click();
    const menuBox = (await page.getByRole("button", { name: "Mandhari ya kahawia" }).boundingBox())!;
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(390);
    await saveScreenshot(page, "swahili-text-mode/reader-settings-390");
    await settingsMenu.click();

    // Larger text: the form brings her back to the Swahili page, at the same paragraph.
    const before = await bodyFontSize(page);
    await setting(page, "Herufi kubwa zaidi");
    expect(page.url()).toBe(`${baseUrl()}/sw/ebook/${ebookId}/text?s=2#b-${place}`);
    expect(await bodyFontSize(page)).toBe(before + 2);
    expect(await topBlock(page)).toBe(place);
    expect(await page.getByText(`Ukubwa wa herufi: ${before + 2} px`).count()).toBe(1);

    // The dark theme, then back to light and the size she had (the other tests read this buyer's settings).
    await setting(page, "Mandhari ya giza");
    expect(await page.locator("[data-reader]").getAttribute("data-theme")).toBe("dark");
    expect(new URL(page.url()).pathname).toBe(`/sw/ebook/${ebookId}/text`);
    expect(await readerWords(page)).not.toMatch(ENGLISH_UI);
    await saveScreenshot(page, "swahili-text-mode/reader-dark-390");
    await setting(page, "Mandhari angavu");
    await setting(page, "Herufi ndogo zaidi");
    expect(await bodyFontSize(page)).toBe(before);

    // Copying is refused in Swahili.
    await page.locator("[data-block]").first().click({ button: "right" });
    expect(await page.getByTestId("toast").textContent()).toContain("Kitendo kimezuiwa");
    expect(errors).toEqual([]);
    await context.close();

    // Opened again, on another device: the Swahili reader at her paragraph.
    const other = await buyerPage();
    await other.page.goto(`/sw/ebook/${ebookId}/text`);
    expect(other.page.url()).toBe(`${baseUrl()}/sw/ebook/${ebookId}/text?s=2#b-${place}`);
    await waitForHydration(other.page);
    expect(await topBlock(other.page)).toBe(place);
    await other.context.close();
  });

  it("tells a guest in Swahili what opens it, with a 403, and keeps her links Swahili", async () => {
    const { page, context } = await newPage(browser, PHONE);
    const answer = await page.goto(`/sw/ebook/${ebookId}/text?s=0`);
    expect(answer!.status()).toBe(403);
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    await page.getByRole("heading", { level: 1, name: bought.title }).waitFor();
    expect(await page.title()).toBe(`${bought.title} | Hali ya maandishi | Nuru`);
    const main = page.locator("main");
    const words = await main.innerText();
    expect(words).toMatch(/Nunua kitabu pepe hiki kwa KSh\s[\d,]+\.\d\d ili ukisome/);
    expect(words).toContain("Ingia kwanza ikiwa tayari ni chako.");
    expect(words).not.toMatch(/\b(Buy|Sign in|See plans|About this ebook|Text mode|to read it)\b/);
    const href = (name: string | RegExp) => main.getByRole("link", { name }).getAttribute("href");
    expect(await href("Ingia")).toBe(`/sw/signin?redirectTo=${encodeURIComponent(`/sw/ebook/${ebookId}/text`)}`);
    expect(await href(/^Nunua kwa KSh/)).toBe(
      `/sw/signin?redirectTo=${encodeURIComponent(`/sw/checkout/ebook/${ebookId}`)}&reason=purchase`,
    );
    expect(await href("Angalia mipango")).toBe("/sw/pricing");
    expect(await href("Kuhusu kitabu pepe hiki")).toBe(`/sw/ebook/${ebookId}`);
    expect(await page.locator("[data-block]").count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await saveScreenshot(page, "swahili-text-mode/locked-guest-390", { fullPage: true });
    await context.close();
  });
});
