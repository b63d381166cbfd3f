// The reader's library in Chromium at 390 px: a new subscriber sees her plan, dates and billing in /dashboard, opens
// her receipt and its PDF (which holds the same reference), receives it by e-mail, cancels renewal and still reads
// premium, and undoes it; a buyer's shelf offers Read; nobody else can open her receipt.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PHONE, baseUrl, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD, getText, signInCookie } from "../setup/http-session";
import { newReader } from "../setup/attacker";
import { payOnPesapal, signInWithForm } from "../setup/shop-journeys";
import { probeIds } from "../setup/probe-ids";
import type { ProbeIds } from "../setup/route-probes";
import { MARKERS } from "../setup/markers";
import { pdfPageTexts } from "../setup/pdf-text";

const PASSWORD = "library-pass-1";
let browser: Browser;
let ids: ProbeIds;

beforeAll(async () => {
  browser = await connectBrowser();
  ids = await probeIds();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page) => page.getByTestId("toast").last().textContent();
const readsPremium = async (page: Page) => {
  await page.goto(`/article/${ids.premium}`);
  return (await page.content()).includes(MARKERS.premium);
};

describe("my library", () => {
  it("a subscriber sees her plan and billing, opens her receipt and its PDF, cancels renewal and still reads premium (390 px)", async () => {
    const email = await newReader(PASSWORD);
    const { page, context, errors } = await newPage(browser, PHONE);
    page.on("dialog", (dialog) => void dialog.accept());
    await signInWithForm(page, email, PASSWORD);
    await page.goto("/checkout/plan/standard");
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Pay KSh/ }).click();
    await payOnPesapal(page, "Complete M-Pesa payment");
    await page.locator('[data-status="success"]').waitFor({ timeout: 20_000 });

    // From the account menu.
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "My Library" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await waitForHydration(page);
    const plan = page.getByTestId("plan");
    expect(await plan.innerText()).toContain("Standard plan");
    expect(await plan.innerText()).toContain("Active · renewal on");
    expect(await plan.innerText()).toMatch(/\d+ days left/);
    expect(await plan.innerText()).toMatch(/Ebooks used\s+0 of \d+/);
    const entry = page.getByTestId("billing-entry").first();
    expect(await entry.innerText()).toContain("Standard plan");
    expect(await entry.innerText()).toContain("Paid");
    expect(await entry.innerText()).toMatch(/KSh\s500\.00/);
    const reference = /NURU-[\w-]+/.exec(await entry.innerText())![0];
    await expectAccessible(page);

    await entry.getByRole("link", { name: /^Receipt/ }).click();
    await page.waitForURL(/\/receipts\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: "Receipt", exact: true }).waitFor();
    await waitForHydration(page);
    const receipt = await page.locator("article").innerText();
    for (const text of [reference, "Standard plan", "KSh", "M-Pesa", email]) expect(receipt).toContain(text);
    // The shop's name and support address.
    expect(receipt).toMatch(/Nuru · http\S+ · \S+@\S+/);
    await expectAccessible(page);
    // Printed, the receipt stands alone.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("header").first().isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    expect(await page.locator("article").isVisible()).toBe(true);
    await page.emulateMedia({ media: "screen" });

    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const pdf = await fetch(`${baseUrl()}${new URL(page.url()).pathname}/pdf`, { headers: { Cookie: cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("cache-control")).toContain("private");
    const text = (await pdfPageTexts(new Uint8Array(await pdf.arrayBuffer()))).join(" ");
    expect(text).toContain(reference);
    expect(text).toContain("Standard plan");
    // Nobody else opens it: another reader and a guest get nothing.
    const other = await signInCookie("buyer@nuru.test");
    expect((await getText(new URL(page.url()).pathname, other)).status).toBe(404);
    expect((await getText(`${new URL(page.url()).pathname}/pdf`, other)).status).toBe(404);
    expect((await getText(new URL(page.url()).pathname)).status).toBe(302);

    // The e-mailed receipt names the same order and links to this page.
    const outbox = (await getText("/dev/mail")).body;
    expect(outbox).toContain(reference);
    expect(outbox).toContain(new URL(page.url()).pathname);

    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Cancel renewal" }).click();
    await expect.poll(() => toast(page), { timeout: 10_000 }).toContain("Renewal cancelled");
    expect(await page.getByTestId("plan-status").innerText()).toBe("Active · renewal off");
    // Paid by M-Pesa without the card opt-in: no card wording, and the same paid-up date as the status line's.
    const paidUpTo = await page.getByTestId("access-until").innerText();
    expect(await page.getByTestId("renewal-state").innerText()).toContain(`You keep full access until ${paidUpTo}`);
    expect(await readsPremium(page)).toBe(true);

    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Resume renewal" }).click();
    await expect.poll(() => toast(page), { timeout: 10_000 }).toContain("Renewal resumed");
    expect(await page.getByTestId("plan").innerText()).toContain("Active · renewal on");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a reader buys a plan with card auto-renew; a scheduled charge extends it and bills it as its own row (390 px)", async () => {
    const email = await newReader(PASSWORD);
    const { page, context, errors } = await newPage(browser, PHONE);
    await signInWithForm(page, email, PASSWORD);
    await page.goto("/checkout/plan/standard");
    await waitForHydration(page);
    expect(await page.getByText("Visa or MasterCard only; M-Pesa payers renew by hand.").isVisible()).toBe(true);
    await page.getByLabel("Renew automatically by card").check();
    await page.getByRole("button", { name: /^Pay KSh/ }).click();
    // Pesapal's page: the recurring opt-in sits with the card (a 2-month plan: the buyer picks the schedule).
    await page.waitForURL((url) => url.pathname.endsWith("/PesapalIframe3/Index"));
    const paymentPage = page.url();
    await page.getByLabel(/^Charge this card .* on a schedule$/).check();
    await page.getByLabel("How often").selectOption("MONTHLY");
    await payOnPesapal(page, "Complete card payment");
    await page.locator('[data-status="success"]').waitFor({ timeout: 20_000 });

    await page.goto("/dashboard");
    await waitForHydration(page);
    const plan = page.getByTestId("plan");
    const endText = await plan
      .locator("dt", { hasText: /^Paid up to$/ })
      .locator("xpath=following-sibling::dd")
      .innerText();
    // She chose the card: the card's wording, never that M-Pesa cannot be charged.
    const cardWords = (date: string) =>
      `Renews automatically by card on ${date}. We e-mail you 7 days and 1 day before your card is charged.`;
    expect(await page.getByTestId("renewal-state").innerText()).toBe(cardWords(endText));
    expect(await plan.innerText()).not.toContain("M-Pesa");
    expect(await page.getByTestId("billing-entry").count()).toBe(1);
    await expectAccessible(page);

    // The stand-in's test control: the next scheduled charge falls due now; its RECURRING IPN reaches the shop.
    await page.goto(paymentPage);
    await page.getByRole("button", { name: "Charge the next scheduled payment now" }).click();
    await expect.poll(() => page.getByRole("status").innerText()).toContain("the shop acknowledged the IPN");

    await page.goto("/dashboard");
    await waitForHydration(page);
    // Standard is 2 months: the paid period now runs 2 months past the old end.
    const oldEnd = new Date(Date.parse(`${endText} 12:00 UTC`));
    const newEnd = new Date(oldEnd);
    newEnd.setUTCMonth(newEnd.getUTCMonth() + 2);
    const newEndText = newEnd.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
    // An early renewal: one date her access runs to, on the status line, the paid-ahead line, and the renewal line.
    expect(await page.getByTestId("access-until").innerText()).toBe(newEndText);
    expect(await page.getByTestId("paid-ahead").innerText()).toBe(
      `Standard plan paid ahead: ${endText} to ${newEndText}.`,
    );
    expect(await page.getByTestId("renewal-state").innerText()).toBe(cardWords(newEndText));
    await page.goto("/pricing");
    expect(await page.getByTestId("pricing-standing").innerText()).toBe(
      `Standard plan · Active · renewal on · paid up to ${newEndText}`,
    );
    await page.goto("/dashboard");
    await waitForHydration(page);
    const entries = page.getByTestId("billing-entry");
    expect(await entries.count()).toBe(2);
    const charge = entries.first();
    expect(await charge.innerText()).toContain("Standard plan");
    expect(await charge.innerText()).toContain("Paid");
    const reference = /NURU-[\w-]+/.exec(await charge.innerText())![0];
    expect(reference).not.toBe(/NURU-[\w-]+/.exec(await entries.nth(1).innerText())![0]);
    await charge.getByRole("link", { name: /^Receipt/ }).click();
    await page.waitForURL(/\/receipts\/[0-9a-f-]{36}$/);
    expect(await page.locator("article").innerText()).toContain(reference);
    // Its receipt was e-mailed too.
    expect((await getText("/dev/mail")).body).toContain(reference);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a buyer's shelf offers Read for her ebook; signed out asks to sign in", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await signInWithForm(page, "buyer@nuru.test", DEMO_PASSWORD);
    await page.goto("/dashboard");
    await waitForHydration(page);
    const shelf = page.getByTestId("shelf-ebook").first();
    expect(await shelf.innerText()).toContain("Bought");
    await shelf.getByRole("link", { name: /^(Read|Continue) / }).click();
    await page.waitForURL(/\/ebook\/[0-9a-f-]{36}\/read$/);
    await context.close();

    const guest = await getText("/dashboard");
    expect(guest.status).toBe(200);
    expect(guest.body).toContain("Sign In Required");
  });
});
