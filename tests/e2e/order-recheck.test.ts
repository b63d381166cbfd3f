// The admin's "Check payment with Pesapal" (ADR 027): the action `npm run reconcile` names for a payment Pesapal
// reversed without an IPN reaching the shop. This app talks to a stand-in the test drives, so the reversal is silent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { startApp, type RunningApp } from "../setup/app-server";
import { copyDemoShop } from "../setup/demo-shop";
import { PHONE, expectAccessible, trackHydration, waitForHydration } from "../setup/pages";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import { saveScreenshot } from "../setup/screenshots";

const DEMO_PASSWORD = "nuru-demo-2026";
let browser: Browser;
let pesapal: PesapalStandIn;
let shop: RunningApp;

beforeAll(async () => {
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s" });
  shop = await startApp({
    ...(await copyDemoShop()).env,
    PESAPAL_BASE_URL: pesapal.url,
    PESAPAL_CONSUMER_KEY: "k",
    PESAPAL_CONSUMER_SECRET: "s",
  });
  browser = await connectBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await pesapal?.close();
});

async function phone(): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: shop.url });
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

describe("checking an order with Pesapal from its admin page (390 px)", () => {
  it("a payment reversed without an IPN: the check takes the ebook back", async () => {
    const list = await (await fetch(`${shop.url}/ebooks?access=premium`)).text();
    const [, ebookId] = /href="\/ebook\/([0-9a-f-]{36})"/.exec(list)!;
    const buyer = await phone();
    await signIn(buyer.page, "reader@nuru.test");
    await buyer.page.goto(`/checkout/ebook/${ebookId}`);
    await waitForHydration(buyer.page);
    await buyer.page.getByRole("button", { name: /^Pay KSh/ }).click();
    await buyer.page.waitForURL((url) => url.pathname.endsWith("/PesapalIframe3/Index"));
    const trackingId = new URL(buyer.page.url()).searchParams.get("OrderTrackingId")!;
    await buyer.page.getByRole("button", { name: "Complete card payment" }).click();
    await buyer.page.waitForURL((url) => url.origin === shop.url && url.pathname === "/payment/return");
    await buyer.page.goto(`/ebook/${ebookId}`);
    await buyer.page.getByRole("link", { name: "Read Ebook" }).waitFor();

    // A chargeback: Pesapal reverses the payment and no IPN reaches the shop.
    await pesapal.reverse(trackingId, { notify: false });

    const admin = await phone();
    await signIn(admin.page, "admin@nuru.test");
    await admin.page.goto("/admin/orders?reader=reader%40nuru.test&kind=ebook");
    await admin.page.getByTestId("admin-order").first().getByRole("link").click();
    await admin.page.waitForURL((url) => /^\/admin\/orders\/[0-9a-f-]{36}$/.test(url.pathname));
    await waitForHydration(admin.page);
    expect(await admin.page.getByTestId("order-status").innerText()).toBe("Completed");
    await expectAccessible(admin.page);
    await admin.page.getByRole("button", { name: "Check payment with Pesapal" }).click();
    await expect.poll(() => admin.page.getByTestId("order-status").innerText(), { timeout: 15_000 }).toBe("Reversed");
    await expect
      .poll(() => admin.page.getByTestId("toast").last().textContent(), { timeout: 10_000 })
      .toContain("Pesapal's answer made this order Reversed.");
    expect(await admin.page.getByTestId("order-grant").first().innerText()).toContain("Revoked");
    expect((await admin.page.getByTestId("order-history").allInnerTexts()).join("\n")).toMatch(
      /Completed → Reversed \(admin\)/,
    );
    await saveScreenshot(admin.page, "shots-a/order-checked-390", { fullPage: true });

    // Reversed is final: nothing more to ask.
    expect(await admin.page.getByRole("button", { name: "Check payment with Pesapal" }).count()).toBe(0);

    await buyer.page.goto(`/ebook/${ebookId}`);
    await waitForHydration(buyer.page);
    expect(await buyer.page.getByRole("link", { name: "Read Ebook" }).count()).toBe(0);
    await buyer.context.close();
    await admin.context.close();
  }, 180_000);
});
