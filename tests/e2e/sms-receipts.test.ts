// SMS receipts (issue 49 item 5) as the admin and a developer see them at 390 px: the receipts settings say which
// Africa's Talking settings are set without showing a value, and give the delivery reports URL; the dev SMS outbox
// lists the stand-in's numbers that behave on purpose. A forged short receipt link answers 404. (Sending, retries and
// delivery reports are in tests/integration/sms-receipts.test.ts; a buyer's journey comes with the M-Pesa checkout.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PHONE, baseUrl, expectAccessible, newPage } from "../setup/pages";
import { DEMO_PASSWORD, getText } from "../setup/http-session";
import { signInWithForm } from "../setup/shop-journeys";

let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("SMS receipts (390 px)", () => {
  it("the admin's receipts settings say which SMS keys are set, never their values", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signInWithForm(page, "admin@nuru.test", DEMO_PASSWORD);
    await page.goto("/admin/orders/receipts");
    const section = page.getByRole("region", { name: "Receipts by SMS" });
    await expect.poll(() => section.getByTestId("sms-settings").innerText()).toContain("AT_API_KEY");
    const text = await section.innerText();
    expect(text).toContain("The local stand-in (development; see /dev/sms)");
    expect(text).toMatch(/AT_USERNAME\s+not set/);
    expect(text).toMatch(/AT_API_KEY\s+not set/);
    expect(text).toMatch(/Delivery reports URL\s+http\S+\/api\/sms\/delivery-reports\/[A-Za-z0-9_-]{32}/);
    // Nothing wider than the phone.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
    await context.close();
  });

  it("the dev SMS outbox lists the stand-in's numbers that behave on purpose", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/dev/sms");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Dev SMS outbox");
    const list = await page
      .getByRole("heading", { name: "Numbers that behave on purpose" })
      .locator("xpath=following-sibling::ul")
      .innerText();
    expect(list).toContain("254700000406 (0700000406): 406 UserInBlacklist");
    expect(list).toContain("254700000403 (0700000403): 403 InvalidPhoneNumber");
    await expectAccessible(page);
    await context.close();
  });

  it("answers 404 to a forged short receipt link and to a delivery report without the secret", async () => {
    expect((await getText("/r/AAAAAAAAAAAAAA")).status).toBe(404);
    const res = await fetch(`${baseUrl()}/api/sms/delivery-reports/not-the-secret`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "id=ATXid_1&status=Success",
    });
    expect(res.status).toBe(404);
  });
});
