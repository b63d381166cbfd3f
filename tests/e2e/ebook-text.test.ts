// Text mode of an ebook (issue 32), as the demo buyer reads on her phone: the ebook opens as text by default, the
// body text is at least 16 px, she makes it larger, closes, and on another device (browser context) comes back to
// the same section and paragraph at the size she chose. Without JavaScript the page still reads and its forms work.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PHONE, baseUrl, expectAccessible, newPage, trackHydration, waitForHydration } from "../setup/pages";
import { signInWithForm } from "../setup/shop-journeys";
import { DEMO_PASSWORD, getText, signInCookie } from "../setup/http-session";
import { probeIds } from "../setup/probe-ids";
import { MARKERS } from "../setup/markers";
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

async function signedInContext(javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl(), javaScriptEnabled });
  if (javaScriptEnabled) await trackHydration(context);
  const cookie = await signInCookie("buyer@nuru.test");
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl() };
    }),
  );
  return context;
}

describe("text mode at 390 px", () => {
  it("a buyer reads in text mode, makes the text larger, closes, and comes back to the same place on another device", async () => {
    const { page, context, errors } = await newPage(browser, PHONE);
    await signInWithForm(page, "buyer@nuru.test", DEMO_PASSWORD);
    await page.goto(`/ebook/${ebookId}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Read Ebook" }).click();
    // On a phone the text edition is the default.
    await page.waitForURL((url) => url.pathname === `/ebook/${ebookId}/text`);
    await page.locator("[data-block]").first().waitFor();
    await waitForHydration(page);
    expect(await bodyFontSize(page)).toBeGreaterThanOrEqual(16);
    // Her e-mail is drawn faintly behind the text.
    const mark = await page.locator("[data-watermark]").evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(decodeURIComponent(mark)).toContain("buyer@nuru.test");
    await expectAccessible(page);

    // The third chapter, from the table of contents.
    await page.locator('summary[aria-label="Contents"]').click();
    const chapter = page.getByRole("navigation", { name: "Contents" }).getByRole("link").nth(2);
    const chapterTitle = (await chapter.textContent())!.trim();
    await chapter.click();
    await page.waitForURL((url) => url.searchParams.get("s") === "2");
    await expect.poll(() => page.getByRole("heading", { level: 2 }).first().textContent()).toBe(chapterTitle);
    await expect.poll(() => page.locator("[data-progress]").textContent()).toMatch(/^\d+% · .+ \(3 of \d+\)$/);

    // Larger text, with the settings form.
    const before = await bodyFontSize(page);
    await page.locator("summary", { hasText: "Text settings" }).click();
    await page.getByRole("button", { name: "Larger text" }).click();
    await expect.poll(() => bodyFontSize(page)).toBe(before + 2);

    // She reads on: the middle paragraph of the chapter at the top of her screen.
    const blocks = await page.locator("[data-block]").count();
    const place = Math.max(1, Math.floor(blocks / 2));
    // Her place reaches the shop once she stops scrolling (the close would send it too, but the test then closes
    // the whole browser context at once, which can cut that last request off).
    const savedPlace = page.waitForResponse((response) => {
      const sent = new URLSearchParams(response.request().postData() ?? "");
      return (
        response.url().endsWith(`/ebook/${ebookId}/reading`) &&
        sent.get("section") === "2" &&
        sent.get("offset") === String(place)
      );
    });
    await page.locator(`#b-${place}`).evaluate((el) => el.scrollIntoView({ block: "start" }));
    await expect.poll(() => topBlock(page)).toBe(place);
    expect((await savedPlace).ok()).toBe(true);
    await page.getByRole("link", { name: "Close reader" }).click();
    await page.waitForURL((url) => url.pathname === `/ebook/${ebookId}`);
    expect(errors).toEqual([]);
    await context.close();

    // Another device: the same chapter, the same paragraph at the top, at the size she chose.
    const other = await signedInContext();
    const tab = await other.newPage();
    await expect
      .poll(
        async () => {
          await tab.goto(`/ebook/${ebookId}/text`);
          return new URL(tab.url()).search + new URL(tab.url()).hash;
        },
        { timeout: 10_000 },
      )
      .toBe(`?s=2#b-${place}`);
    await waitForHydration(tab);
    expect(await topBlock(tab)).toBe(place);
    expect(await bodyFontSize(tab)).toBe(before + 2);
    await other.close();
  });

  it("tells a guest and a plan member who has not unlocked it what opens text mode, with the price, not 404", async () => {
    const { page, context } = await newPage(browser, PHONE);
    // A guest: the ebook's price, Buy and Sign in, answered 403 (the ebook is public; its text is not).
    const guest = await page.goto(`/ebook/${ebookId}/text?s=0`);
    expect(guest!.status()).toBe(403);
    await page.getByRole("heading", { level: 1, name: bought.title }).waitFor();
    const words = await page.locator("main").innerText();
    expect(words).not.toMatch(/not found/i);
    expect(words).toMatch(/Buy this ebook for KSh\s[\d,]+\.\d\d to read it/);
    const buy = page.locator("main").getByRole("link", { name: /^Buy for KSh/ });
    expect(await buy.getAttribute("href")).toContain(encodeURIComponent(`/checkout/ebook/${ebookId}`));
    expect(await page.locator("main").getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(
      `/signin?redirectTo=${encodeURIComponent(`/ebook/${ebookId}/text`)}`,
    );
    expect(await page.locator("[data-block]").count()).toBe(0);
    await expectAccessible(page);
    await saveScreenshot(page, "ebook-text-locked-guest-390", { fullPage: true });
    await context.close();

    // A plan member whose plan includes the ebook but who has not unlocked it: unlock with her plan.
    const { pdfSubscriptionEbook } = await probeIds();
    const member = await signInCookie("subscriber@nuru.test");
    const answer = await getText(`/ebook/${pdfSubscriptionEbook}/text?s=0`, member);
    expect(answer.status).toBe(403);
    expect(answer.body).toContain("Your plan includes this ebook: unlock it to read it here.");
    expect(answer.body).toContain(`href="/ebook/${pdfSubscriptionEbook}"`);
    expect(answer.body).toContain("Unlock with your plan");
    // An ebook nobody may see is still not found.
    expect((await getText(`/ebook/00000000-0000-4000-8000-000000000000/text?s=0`, member)).status).toBe(404);
  });

  it("shows a guest a premium ebook's contents, a sample and its price at 390 px, never 'Access Denied'", async () => {
    const { pdfEbook } = await probeIds();
    const { page, context } = await newPage(browser, PHONE);
    // Her "Read" goes to the ebook's page and its sample, not to sign-in or a refusal.
    await page.goto(`/ebook/${pdfEbook}/read`);
    await page.waitForURL((url) => url.pathname === `/ebook/${pdfEbook}`);
    const contents = page.getByTestId("ebook-contents");
    expect(await contents.getByRole("listitem").allTextContents()).toEqual(["Part 1", "Part 2"]);
    const sample = page.getByTestId("ebook-sample");
    expect(await sample.textContent()).toContain("The sample anyone may read before buying.");
    expect(await sample.textContent()).not.toContain("Locked text.");
    expect(await page.getByRole("link", { name: "Read sample" }).getAttribute("href")).toBe("#sample");
    expect(await page.locator("main").textContent()).toMatch(/KSh\s?399/);
    expect(await page.getByRole("link", { name: /Purchase Ebook/ }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "View Subscription Plans" }).isVisible()).toBe(true);
    expect(await page.getByText("Access Denied").count()).toBe(0);
    expect(await page.content()).not.toContain(MARKERS.pdf);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await saveScreenshot(page, "ebook-sample-guest-390", { fullPage: true });
    await context.close();
  });

  it("closes its menus when she picks a chapter, and never shows both at once", async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    await page.goto(`/ebook/${ebookId}/text?s=0`);
    await waitForHydration(page);
    const contents = page.locator("details", { has: page.locator('summary[aria-label="Contents"]') });
    const settings = page.locator("details", { has: page.getByText("Text settings") });
    await contents.locator("summary").click();
    expect(await contents.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    await settings.locator("summary").click();
    // Opening one menu closes the other: they never overlap.
    expect(await settings.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await contents.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await contents.locator("summary").click();
    await saveScreenshot(page, "ebook-text-contents-open-390");
    await page.getByRole("navigation", { name: "Contents" }).getByRole("link").nth(2).click();
    await page.waitForURL((url) => url.searchParams.get("s") === "2");
    await expect.poll(() => contents.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    expect(await settings.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    // The chapter she chose is what she sees: nothing covers its first paragraph.
    const first = page.locator("[data-block]").first();
    const box = (await first.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest("[data-block]") !== null,
      [box.x + box.width / 2, box.y + Math.min(10, box.height / 2)],
    );
    expect(onTop).toBe(true);
    await saveScreenshot(page, "ebook-text-chapter-chosen-390");
    await context.close();
  });

  it("is rendered by the server with two small scripts: the keys turn sections and close, copying is refused", async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(`/ebook/${ebookId}/text?s=1`);
    await waitForHydration(page);
    // No React in the browser (ADR 045): the shell's script and text mode's own.
    expect(scripts.sort()).toEqual([
      expect.stringMatching(/^\/assets\/reader-page-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/text-reader-page-[\w-]+\.js$/),
    ]);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // Each key is a page load of the section's address.
    await Promise.all([page.waitForEvent("load"), page.keyboard.press("ArrowRight")]);
    expect(new URL(page.url()).searchParams.get("s")).toBe("2");
    await waitForHydration(page);
    await Promise.all([page.waitForEvent("load"), page.keyboard.press("ArrowLeft")]);
    expect(new URL(page.url()).searchParams.get("s")).toBe("1");
    await waitForHydration(page);
    // So is a swipe across the text: a finger moving left turns to the next section.
    await Promise.all([
      page.waitForEvent("load"),
      page.locator("[data-text-scroller]").evaluate((scroller) => {
        const at = (x: number) => [new Touch({ identifier: 1, target: scroller, clientX: x, clientY: 300 })];
        scroller.dispatchEvent(new TouchEvent("touchstart", { touches: at(300), changedTouches: at(300) }));
        scroller.dispatchEvent(new TouchEvent("touchend", { touches: [], changedTouches: at(150) }));
      }),
    ]);
    expect(new URL(page.url()).searchParams.get("s")).toBe("2");
    await waitForHydration(page);
    // A right click on the text is refused, and she is told so over the reader.
    await page.locator("[data-block]").first().click({ button: "right" });
    const toast = page.locator("[data-reader]").getByTestId("toast");
    expect(await toast.textContent()).toContain("Action blocked: Screenshots and printing are disabled for security");
    expect(await toast.isVisible()).toBe(true);
    await Promise.all([page.waitForEvent("load"), page.keyboard.press("Escape")]);
    expect(new URL(page.url()).pathname).toBe(`/ebook/${ebookId}`);
    await context.close();
  });

  it("reads and keeps its settings without JavaScript; the PDF stays one tap away", async () => {
    const context = await signedInContext(false);
    const page = await context.newPage();
    await page.goto(`/ebook/${ebookId}/text?s=0`);
    const before = await bodyFontSize(page);
    expect(before).toBeGreaterThanOrEqual(16);
    await page.locator("summary", { hasText: "Text settings" }).click();
    await page.getByRole("button", { name: "Sepia theme" }).click();
    await page.waitForLoadState("load");
    expect(await page.locator("[data-reader]").getAttribute("data-theme")).toBe("sepia");
    await page.locator("summary", { hasText: "Text settings" }).click();
    await page.getByRole("button", { name: "Smaller text" }).click();
    await expect.poll(() => bodyFontSize(page)).toBe(Math.max(16, before - 2));
    // Turning sections with plain links.
    await page.getByRole("link", { name: "Next section" }).first().click();
    await page.waitForURL((url) => url.searchParams.get("s") === "1");
    expect(await page.getByRole("link", { name: "PDF" }).getAttribute("href")).toBe(`/ebook/${ebookId}/read?pdf=1`);
    // Back to the light theme for the other tests.
    await page.locator("summary", { hasText: "Text settings" }).click();
    await page.getByRole("button", { name: "Light theme" }).click();
    await page.waitForLoadState("load");
    expect(await page.locator("[data-reader]").getAttribute("data-theme")).toBe("light");
    await context.close();
  });

  it("an admin looks at the text edition before publishing, switches it off and on, and has it extracted again", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signInWithForm(page, "admin@nuru.test", DEMO_PASSWORD);
    await page.goto(`/admin/ebooks/${ebookId}`);
    await waitForHydration(page);
    const panel = page.getByRole("region", { name: "Text edition" });
    expect(await panel.getByText(/Made from the PDF: \d+ sections/).isVisible()).toBe(true);
    expect(await panel.getByTestId("text-edition-preview").innerText()).toContain(bought.chapters[0].title);
    await expectAccessible(page);
    const buyer = await signInCookie("buyer@nuru.test");

    await panel.getByRole("button", { name: "Turn text edition off" }).click();
    await panel.getByRole("button", { name: "Turn text edition on" }).waitFor();
    expect((await getText(`/ebook/${ebookId}/text?s=0`, buyer)).status).toBe(404);

    await panel.getByRole("button", { name: "Turn text edition on" }).click();
    await panel.getByRole("button", { name: "Turn text edition off" }).waitFor();
    expect((await getText(`/ebook/${ebookId}/text?s=0`, buyer)).status).toBe(200);

    // Extracting again happens in the background: readers keep the edition meanwhile, and the page shows it ready.
    await panel.getByRole("button", { name: "Re-extract from the PDF" }).click();
    await expect.poll(() => page.getByTestId("toast").last().textContent()).toContain("Text edition: preparing…");
    expect((await getText(`/ebook/${ebookId}/text?s=0`, buyer)).status).toBe(200);
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("text-edition-state").textContent()).toBe("Ready for review");
    expect((await getText(`/ebook/${ebookId}/text?s=0`, buyer)).status).toBe(200);
    await context.close();
  });
});
