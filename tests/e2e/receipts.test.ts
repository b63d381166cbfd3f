// Receipts an accountant accepts (issue 33), at 390 px on the shared app: the admin names the business and turns VAT
// on, a reader gives her KRA PIN and buys an ebook on the Pesapal stand-in, her receipt shows its number and the
// VAT, and the month's CSV downloads with that line. VAT is turned off again afterwards for the files that follow.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser, downloadedBytes } from "../setup/shared-browser";
import { PHONE, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD, getText } from "../setup/http-session";
import { newReader } from "../setup/attacker";
import { payOnPesapal, signInWithForm } from "../setup/shop-journeys";
import { formatKesCents } from "~/modules/pricing/money";
import { nairobiMonth, nairobiYear, vatIncludedIn } from "~/modules/receipts/receipt-rules";
import { saveScreenshotsAtBothWidths } from "../setup/screenshots";

const PASSWORD = "receipt-pass-1";
// Set SHOTS_DIR to keep screenshots of the receipt and the export screen at 390 and 1280 px.
let browser: Browser;
let ebookId: string;

beforeAll(async () => {
  browser = await connectBrowser();
  const list = await getText("/ebooks?access=premium");
  ebookId = /href="\/ebook\/([0-9a-f-]{36})"/.exec(list.body)![1];
});

afterAll(async () => {
  if (browser) {
    const { page, context } = await newPage(browser, PHONE);
    await signInWithForm(page, "admin@nuru.test", DEMO_PASSWORD);
    await saveSettings(page, false);
    await context.close();
    await browser.close();
  }
});

async function saveSettings(page: Page, vat: boolean) {
  await page.goto("/admin/orders/receipts");
  await waitForHydration(page);
  await page.getByLabel("Business name").fill("Nuru Wellness Ltd");
  await page.getByLabel("Address").fill("Kenyatta Avenue, Nairobi");
  await page.getByLabel("KRA PIN", { exact: true }).fill("P051234567Z");
  await page.getByLabel(/Registered for VAT/).setChecked(vat);
  await page.getByLabel("VAT charged from (Nairobi date)").fill(`${nairobiMonth(new Date())}-01`);
  await page.getByRole("button", { name: "Save receipt settings" }).click();
  await page.getByText("Receipt settings saved").first().waitFor();
}

describe("receipts an accountant accepts (390 px)", () => {
  it("VAT on, a purchase shows its receipt number and VAT, and the month's CSV has the line", async () => {
    const admin = await newPage(browser, PHONE);
    await signInWithForm(admin.page, "admin@nuru.test", DEMO_PASSWORD);
    await saveSettings(admin.page, true);
    await expectAccessible(admin.page);

    // The reader gives her KRA PIN; a wrong one is named in plain words.
    const reader = await newPage(browser, PHONE);
    await signInWithForm(reader.page, await newReader(PASSWORD), PASSWORD);
    await reader.page.goto("/account");
    await waitForHydration(reader.page);
    await reader.page.getByLabel("KRA PIN (optional)").fill("A1234");
    await reader.page.getByRole("button", { name: "Update Profile" }).click();
    await reader.page.getByText("KRA PIN must be a letter, nine digits and a letter, like A123456789B").waitFor();
    await reader.page.getByLabel("KRA PIN (optional)").fill("a123456789b");
    await reader.page.getByRole("button", { name: "Update Profile" }).click();
    await reader.page.getByText("Profile updated").first().waitFor();

    await reader.page.goto(`/checkout/ebook/${ebookId}`);
    await waitForHydration(reader.page);
    const price = (await reader.page.getByTestId("checkout-price").textContent())!;
    const priceCents = Number(price.replace(/[^\d]/g, ""));
    await reader.page.getByRole("button", { name: /^Pay KSh/ }).click();
    await payOnPesapal(reader.page, "Complete M-Pesa payment");
    await reader.page.locator('[data-status="success"]').waitFor();

    await reader.page.goto("/dashboard");
    await reader.page
      .getByRole("link", { name: /^Receipt for/ })
      .first()
      .click();
    await reader.page.waitForURL((url) => url.pathname.startsWith("/receipts/"));
    const receipt = reader.page.locator("[data-receipt]");
    const number = (await receipt.locator("dt", { hasText: "Receipt number" }).locator("+ dd").textContent())!;
    expect(number).toMatch(new RegExp(`^NURU-${nairobiYear(new Date())}-\\d{6}$`));
    const vat = formatKesCents(vatIncludedIn(priceCents));
    expect(await receipt.locator("dt", { hasText: "VAT 16% (included)" }).locator("+ dd").textContent()).toBe(vat);
    expect(await receipt.getByText("Nuru Wellness Ltd · Kenyatta Avenue, Nairobi · KRA PIN P051234567Z").count()).toBe(
      1,
    );
    expect(await receipt.locator("dt", { hasText: "Buyer KRA PIN" }).locator("+ dd").textContent()).toBe("A123456789B");
    await expectAccessible(reader.page);
    await saveScreenshotsAtBothWidths(reader.page, "receipt");

    // The admin sees the line for the month and downloads the CSV with it.
    await admin.page.goto(`/admin/orders/receipts?month=${nairobiMonth(new Date())}`);
    await waitForHydration(admin.page);
    const line = admin.page.getByTestId("receipt-line").filter({ hasText: number });
    expect(await line.textContent()).toContain(`(VAT ${vat})`);
    await expectAccessible(admin.page);
    await saveScreenshotsAtBothWidths(admin.page, "receipts-export");
    const [download] = await Promise.all([
      admin.page.waitForEvent("download"),
      admin.page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`nuru-receipts-${nairobiMonth(new Date())}.csv`);
    const csv = (await downloadedBytes(download)).toString("utf8");
    const cents = (c: number) => (c / 100).toFixed(2);
    const row = csv.split("\r\n").find((r) => r.startsWith(`Sale,${number},`))!;
    expect(row).toContain(",A123456789B,");
    expect(row).toContain(
      `,${cents(priceCents)},${cents(vatIncludedIn(priceCents))},${cents(priceCents - vatIncludedIn(priceCents))},M-Pesa,`,
    );
    await admin.context.close();
    await reader.context.close();
  });
});
