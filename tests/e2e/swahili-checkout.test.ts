// Checkout and payment in Swahili (issue 50, ADR 048): she checks out on /sw/checkout, pays on the Pesapal
// stand-in's page and comes back to /sw/payment/return, every word of both pages in Swahili at 390 px (the per-kind
// words, purchase-kind-words.ts, aside: the item's title, the back link and the paid sentence are another slice's),
// and /sw/country names the countries in Swahili.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { baseUrl, expectAccessible, newPage, PHONE } from "../setup/pages";
import { newReader } from "../setup/attacker";
import { signInWithForm } from "../setup/shop-journeys";
import { saveScreenshotsAtBothWidths } from "../setup/screenshots";

const PASSWORD = "lipa-pass-1";
let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** English words none of these pages may show: the English pages' own words for the same things. */
const ENGLISH =
  /\b(the|and|you|your|our|we|of|for|with|to|Pay|Price|Checkout|Order|Offer code|Apply|Terms|Charged|Receipt|Payment|Status|Prices|change|Country|Update|Close|Read|Choose)\b/;

/** What she reads on the page, less the footer's "English". */
async function visibleWords(page: Page, perKind: string[]) {
  let text = await page.evaluate(() => document.body.innerText);
  for (const words of perKind) text = text.split(words).join("");
  return text.replace(/^English$/m, "");
}

async function fitsPhone(page: Page) {
  return (await page.evaluate(() => document.documentElement.scrollWidth)) <= PHONE.width;
}

/**
 * The payment details' words and codes that are broken across lines though each would fit on one: a word is never
 * broken ("Utunza / ji"), and a code only when it is wider than the card.
 */
async function brokenWords(page: Page, region: string): Promise<string[]> {
  return page.getByRole("region", { name: region }).evaluate((section) => {
    const width = section.querySelector("dl")!.clientWidth;
    const broken: string[] = [];
    for (const dd of section.querySelectorAll("dd")) {
      const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const word of text.textContent!.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
          const lines = new Set(boxes.map((box) => Math.round(box.top))).size;
          const whole = boxes.reduce((sum, box) => sum + box.width, 0);
          if (lines > 1 && whole <= width) broken.push(word[0]);
        }
      }
    }
    return broken;
  });
}

