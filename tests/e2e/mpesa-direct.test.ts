// M-Pesa direct (issue 49, ADR 043) as a reader on a 390 px phone: the owner turns it on, the reader buys a plan,
// types her number once, cancels the prompt on the stand-in's phone (/dev/phone), reads "You cancelled on your
// phone", sends it again and approves it. The app runs on its own copy of the demo shop (the owner's setting must not
// reach other journeys), with the Daraja stand-in in-process, as `npm start` has it without Daraja keys.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { startApp, type RunningApp } from "../setup/app-server";
import { PHONE, expectAccessible, trackHydration, waitForHydration } from "../setup/pages";
import { copyDemoShop, type DemoShopCopy } from "../setup/demo-shop";
import { saveScreenshot } from "../setup/screenshots";

const DEMO_PASSWORD = "nuru-demo-2026";
let app: RunningApp;
let browser: Browser;
let demo: DemoShopCopy | undefined;

beforeAll(async () => {
  demo = await copyDemoShop();
  app = await startApp(demo.env);
  browser = await connectBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await demo?.dispose();
});

async function phone(): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: app.url });
  await trackHydration(context);
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, email: string) {
  await page.goto("/signin");
  await waitForHydration(page);
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/home");
}

/** On the stand-in's phone: the newest prompt for this number, answered with the button named. */
async function answerOnPhone(page: Page, number: string, button: "Approve" | "Cancel") {
  await page.goto(`/dev/phone?phone=${number}`);
  const prompt = page
    .getByTestId("phone-prompt")
    .filter({ has: page.getByRole("button", { name: button }) })
    .first();
  await prompt.waitFor();
  await prompt.getByRole("button", { name: button }).click();
  await page.waitForLoadState("load");
}

