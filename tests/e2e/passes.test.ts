// The 7-day pass (issue 33, Passes; ADR 036), bought at 390 px the way a reader does: /pricing shows it at KSh 99
// "/ 7 days", checkout says "7 days", it is paid by M-Pesa on the Pesapal stand-in, My Library says "Your pass ends"
// seven days from now, the receipt names "7-day pass (7 days)", and the admin's orders list shows it. Set SHOTS_DIR to
// keep screenshots of /pricing and My Library at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PHONE, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD } from "../setup/http-session";
import { newReader } from "../setup/attacker";
import { payOnPesapal, signInWithForm } from "../setup/shop-journeys";
import { formatDate } from "~/lib/format";
import { saveScreenshotsAtBothWidths } from "../setup/screenshots";

const PASSWORD = "pass-pass-1";
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Nothing wider than the phone: no sideways scrolling. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("the 7-day pass (390 px)", () => {
  it("a reader buys the pass by M-Pesa; pricing, checkout, My Library, the receipt and the admin say 7 days", async () => {
    const email = await newReader(PASSWORD);
    const { page, context } = await newPage(browser, PHONE);
    await signInWithForm(page, email, PASSWORD);

    await page.goto("/pricing");
    await waitForHydration(page);
    await expectAccessible(page);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "7-day pass" }) });
    expect(await card.getByTestId("price-week-pass").textContent()).toBe("KSh\u00a099.00");
    expect(await card.getByText("/ 7 days", { exact: true }).isVisible()).toBe(true);
    expect(await card.getByTestId("period-week-pass").textContent()).toBe("for 7 days · 1 ebook of your choice");
    // The month plans keep their months.
    expect(await page.getByTestId("period-standard").textContent()).toBe("for 2 months · 2 ebooks of your choice");
    expect(await fitsWidth(page)).toBe(true);
    await saveScreenshotsAtBothWidths(page, "pricing");

    await card.getByRole("link", { name: "Get Started with 7-day pass" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout/plan/week-pass");
    await waitForHydration(page);
    await expectAccessible(page);
    const summary = page.getByRole("region", { name: "Your order" });
    expect(await summary.getByText("7-day pass", { exact: true }).isVisible()).toBe(true);
    expect(await summary.getByTestId("checkout-period").textContent()).toBe("7 days");
    expect(await page.getByTestId("checkout-price").textContent()).toBe("KSh\u00a099.00");
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole("button", { name: "Pay KSh\u00a099.00" }).click();
    await payOnPesapal(page, "Complete M-Pesa payment");
    expect(await page.locator('[data-status="success"]').isVisible()).toBe(true);
    const paidAt = Date.now();

    await page.goto("/dashboard");
    await waitForHydration(page);
    await expectAccessible(page);
    const plan = page.getByTestId("plan");
    expect(await plan.getByRole("heading", { name: "7-day pass" }).isVisible()).toBe(true);
    expect(await plan.getByTestId("plan-period").textContent()).toBe("7 days");
    expect(await plan.getByText("7 days left").isVisible()).toBe(true);
    expect(await plan.getByText("Your pass ends").isVisible()).toBe(true);
    // Seven days from the payment, as a Nairobi date (the test runs in well under a minute).
    const ends = formatDate(new Date(paidAt + 7 * 86_400_000).toISOString());
    expect(await plan.getByTestId("access-until").textContent()).toBe(ends);
    expect(await plan.getByTestId("renewal-state").textContent()).toContain(`we e-mail you the day before ${ends}`);
    const billing = page.getByRole("region", { name: "Billing history" });
    expect(await billing.getByText("7-day pass", { exact: true }).isVisible()).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    await saveScreenshotsAtBothWidths(page, "library");

    await page
      .getByRole("link", { name: /^Receipt for/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname.startsWith("/receipts/"));
    const receipt = page.locator("[data-receipt]");
    expect(
      await receipt
        .locator("dt", { hasText: /^Item$/ })
        .locator("+ dd")
        .textContent(),
    ).toBe("7-day pass (7 days)");
    const paidDay = formatDate(new Date(paidAt).toISOString());
    expect(
      await receipt
        .locator("dt", { hasText: /^Period$/ })
        .locator("+ dd")
        .textContent(),
    ).toBe(`${paidDay} to ${ends}`);
    expect(await fitsWidth(page)).toBe(true);
    await context.close();

    const admin = await newPage(browser, PHONE);
    await signInWithForm(admin.page, "admin@nuru.test", DEMO_PASSWORD);
    await admin.page.goto(`/admin/orders?reader=${encodeURIComponent(email)}`);
    await waitForHydration(admin.page);
    const row = admin.page.getByTestId("admin-order");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain("7-day pass");
    await admin.context.close();
  });
});