describe("checkout and payment in Swahili", () => {
  it("she pays for a plan from /sw/checkout through Pesapal and comes back to /sw/payment/return, in Swahili", async () => {
    const email = await newReader(PASSWORD, "Wanjiku Kamau");
    const { page, context, errors } = await newPage(browser, PHONE);
    await signInWithForm(page, email, PASSWORD);

    const response = await page.goto("/sw/checkout/plan/basic");
    expect(response?.status()).toBe(200);
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Lipia oda yako");
    expect(await page.getByRole("region", { name: "Oda yako" }).isVisible()).toBe(true);
    // The title and the back link are the per-kind words (purchase-kind-words.ts), in Swahili too.
    expect(await page.getByRole("region", { name: "Oda yako" }).locator("p.text-lg").innerText()).toBe(
      "Mpango wa Basic",
    );
    expect(await page.locator("main a").first().innerText()).toBe("← Rudi kwenye mipango");
    // Each feature a bullet of its own, each capitalised.
    expect(await page.getByRole("region", { name: "Oda yako" }).locator("ul li").allInnerTexts()).toEqual([
      "✓ Makala zote za kulipia na za wanachama",
      "✓ Kitabu pepe 1 cha chaguo lako",
      expect.stringMatching(/^✓ [A-Z]/),
    ]);
    expect(await visibleWords(page, [])).not.toMatch(ENGLISH);
    expect(await fitsPhone(page)).toBe(true);
    // Every way on stays in Swahili: the offer code's form (this address), Pay's form, the country and the terms.
    expect(await page.locator("main form[method=post]").getAttribute("action")).toBe("/sw/checkout/plan/basic");
    expect(
      await page
        .getByRole("region", { name: "Oda yako" })
        .getByRole("link", { name: "badilisha" })
        .getAttribute("href"),
    ).toBe("/sw/country");
    expect(await page.getByRole("main").getByRole("link", { name: "Masharti" }).getAttribute("href")).toBe("/sw/terms");
    // The footer's country link too.
    expect(await page.getByRole("contentinfo").getByRole("link", { name: "badilisha" }).getAttribute("href")).toBe(
      "/sw/country",
    );
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await expectAccessible(page);
    await saveScreenshotsAtBothWidths(page, "swcheckout/checkout");

    // An offer code that does not apply: the refusal in Swahili, the normal price kept.
    await page.getByLabel("Msimbo wa ofa", { exact: true }).fill("HAKUNA-123");
    await page.getByRole("button", { name: "Tumia", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/sw/checkout/plan/basic" && url.searchParams.has("code"));
    expect(await page.getByTestId("code-refusal").innerText()).toBe(
      "Msimbo huu wa ofa hauwezi kutumika kwa ununuzi huu. Bei ya kawaida inatumika.",
    );

    await page.getByRole("button", { name: /^Lipa KSh/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/PesapalIframe3/Index"));
    await page.getByLabel("M-Pesa phone number").fill("0712345678");
    await page.getByRole("button", { name: "Complete M-Pesa payment" }).click();
    // Pesapal sends her back to the address in her language.
    await page.waitForURL((url) => url.origin === baseUrl() && url.pathname === "/sw/payment/return");
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Hali ya malipo");
    expect(await page.locator('[data-status="success"]').innerText()).toContain("Malipo yamefaulu");
    const details = page.getByRole("region", { name: "Maelezo ya malipo" });
    expect(await details.getByText("Njia ya malipo").isVisible()).toBe(true);
    expect(await details.getByText(/\d{1,2} [A-Z][a-z]+ 20\d\d/).innerText()).toMatch(
      /(Januari|Februari|Machi|Aprili|Mei|Juni|Julai|Agosti|Septemba|Oktoba|Novemba|Desemba)/,
    );
    const started = page.getByRole("dialog", { name: "Usajili wako umeanza" });
    expect(await started.isVisible()).toBe(true);
    expect(await started.getByRole("link", { name: "Soma makala za kulipia" }).getAttribute("href")).toBe(
      "/sw/articles",
    );
    // The item's title and the paid sentence (the per-kind words) are Swahili too.
    expect(await details.locator("dd").first().innerText()).toMatch(/^Mpango wa Basic/);
    expect(await visibleWords(page, [])).not.toMatch(ENGLISH);
    expect(await fitsPhone(page)).toBe(true);
    await saveScreenshotsAtBothWidths(page, "swcheckout/paid");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("she pays for the Swahili ebook by card: the card said in Swahili on the return page and in her history, no word broken", async () => {
    const email = await newReader(PASSWORD, "Akinyi Otieno");
    const { page, context, errors } = await newPage(browser, PHONE);
    await signInWithForm(page, email, PASSWORD);
    const list = await (await fetch(`${baseUrl()}/sw/ebooks?q=ngozi`)).text();
    const [, ebookId] = /href="\/sw\/ebook\/([0-9a-f-]{36})"/.exec(list)!;
    await page.goto(`/sw/checkout/ebook/${ebookId}`);
    await page.getByRole("button", { name: /^Lipa KSh/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/PesapalIframe3/Index"));
    await page.getByRole("button", { name: "Complete card payment" }).click();
    await page.waitForURL((url) => url.origin === baseUrl() && url.pathname === "/sw/payment/return");
    expect(await page.locator('[data-status="success"]').innerText()).toContain("Malipo yamefaulu");
    const details = page.getByRole("region", { name: "Maelezo ya malipo" });
    expect(await details.locator("dd").first().innerText()).toContain("Utunzaji");
    expect(await details.getByText("Kadi ya Visa", { exact: true }).isVisible()).toBe(true);
    expect(await brokenWords(page, "Maelezo ya malipo")).toEqual([]);
    expect(await fitsPhone(page)).toBe(true);
    await saveScreenshotsAtBothWidths(page, "swcheckout/paid-card");
    // The same order's English page: the same rule, nothing broken there either.
    const returned = new URL(page.url());
    await page.goto(`/payment/return${returned.search}`);
    expect(await brokenWords(page, "Payment details")).toEqual([]);
    expect(await fitsPhone(page)).toBe(true);

    // Her payment history says the card as the return page did.
    await page.goto("/sw/dashboard");
    const entry = page.getByTestId("billing-entry").filter({ hasText: "Ngozi Yenye Afya" });
    expect(await entry.innerText()).toContain("Umelipa kwa: Kadi ya Visa");
    expect(await entry.innerText()).not.toContain("Visa card");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/sw/country names the countries in Swahili and posts to itself", async () => {
    const { page, context, errors } = await newPage(browser, PHONE);
    const response = await page.goto("/sw/country");
    expect(response?.status()).toBe(200);
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Bei katika nchi yako");
    const options = await page.locator("#country-picker option").allInnerTexts();
    expect(options).toContain("Marekani");
    expect(options).not.toContain("United States");
    expect(await page.locator("main form[method=post]").getAttribute("action")).toBe("/sw/country");
    // The picker's names are the countries themselves: only the page's own words are checked.
    const words = (await visibleWords(page, [])).replace(
      await page.locator("#country-picker").evaluate((s: HTMLSelectElement) => s.innerText),
      "",
    );
    expect(words).not.toMatch(ENGLISH);
    expect(await fitsPhone(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
