// Gifts in Chromium at 390 px (issue 33, ADR 038): a reader gives the Standard plan to a new address, pays on the
// Pesapal stand-in, the claim mail arrives in the dev outbox; the recipient signs up, claims it and reads premium
// content; the buyer sees it claimed; the admin sees it on the gifts screen. Screenshots of each screen at 390 and
// 1280 px go to SHOTS_DIR when it is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PHONE, baseUrl, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD } from "../setup/http-session";
import { newReader } from "../setup/attacker";
import { MARKERS } from "../setup/markers";
import { probeIds } from "../setup/probe-ids";
import { payOnPesapal, signInWithForm } from "../setup/shop-journeys";
import type { ProbeIds } from "../setup/route-probes";
import { saveScreenshotsAtBothWidths } from "../setup/screenshots";

const PASSWORD = "gift-pass-1";
let browser: Browser;
let ids: ProbeIds;

beforeAll(async () => {
  browser = await connectBrowser();
  ids = await probeIds();
});
afterAll(async () => {
  await browser?.close();
});

/** The page fits the phone: nothing wider than the viewport. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function claimLinkFor(page: Page, email: string): Promise<string> {
  await page.goto("/dev/mail");
  const mail = page
    .getByTestId("outbox-mail")
    .filter({ hasText: email })
    .filter({ hasText: "sent you a gift" })
    .first();
  await expect.poll(() => mail.count()).toBe(1);
  const text = (await mail.textContent()) ?? "";
  // The recipient never sees the price.
  expect(text).not.toMatch(/KSh|KES/);
  expect(text).toContain("Happy birthday, Amani!");
  const href = await mail.getByRole("link").filter({ hasText: "/gift/" }).first().getAttribute("href");
  return new URL(href!).pathname;
}

describe("gifts", () => {
  it("a gift's claim link can be copied and shared on WhatsApp, and its preview says only 'a Nuru gift' (issue 46)", async () => {
    const buyerEmail = await newReader(PASSWORD);
    const recipient = `akinyi-${Date.now().toString(36)}@nuru.test`;
    const { page, context } = await newPage(browser, PHONE);
    await signInWithForm(page, buyerEmail, PASSWORD);
    await page.goto("/gift/plan/standard");
    await waitForHydration(page);
    await page.getByLabel("Her e-mail address").fill(recipient);
    await page.getByRole("button", { name: /Pay KSh.* for the gift/ }).click();
    await payOnPesapal(page, "Complete M-Pesa payment");
    // Without JavaScript the button is a plain form: the shop answers with the page and the link (ADR 045).
    const plain = await browser.newContext({ viewport: PHONE, baseURL: baseUrl(), javaScriptEnabled: false });
    await plain.addCookies(await context.cookies());
    const plainPage = await plain.newPage();
    await plainPage.goto("/account/gifts");
    const plainRow = plainPage.getByRole("listitem").filter({ hasText: recipient });
    await plainRow.getByRole("button", { name: "Get a link to share" }).click();
    const firstUrl = await plainRow.getByLabel("Her claim link").inputValue();
    expect(firstUrl).toMatch(/\/gift\/[A-Za-z0-9_-]{20,}$/);
    await plain.close();
    // With JavaScript it comes in place, as React showed it; each ask makes a new link.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    await page.goto("/account/gifts");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const row = page.getByRole("listitem").filter({ hasText: recipient });
    await row.getByRole("button", { name: "Get a link to share" }).click();
    const url = await row.getByLabel("Her claim link").inputValue();
    expect(url).toMatch(/\/gift\/[A-Za-z0-9_-]{20,}$/);
    expect(url).not.toBe(firstUrl);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await row.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => row.getByRole("status").textContent()).toBe("Link copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // WhatsApp works without JavaScript (a plain link); its message names no item.
    const whatsapp = await row.getByRole("link", { name: "Share on WhatsApp" }).getAttribute("href");
    expect(whatsapp!.startsWith("https://wa.me/?text=")).toBe(true);
    const text = decodeURIComponent(whatsapp!.slice("https://wa.me/?text=".length));
    expect(text).toBe(`A Nuru gift for you: ${url}`);
    expect(await row.getByRole("button", { name: "Copy link" }).isVisible()).toBe(true);
    await saveScreenshotsAtBothWidths(page, "gift-share-link");
    // A link-preview scraper sees "a Nuru gift" and nothing of what it is.
    const claimPath = new URL(url).pathname;
    const preview = await (
      await fetch(`${baseUrl()}${claimPath}`, { headers: { "User-Agent": "WhatsApp/2.23" } })
    ).text();
    const tags = (preview.match(/<title>[^<]*<\/title>|<meta [^>]*>/g) ?? []).join("\n");
    expect(tags).toContain("<title>A Nuru gift for you</title>");
    expect(tags).toContain('property="og:title" content="A Nuru gift for you"');
    expect(tags).not.toMatch(/Standard|plan|ebook/i);
    // The shared link works: she opens it and can claim.
    const her = await newPage(browser, PHONE);
    await her.page.goto(claimPath);
    expect(await her.page.getByTestId("gift-item").textContent()).toContain("Standard plan");
    await her.context.close();
    await context.close();
  });

  it("Try again after a failed gift payment keeps the recipient, the note and the date (issue 46, 390 px)", async () => {
    const buyerEmail = await newReader(PASSWORD);
    const recipient = `wanjiru-${Date.now().toString(36)}@nuru.test`;
    const { page, context } = await newPage(browser, PHONE);
    await signInWithForm(page, buyerEmail, PASSWORD);
    await page.goto("/gift/plan/standard");
    await waitForHydration(page);
    await page.getByLabel("Her e-mail address").fill(recipient);
    await page.getByLabel("Her phone number (optional)").fill("0712 345 678");
    await page.getByLabel("A note (optional)").fill("For your reading, Wanjiru");
    const later = new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await page.getByLabel("Send it on (optional)").fill(later);
    await page.getByRole("button", { name: /Pay KSh.* for the gift/ }).click();
    await payOnPesapal(page, "Fail M-Pesa payment");
    expect(await page.locator('[data-status="failed"]').isVisible()).toBe(true);
    await page.getByTestId("retry-payment").click();
    await page.waitForURL((url) => url.pathname === "/gift/plan/standard");
    expect(await page.getByLabel("Her e-mail address").inputValue()).toBe(recipient);
    expect(await page.getByLabel("Her phone number (optional)").inputValue()).toBe("+254712345678");
    expect(await page.getByLabel("A note (optional)").inputValue()).toBe("For your reading, Wanjiru");
    expect(await page.getByLabel("Send it on (optional)").inputValue()).toBe(later);
    // Another reader opening the same link gets an empty form: the details come from the buyer's own order.
    const retryPath = new URL(page.url()).pathname + new URL(page.url()).search;
    const other = await newPage(browser, PHONE);
    await signInWithForm(other.page, await newReader(PASSWORD), PASSWORD);
    await other.page.goto(retryPath);
    expect(await other.page.getByLabel("Her e-mail address").inputValue()).toBe("");
    await other.context.close();
    await context.close();
  });

  it("a plan given to a new address is claimed after she signs up, and she reads premium content (390 px)", async () => {
    const buyerEmail = await newReader(PASSWORD);
    const recipient = `amani-${Date.now().toString(36)}@nuru.test`;
    const buyer = await newPage(browser, PHONE);
    const page = buyer.page;
    await signInWithForm(page, buyerEmail, PASSWORD);

    await page.goto("/pricing");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Give Standard as a gift" }).click();
    await page.waitForURL((url) => url.pathname === "/gift/plan/standard");
    await waitForHydration(page);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    expect(await page.getByTestId("gift-price").textContent()).toBe("KSh\u00a0500.00");
    // A wrong address is refused with the field's message, and what she typed stays.
    await page.getByLabel("Her e-mail address").fill("not-an-address");
    await page.getByLabel("A note (optional)").fill("Happy birthday, Amani!");
    await page.getByRole("button", { name: /Pay KSh.* for the gift/ }).click();
    await expect.poll(() => page.getByText("Enter a valid e-mail address.").isVisible()).toBe(true);
    expect(await page.getByLabel("A note (optional)").inputValue()).toBe("Happy birthday, Amani!");
    await page.getByLabel("Her e-mail address").fill(recipient);
    await page.getByLabel("Her phone number (optional)").fill("0712 345 678");
    await saveScreenshotsAtBothWidths(page, "gift-checkout");
    await page.getByRole("button", { name: /Pay KSh.* for the gift/ }).click();
    await payOnPesapal(page, "Complete M-Pesa payment");
    expect(await page.locator('[data-status="success"]').isVisible()).toBe(true);
    expect(await page.getByTestId("gift-next").textContent()).toContain(recipient);
    // The buyer was given nothing herself.
    expect(await page.getByRole("dialog", { name: "Subscription Started" }).count()).toBe(0);

    // The recipient: the mail with its claim link, the claim page without the price, sign-up, claim.
    const her = await newPage(browser, PHONE);
    const claim = await claimLinkFor(her.page, recipient);
    await her.page.goto(claim);
    await waitForHydration(her.page);
    await expectAccessible(her.page);
    await expectNoSidewaysScroll(her.page);
    expect(await her.page.getByTestId("gift-item").textContent()).toContain("Standard plan");
    expect(await her.page.getByText("Happy birthday, Amani!").isVisible()).toBe(true);
    expect(await her.page.locator("main").textContent()).not.toMatch(/KSh|KES|500/);
    await saveScreenshotsAtBothWidths(her.page, "gift-claim");
    // Signed out, "Create an account" opens the sign-in dialog (with JavaScript), on its Sign Up tab.
    await her.page.getByRole("link", { name: "Create an account" }).click();
    const dialog = her.page.getByRole("dialog");
    await expect.poll(() => dialog.getByRole("heading", { name: "Welcome" }).isVisible()).toBe(true);
    await dialog.getByRole("tab", { name: "Sign Up" }).click();
    await dialog.locator("#signup-fullName").fill("Amani Njeri");
    await dialog.locator("#signup-email").fill(recipient);
    await dialog.locator("#signup-password").fill(PASSWORD);
    await dialog.locator("#signup-confirmPassword").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => dialog.getByText(/Please check your email to confirm your account/).isVisible()).toBe(true);
    await her.page.goto("/dev/mail");
    const confirmMail = her.page
      .getByTestId("outbox-mail")
      .filter({ hasText: recipient })
      .filter({ hasText: "/confirm-email" })
      .first();
    const confirm = await confirmMail
      .getByRole("link")
      .filter({ hasText: "/confirm-email" })
      .first()
      .getAttribute("href");
    await her.page.goto(confirm!);
    await her.page.locator("#confirm-password").fill(PASSWORD);
    await her.page.getByRole("button", { name: "Confirm and Sign In" }).click();
    await her.page.waitForURL((url) => url.pathname !== new URL(confirm!).pathname);
    // Back to her link from the mail, signed in now.
    await her.page.goto(claim);
    await waitForHydration(her.page);
    await her.page.getByRole("button", { name: "Claim my gift" }).click();
    await her.page.waitForURL((url) => url.pathname === "/articles");
    await her.page.goto(`/article/${ids.premium}`);
    expect(await her.page.content()).toContain(MARKERS.premium);
    // The link works once.
    await her.page.goto(claim);
    expect(await her.page.getByText("This gift has already been claimed.").isVisible()).toBe(true);
    await her.context.close();

    // The buyer sees it claimed; she still cannot read premium content from it.
    await page.goto("/account/gifts");
    await waitForHydration(page);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    const row = page.getByRole("listitem").filter({ hasText: recipient });
    expect(await row.getByTestId("gift-status").textContent()).toBe("Claimed");
    await saveScreenshotsAtBothWidths(page, "gift-list");
    await page.goto(`/article/${ids.premium}`);
    expect(await page.content()).not.toContain(MARKERS.premium);
    await buyer.context.close();

    // The admin's gifts screen lists it as claimed, without a refund button.
    const admin = await newPage(browser, PHONE);
    await signInWithForm(admin.page, "admin@nuru.test", DEMO_PASSWORD);
    await admin.page.goto("/admin/gifts");
    await waitForHydration(admin.page);
    await expectAccessible(admin.page);
    await expectNoSidewaysScroll(admin.page);
    const listed = admin.page.getByRole("listitem").filter({ hasText: recipient });
    expect(await listed.getByText("Claimed", { exact: true }).isVisible()).toBe(true);
    expect(await listed.getByRole("button", { name: "Refund in full" }).count()).toBe(0);
    await saveScreenshotsAtBothWidths(admin.page, "admin-gifts");
    await admin.context.close();
  });

  it("an unclaimed gift is refunded by the admin, and its link stops working", async () => {
    const buyerEmail = await newReader(PASSWORD);
    const recipient = `zawadi-${Date.now().toString(36)}@nuru.test`;
    const { page, context } = await newPage(browser, PHONE);
    await signInWithForm(page, buyerEmail, PASSWORD);
    await page.goto("/gift/plan/basic");
    await waitForHydration(page);
    await page.getByLabel("Her e-mail address").fill(recipient);
    await page.getByLabel("A note (optional)").fill("Happy birthday, Amani!");
    await page.getByRole("button", { name: /Pay KSh.* for the gift/ }).click();
    await payOnPesapal(page, "Complete M-Pesa payment");
    const claim = await claimLinkFor(page, recipient);
    // The buyer's Resend sends a new link; the old one stops working.
    await page.goto("/account/gifts");
    await waitForHydration(page);
    await page
      .getByRole("listitem")
      .filter({ hasText: recipient })
      .getByRole("button", { name: "Resend the e-mail" })
      .click();
    await expect.poll(() => page.getByText("We have e-mailed a new claim link.").isVisible()).toBe(true);
    await page.goto(claim);
    expect(await page.getByText("This gift link does not work any more.").isVisible()).toBe(true);
    await context.close();

    const admin = await newPage(browser, PHONE);
    await signInWithForm(admin.page, "admin@nuru.test", DEMO_PASSWORD);
    await admin.page.goto("/admin/gifts?status=unclaimed");
    await waitForHydration(admin.page);
    const listed = admin.page.getByRole("listitem").filter({ hasText: recipient });
    await listed.getByRole("button", { name: "Refund in full" }).click();
    await expect.poll(() => admin.page.getByText("Pesapal accepted the full refund.").isVisible()).toBe(true);
    await admin.page.goto("/admin/gifts?status=revoked");
    expect(await admin.page.getByRole("listitem").filter({ hasText: recipient }).count()).toBe(1);
    await admin.context.close();
  });
});
