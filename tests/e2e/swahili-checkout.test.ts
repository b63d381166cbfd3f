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
