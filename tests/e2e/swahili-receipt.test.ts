// Issue 50 (ADR 048): her receipt at /sw/receipts/:id at 390 px, every word of it in Swahili, its PDF too; the same
// loader decides who may see it (another reader gets the same 404 as in English).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { connectBrowser, downloadedBytes } from "../setup/shared-browser";
import { PHONE, newPage, waitForHydration } from "../setup/pages";
import { getText } from "../setup/http-session";
import { newReader } from "../setup/attacker";
import { payOnPesapal, signInWithForm } from "../setup/shop-journeys";
import { pdfPageTexts } from "../setup/pdf-text";
import { saveScreenshotsAtBothWidths } from "../setup/screenshots";

const PASSWORD = "risiti-pass-1";
/** English words a Swahili receipt's own words may not hold (the values, a title or an address, aside). */
const ENGLISH =
  /\b(receipt|number|seller|buyer|date|paid|item|amount|status|order|reference|confirmation|code|back|library|download|print|amounts|charged|through|shillings|the|and|with)\b/i;
let browser: Browser;
let ebookId: string;

beforeAll(async () => {
  browser = await connectBrowser();
  const list = await getText("/ebooks?access=premium");
  ebookId = /href="\/ebook\/([0-9a-f-]{36})"/.exec(list.body)![1];
});

afterAll(async () => {
  await browser?.close();
});

describe("her receipt in Swahili (390 px)", () => {
  it("is in Swahili, stays in Swahili, fits the phone, and its PDF is in Swahili", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signInWithForm(page, await newReader(PASSWORD), PASSWORD);
    await page.goto(`/checkout/ebook/${ebookId}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Pay KSh/ }).click();
    await payOnPesapal(page, "Complete M-Pesa payment");
    await page.locator('[data-status="success"]').waitFor();
    await page.goto("/dashboard");
    const href = (await page
      .getByRole("link", { name: /^Receipt for/ })
      .first()
      .getAttribute("href"))!;
    expect(href).toMatch(/^\/receipts\/[0-9a-f-]{36}$/);

    const response = await page.goto(`/sw${href}`);
    expect(response?.status()).toBe(200);
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    expect(await page.title()).toMatch(/^Risiti .+ \| Nuru$/);
    const receipt = page.locator("[data-receipt]");
    expect(await receipt.getByRole("heading", { level: 1 }).innerText()).toBe("Risiti");
    const labels = await receipt.locator("dt").allInnerTexts();
    expect(labels).toContain("Namba ya risiti");
    expect(labels).toContain("Tarehe ya kulipa");
    for (const label of labels) expect(label).not.toMatch(ENGLISH);
    const status = await receipt.locator("dt", { hasText: "Hali" }).locator("+ dd").innerText();
    expect(status).toBe("Imelipwa");
    const dated = await receipt.locator("dt", { hasText: "Tarehe ya kulipa" }).locator("+ dd").innerText();
    expect(dated).toMatch(
      /^\d{1,2} (Januari|Februari|Machi|Aprili|Mei|Juni|Julai|Agosti|Septemba|Oktoba|Novemba|Desemba) \d{4}$/,
    );
    expect(await receipt.getByText("Kiasi ni kwa shilingi za Kenya, na kimetozwa kupitia Pesapal.").count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshotsAtBothWidths(page, "receipt-sw");

    // The PDF link keeps her in Swahili, and the PDF says it in Swahili.
    const pdfLink = page.getByRole("link", { name: "Pakua PDF" });
    expect(await pdfLink.getAttribute("href")).toBe(`/sw${href}/pdf`);
    const [download] = await Promise.all([page.waitForEvent("download"), pdfLink.click()]);
    const [text] = await pdfPageTexts(await downloadedBytes(download));
    expect(text).toContain("Namba ya risiti");
    expect(text).toContain("Kiasi ni kwa shilingi za Kenya");
    await context.close();

    // Another reader gets the same 404 as on the English address.
    const other = await newPage(browser, PHONE);
    await signInWithForm(other.page, await newReader(PASSWORD), PASSWORD);
    expect((await other.page.goto(`/sw${href}`))?.status()).toBe(404);
    await other.context.close();
  });
});
