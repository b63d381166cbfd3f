// Offer codes in Chromium (issue 33, ADR 037): a shared /pricing?code= link shows the prices with the code, checkout
// shows the price before and after, Pesapal's (stand-in) page asks for the discounted amount to the cent and the
// receipt shows the code; a bad code says why; a code that covers everything completes without Pesapal; the admin
// makes, edits and switches off codes and sees their uses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PHONE, DESKTOP, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD } from "../setup/http-session";
import { freshAddress, newReader } from "../setup/attacker";
import { payOnPesapal, signInWithForm } from "../setup/shop-journeys";
import { PROBE_OFFER_CODE } from "../setup/markers";
import { saveScreenshot } from "../setup/screenshots";

const PASSWORD = "codes-pass-1";
const DASHBOARD = "/dashboard";
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Nothing wider than the window: no sideways scrolling on a phone. */
async function fitsWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe("a shared offer code link", () => {
  it("shows every plan with 20 % off and the normal price struck through, without script (390 px)", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto(`/pricing?code=${PROBE_OFFER_CODE.toLowerCase()}`);
    await waitForHydration(page);
    expect(await page.getByTestId("offer-code").textContent()).toBe(
      `Offer code ${PROBE_OFFER_CODE}: 20 % off. The prices below include it.`,
    );
    expect(await page.getByTestId("price-standard").textContent()).toBe("KSh\u00a0400.00");
    // A screen reader hears which price it is: the line reads "With your offer code: KSh 400.00 / ...".
    expect(await page.getByTestId("price-standard").locator("..").textContent()).toMatch(
      /^With your offer code: KSh\u00a0400\.00 \//,
    );
    expect(await page.getByTestId("price-before-standard").textContent()).toBe("KSh\u00a0500.00");
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessible(page);
    await saveScreenshot(page, "pricing-code-390", { fullPage: true });
    await page.setViewportSize(DESKTOP);
    expect(await fitsWidth(page)).toBe(true);
    await saveScreenshot(page, "pricing-code-1280", { fullPage: true });
    await context.close();
  });

  it("says why a bad code does not apply, and shows the normal prices", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/pricing?code=NO-SUCH-CODE");
    expect(await page.getByRole("alert").filter({ hasText: "offer code" }).textContent()).toBe(
      "This offer code cannot be used for this purchase. The normal price applies.",
    );
    expect(await page.getByTestId("price-standard").textContent()).toBe("KSh\u00a0500.00");
    expect(await page.getByTestId("price-before-standard").count()).toBe(0);
    await context.close();
  });
});