describe("M-Pesa direct at 390 px", () => {
  it("the owner turns it on; a reader cancels the prompt, retries and approves, and the admin sees the M-Pesa code", async () => {
    const admin = await phone();
    await signIn(admin.page, "admin@nuru.test");
    await admin.page.goto("/admin/orders/payment-methods");
    await waitForHydration(admin.page);
    // Which keys are set, never their values.
    expect(await admin.page.getByTestId("daraja-mode").textContent()).toContain("local stand-in");
    expect(await admin.page.getByTestId("payment-key").filter({ hasText: "DARAJA_PASSKEY" }).textContent()).toContain(
      "Not set",
    );
    await admin.page.getByLabel(/M-Pesa direct: a prompt on her phone/).check();
    await admin.page.getByRole("button", { name: "Save", exact: true }).click();
    await admin.page.getByText("The checkout offers M-Pesa the way you chose.").waitFor();

    const reader = await phone();
    await signIn(reader.page, "reader@nuru.test");
    await reader.page.goto("/checkout/plan/standard");
    await waitForHydration(reader.page);
    await reader.page.getByRole("button", { name: /^Pay KSh .* with M-Pesa$/ }).click();
    await reader.page.waitForURL((url) => url.pathname.startsWith("/pay/mpesa/"));
    await expectAccessible(reader.page);
    expect(await reader.page.getByRole("heading", { name: "Pay with M-Pesa" }).isVisible()).toBe(true);
    // The Paybill way is there from the start, with an account number of at most 12 letters and digits.
    expect(await reader.page.getByTestId("paybill-account").textContent()).toMatch(/^[A-Z0-9]{1,12}$/);
    expect(await reader.page.getByTestId("prompt-name").textContent()).toMatch(/pay KSh.* to NURU/);

    // A wrong number is refused in words and kept.
    await reader.page.getByLabel("Your M-Pesa number").fill("0812 345");
    await reader.page.getByRole("button", { name: "Send the M-Pesa prompt" }).click();
    await reader.page.getByText("Enter a Safaricom number like").waitFor();
    expect(await reader.page.getByLabel("Your M-Pesa number").inputValue()).toBe("0812 345");

    const number = "0712345678";
    await reader.page.getByLabel("Your M-Pesa number").fill(number);
    await reader.page.getByLabel("Send my receipt by SMS to this number").check();
    await reader.page.getByRole("button", { name: "Send the M-Pesa prompt" }).click();
    await reader.page.getByRole("heading", { name: "Check your phone" }).waitFor();
    await saveScreenshot(reader.page, "mpesa-check-your-phone");
    const payPage = reader.page.url();

    const handset = await phone();
    await answerOnPhone(handset.page, number, "Cancel");
    await reader.page.goto(payPage);
    await reader.page.getByRole("heading", { name: "You cancelled on your phone" }).waitFor();
    await reader.page.getByRole("button", { name: "Send the prompt again" }).click();
    await reader.page.getByRole("heading", { name: "Check your phone" }).waitFor();

    await answerOnPhone(handset.page, number, "Approve");
    // Without reloading: the page checks again by itself within 5 s (its script; a meta refresh without JavaScript).
    await reader.page.getByRole("heading", { name: "Payment received" }).waitFor({ timeout: 15_000 });
    expect(await reader.page.getByText("Every premium article is open to you now").isVisible()).toBe(true);
    expect(await reader.page.getByTestId("mpesa-code").textContent()).toMatch(/^M-Pesa code [A-Z0-9]{10}$/);
    const box = await reader.page.getByRole("link", { name: "Start reading" }).boundingBox();
    expect(box && box.x + box.width <= PHONE.width).toBe(true);
    await saveScreenshot(reader.page, "mpesa-paid");

    // The admin's order page: provider, the prompts' ids, every callback and query, the M-Pesa code.
    const orderId = new URL(payPage).pathname.split("/").pop()!;
    await admin.page.goto(`/admin/orders/${orderId}`);
    const section = admin.page.getByRole("region", { name: "M-Pesa direct (Daraja)" });
    await section.waitFor();
    const text = (await section.textContent()) ?? "";
    expect(text).toContain("CheckoutRequestID ws_CO_");
    expect(text).toMatch(/result 1032/);
    expect(text).toMatch(/M-Pesa code [A-Z0-9]{10}/);
    expect(await section.getByTestId("mpesa-event").filter({ hasText: "callback" }).count()).toBeGreaterThanOrEqual(2);
  });

  it("the waiting page looks again only while she can see it, and shows the payment in place (issue 51 item 4)", async () => {
    const reader = await phone();
    // Her page's clock runs as usual, but the stretches of time the test waits out are run at once (runFor fires
    // every timer due in them), not slept through.
    await reader.context.clock.install();
    await signIn(reader.page, "reader@nuru.test");
    await reader.page.goto("/checkout/plan/standard");
    await waitForHydration(reader.page);
    await reader.page.getByRole("button", { name: /^Pay KSh .* with M-Pesa$/ }).click();
    await reader.page.waitForURL((url) => url.pathname.startsWith("/pay/mpesa/"));
    const number = "0712345670";
    await reader.page.getByLabel("Your M-Pesa number").fill(number);
    await reader.page.getByRole("button", { name: "Send the M-Pesa prompt" }).click();
    await reader.page.getByRole("heading", { name: "Check your phone" }).waitFor();
    await waitForHydration(reader.page);
    // Without JavaScript the page would reload itself (a meta refresh kept in <noscript>, in the head where HTML
    // allows it).
    expect(await reader.page.locator("head > noscript").evaluateAll((all) => all.map((n) => n.textContent))).toContain(
      '<meta http-equiv="refresh" content="5"/>',
    );
    // And it does: the same page without JavaScript loads itself again within 5 s.
    const noScript = await browser.newContext({ viewport: PHONE, baseURL: app.url, javaScriptEnabled: false });
    await noScript.addCookies(await reader.context.cookies());
    const plain = await noScript.newPage();
    await plain.goto(reader.page.url());
    await plain.getByRole("heading", { name: "Check your phone" }).waitFor();
    await plain.waitForEvent("framenavigated", { timeout: 8_000 });
    await noScript.close();
    const looks: string[] = [];
    reader.page.on("request", (request) => {
      if (request.resourceType() === "fetch" && new URL(request.url()).pathname.startsWith("/pay/mpesa/"))
        looks.push(request.url());
    });
    await reader.page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const setVisibility = (state: "hidden" | "visible") =>
      reader.page.evaluate((v) => {
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => v });
        document.dispatchEvent(new Event("visibilitychange"));
      }, state);
    await expect.poll(() => looks.length, { timeout: 8_000 }).toBeGreaterThanOrEqual(1);
    await setVisibility("hidden");
    const whileShown = looks.length;
    const handset = await phone();
    await answerOnPhone(handset.page, number, "Approve");
    // Hidden for longer than two looks: none.
    await reader.page.clock.runFor(11_000);
    expect(looks.length).toBe(whileShown);
    expect(await reader.page.getByRole("heading", { name: "Check your phone" }).isVisible()).toBe(true);
    // The shop has the payment (the phone's answer reaches it through Daraja's callback, later on a busy machine),
    // asked outside the page so the page's own looks stay counted as they were.
    await expect
      .poll(async () => (await reader.context.request.get(reader.page.url())).text(), { timeout: 10_000 })
      .toContain("Payment received");
    // Back to the page: it looks at once, and shows the payment in the same document.
    await setVisibility("visible");
    await reader.page.getByRole("heading", { name: "Payment received" }).waitFor({ timeout: 3_000 });
    expect(await reader.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await reader.page.title()).toBe("Pay with M-Pesa | Nuru");
    await expectAccessible(reader.page);
    // Paid: no more looks.
    const paid = looks.length;
    await reader.page.clock.runFor(6_000);
    expect(looks.length).toBe(paid);
    await reader.context.close();
    await handset.context.close();
  });

  it("a gift is paid by M-Pesa direct too: the paid page names the recipient, never her own access", async () => {
    // M-Pesa direct stays on from the journey above (the owner's setting, on this copy of the demo shop).
    const reader = await phone();
    await signIn(reader.page, "reader@nuru.test");
    await reader.page.goto("/gift/plan/standard");
    await waitForHydration(reader.page);
    await reader.page.getByLabel("Her e-mail address").fill("wanjiru.gift@example.com");
    await reader.page.getByRole("button", { name: /^Pay KSh .* for the gift with M-Pesa$/ }).click();
    await reader.page.waitForURL((url) => url.pathname.startsWith("/pay/mpesa/"));
    const number = "0712345679";
    await reader.page.getByLabel("Your M-Pesa number").fill(number);
    await reader.page.getByRole("button", { name: "Send the M-Pesa prompt" }).click();
    await reader.page.getByRole("heading", { name: "Check your phone" }).waitFor();
    const handset = await phone();
    await answerOnPhone(handset.page, number, "Approve");
    await reader.page.getByRole("heading", { name: "Payment received" }).waitFor({ timeout: 15_000 });
    const next = (await reader.page.getByTestId("gift-next").textContent()) ?? "";
    expect(next).toContain("Your gift for wanjiru.gift@example.com is paid.");
    expect(await reader.page.getByText("Every premium article is open to you now").count()).toBe(0);
    const box = await reader.page.getByTestId("gift-next").boundingBox();
    expect(box && box.x + box.width <= PHONE.width).toBe(true);
  });
});
