// The admin's plan editor (issue 33, ADR 036) in Chromium at 390 px: the admin turns the 7-day pass into a 2-week
// pass and a guest's /pricing, already cached with "/ 7 days", shows "/ 2 weeks" on the next load; a wrong period is
// refused with periodProblem's message and nothing changes. Its own app on a copy of the demo shop, so the shared
// demo's pass stays 7 days for the other suites.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { startApp, type RunningApp } from "../setup/app-server";
import { copyDemoShop, type DemoShopCopy } from "../setup/demo-shop";
import { DESKTOP, PHONE, expectAccessible, trackHydration, waitForHydration } from "../setup/pages";
import { saveScreenshot } from "../setup/screenshots";

const DEMO_PASSWORD = "nuru-demo-2026";
let browser: Browser;
let shop: RunningApp;
let copy: DemoShopCopy;

beforeAll(async () => {
  copy = await copyDemoShop({ postgres: true });
  shop = await startApp({ ...copy.env });
  browser = await connectBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await copy?.dispose();
});

async function open(viewport: { width: number; height: number }): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport, baseURL: shop.url });
  await trackHydration(context);
  return { context, page: await context.newPage() };
}

async function signInAsAdmin(page: Page) {
  await page.goto("/signin");
  await waitForHydration(page);
  await page.locator("#signin-email").fill("admin@nuru.test");
  await page.locator("#signin-password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/signin");
}

const passPrice = (page: Page) => page.getByTestId("price-week-pass").locator("xpath=..");
/** A guest's /pricing as the shop serves it: from its guest page cache or not, and the pass's period. */
async function guestPricing() {
  const response = await fetch(`${shop.url}/pricing`);
  const html = await response.text();
  return { cache: response.headers.get("x-guest-cache"), period: /\/ (7 days|2 weeks)/.exec(html)?.[0] ?? null };
}
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("editing a plan (390 px)", () => {
  it("the admin makes the 7-day pass last 2 weeks and /pricing says '/ 2 weeks' at once", async () => {
    // A guest's /pricing first, so the cached page has the old period.
    const guest = await open(PHONE);
    await guest.page.goto("/pricing");
    await expect.poll(() => passPrice(guest.page).innerText()).toMatch(/\/ 7 days$/);
    expect(await guestPricing()).toEqual({ cache: "hit", period: "/ 7 days" });

    const { page, context } = await open(PHONE);
    await signInAsAdmin(page);
    await page.goto("/admin/plans");
    await waitForHydration(page);
    const row = page.getByTestId("plan-row").filter({ hasText: "7-day pass" });
    await expect.poll(() => row.getByTestId("plan-terms").innerText()).toBe("KSh\u00a099.00 · 7 days · 1 ebook");
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessible(page);
    await saveScreenshot(page, "plans-390", { fullPage: true });

    await row.getByRole("link", { name: "7-day pass" }).click();
    await page.waitForURL(/\/admin\/plans\/[0-9a-f-]{36}$/);
    await waitForHydration(page);
    // The link opens the page in place: the address changes as the new page renders, so wait for its text.
    await expect.poll(() => page.getByText("Changes apply to new orders only.").isVisible()).toBe(true);

    // A period too long is refused beside the field, and nothing is saved.
    await page.getByLabel("Number of days, weeks or months").fill("60");
    await page.getByLabel("Unit of the period").selectOption("week");
    await page.getByRole("button", { name: "Save plan" }).click();
    await expect.poll(() => page.locator("#plan-periodCount-error").textContent()).toBe("At most 52 weeks");
    expect(await page.getByLabel("Number of days, weeks or months").getAttribute("aria-invalid")).toBe("true");
    expect(await fitsWidth(page)).toBe(true);
    await saveScreenshot(page, "plan-edit-error-390", { fullPage: true });

    await page.getByLabel("Number of days, weeks or months").fill("2");
    await page.getByLabel("Name").fill("2-week pass");
    await page.getByRole("button", { name: "Save plan" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/plans");
    await expect
      .poll(() => page.getByTestId("plan-row").filter({ hasText: "2-week pass" }).getByTestId("plan-terms").innerText())
      .toBe("KSh\u00a099.00 · 2 weeks · 1 ebook");

    expect(await guestPricing()).toEqual({ cache: "miss", period: "/ 2 weeks" });
    // A guest's next load: the new period, not the shop's cached page. (A new browser: the guest pages'
    // Cache-Control allows a browser that already has the page to show it once more while it revalidates.)
    await guest.context.close();
    const next = await open(PHONE);
    await next.page.goto("/pricing");
    await expect.poll(() => passPrice(next.page).innerText()).toMatch(/\/ 2 weeks$/);
    expect(await next.page.getByRole("heading", { name: "2-week pass" }).isVisible()).toBe(true);
    expect(await fitsWidth(next.page)).toBe(true);
    await saveScreenshot(next.page, "pricing-2-weeks-390", { fullPage: true });

    // The change is in the activity log.
    await page.goto("/admin/activity?entity=plan");
    await expect.poll(() => page.getByText("Plan 2-week pass edited").count()).toBeGreaterThan(0);
    await context.close();
    await next.context.close();
  });

  it("the list and the editor fit 1280 px", async () => {
    const { page, context } = await open(DESKTOP);
    await signInAsAdmin(page);
    await page.goto("/admin/plans");
    await expect.poll(() => page.getByTestId("plan-row").count()).toBeGreaterThan(2);
    expect(await fitsWidth(page)).toBe(true);
    await saveScreenshot(page, "plans-1280", { fullPage: true });
    await page.goto("/admin/plans/new");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Create plan" }).click();
    await expect
      .poll(() => page.locator("#plan-price-error").textContent())
      .toBe("Enter the price in KES, like 1500 or 1,500.00");
    expect(await fitsWidth(page)).toBe(true);
    await saveScreenshot(page, "plan-new-1280", { fullPage: true });
    await context.close();
  });
});