describe("redeeming a code", () => {
  it("a reader redeems 20 % on Standard: checkout, Pesapal and the receipt all say KSh 400.00 (390 px)", async () => {
    const email = await newReader(PASSWORD);
    const { page, context } = await newPage(browser, PHONE);
    await signInWithForm(page, email, PASSWORD);
    await page.goto(`/pricing?code=${PROBE_OFFER_CODE}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Get Started with Standard" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout/plan/standard");
    expect(new URL(page.url()).searchParams.get("code")).toBe(PROBE_OFFER_CODE);
    await waitForHydration(page);
    expect(await page.getByTestId("checkout-price-before").textContent()).toBe("KSh\u00a0500.00");
    expect(await page.getByTestId("checkout-discount").textContent()).toBe("−KSh\u00a0100.00");
    expect(await page.getByTestId("checkout-price").textContent()).toBe("KSh\u00a0400.00");
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessible(page);
    await saveScreenshot(page, "checkout-code-390", { fullPage: true });
    await page.getByRole("button", { name: "Pay KSh\u00a0400.00" }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/PesapalIframe3/Index"));
    // What Pesapal is asked to charge, to the cent.
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Pay Ksh\u00a0400.00");
    await payOnPesapal(page, "Complete M-Pesa payment");
    expect(await page.locator('[data-status="success"]').isVisible()).toBe(true);
    const details = page.getByRole("region", { name: "Payment details" });
    expect(await details.textContent()).toContain("KSh\u00a0400.00");
    // Her receipt, from the billing history.
    await page.goto(DASHBOARD);
    await page
      .getByRole("link", { name: /^Receipt/ })
      .first()
      .click();
    await page.waitForURL((url) => /^\/receipts\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect.poll(() => page.locator("main").textContent()).toContain("Price before offer code");
    const receipt = await page.locator("main").textContent();
    expect(receipt).toContain("Price before offer code");
    expect(receipt).toContain(`Offer code ${PROBE_OFFER_CODE}`);
    expect(receipt).toContain("-KSh\u00a0100.00");
    expect(receipt).toContain("KSh\u00a0400.00");
    await context.close();
  });

  it("typing a code at checkout applies it; a wrong one says why and she pays the normal price", async () => {
    const email = await newReader(PASSWORD);
    const { page, context } = await newPage(browser, DESKTOP);
    await signInWithForm(page, email, PASSWORD);
    await page.goto("/checkout/plan/basic");
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Offer code" }).fill("nope-nope");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.getByTestId("code-refusal").isVisible()).toBe(true);
    expect(await page.getByTestId("checkout-price").textContent()).toBe("KSh\u00a0250.00");
    await page.getByRole("textbox", { name: "Offer code" }).fill(PROBE_OFFER_CODE.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.getByTestId("checkout-price").textContent()).toBe("KSh\u00a0200.00");
    await saveScreenshot(page, "checkout-code-1280", { fullPage: true });
    await context.close();
  });
});

describe("guessing codes (issue 46, item 4)", () => {
  it("the 11th refused code answers 429 with Retry-After and the normal prices; a good code still works elsewhere", async () => {
    // The guesser uses up the limit from an address and an account of her own, so no other journey is touched.
    const guesser = await newReader(PASSWORD);
    const { page, context } = await newPage(browser, PHONE, { from: freshAddress() });
    await signInWithForm(page, guesser, PASSWORD);
    for (let i = 1; i <= 10; i++) {
      const res = await page.goto(`/pricing?code=GUESS-${i}`);
      expect(res?.status(), `refused code ${i}`).toBe(200);
      expect(await page.getByRole("alert").filter({ hasText: "offer code" }).textContent()).toBe(
        "This offer code cannot be used for this purchase. The normal price applies.",
      );
    }
    const limited = await page.goto("/pricing?code=GUESS-11");
    expect(limited?.status()).toBe(429);
    expect(Number(limited?.headers()["retry-after"])).toBeGreaterThan(0);
    expect(
      await page.getByText(/^Too many offer codes tried\. Please wait 1[45] minutes and try again\.$/).count(),
    ).toBe(1);
    expect(await page.getByTestId("price-standard").textContent()).toBe("KSh\u00a0500.00");
    // Even the real code is not looked at from there now.
    expect((await page.goto(`/pricing?code=${PROBE_OFFER_CODE}`))?.status()).toBe(429);
    expect(await page.getByTestId("price-standard").textContent()).toBe("KSh\u00a0500.00");
    await context.close();

    // Another reader at another address (this file's own) is not affected.
    const other = await newReader(PASSWORD);
    const elsewhere = await newPage(browser, PHONE);
    await signInWithForm(elsewhere.page, other, PASSWORD);
    expect((await elsewhere.page.goto(`/pricing?code=${PROBE_OFFER_CODE}`))?.status()).toBe(200);
    expect(await elsewhere.page.getByTestId("price-standard").textContent()).toBe("KSh\u00a0400.00");
    await elsewhere.context.close();
  });
});

describe("the admin's offer codes", () => {
  it("makes a 100 % code for ebooks, a reader gets an ebook with it without Pesapal, and the admin switches it off (390 px)", async () => {
    const text = `FREE-${Date.now().toString(36).toUpperCase()}`;
    const admin = await newPage(browser, PHONE);
    await signInWithForm(admin.page, "admin@nuru.test", DEMO_PASSWORD);
    await admin.page.goto("/admin/codes");
    await waitForHydration(admin.page);
    expect(await admin.page.getByRole("link", { name: PROBE_OFFER_CODE }).isVisible()).toBe(true);
    await admin.page.getByLabel("Code", { exact: true }).fill(text.toLowerCase());
    await admin.page.getByLabel("Amount off").fill("100");
    await admin.page.getByLabel("For", { exact: true }).selectOption("ebooks");
    await admin.page.getByLabel("Uses in total (empty: no limit)").fill("3");
    await admin.page.getByRole("button", { name: "Create code" }).click();
    const row = admin.page.getByTestId("offer-code-row").filter({ hasText: text });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.getByTestId("offer-code-uses").textContent()).toBe("Used 0 of 3 · 1 per reader");
    expect(await fitsWidth(admin.page)).toBe(true);
    await expectAccessible(admin.page);
    await saveScreenshot(admin.page, "admin-codes-390", { fullPage: true });

    // A reader uses it on an ebook: nothing to pay, completed without Pesapal, the receipt says why.
    const email = await newReader(PASSWORD);
    const reader = await newPage(browser, PHONE);
    await signInWithForm(reader.page, email, PASSWORD);
    await reader.page.goto("/ebooks?access=premium");
    const ebookPath = await reader.page.locator('a[href^="/ebook/"]').first().getAttribute("href");
    await reader.page.goto(`/checkout${ebookPath!.replace("/ebook/", "/ebook/")}?code=${text}`);
    await waitForHydration(reader.page);
    expect(await reader.page.getByTestId("checkout-price").textContent()).toBe("KSh\u00a00.00");
    await reader.page.getByRole("button", { name: "Get it with your code" }).click();
    await reader.page.waitForURL((url) => url.pathname.startsWith("/receipts/"));
    await expect.poll(() => reader.page.locator("main").textContent()).toContain("Receipt number");
    const receipt = await reader.page.locator("main").textContent();
    expect(receipt).toContain("Nothing to pay (offer code)");
    expect(receipt).toContain(`Offer code ${text}`);
    await reader.context.close();

    await admin.page.goto("/admin/codes");
    expect(await row.getByTestId("offer-code-uses").textContent()).toBe("Used 1 of 3 · 1 per reader");
    await row.getByRole("link", { name: text }).click();
    await admin.page.waitForURL((url) => url.pathname.startsWith("/admin/codes/"));
    await waitForHydration(admin.page);
    await admin.page.getByLabel("Uses in total (empty: no limit)").fill("0");
    await admin.page.getByRole("button", { name: "Save code" }).click();
    await expect
      .poll(() => admin.page.getByText("Enter a whole number above 0, or leave it empty.").isVisible())
      .toBe(true);
    await admin.page.getByRole("button", { name: "Switch off" }).click();
    await expect.poll(() => admin.page.getByTestId("offer-code-uses").textContent()).toContain("Off");
    await saveScreenshot(admin.page, "admin-code-edit-390", { fullPage: true });
    await admin.page.setViewportSize(DESKTOP);
    await admin.page.goto("/admin/codes");
    await saveScreenshot(admin.page, "admin-codes-1280", { fullPage: true });
    await admin.context.close();
  });
});
