// An admin refunds a reader's ebook order at 390 px and the reader loses Read access; the Subscriptions tab's revenue
// equals the database's completed payments less refunds. This journey runs its own app on a copy of the demo shop
// (on PostgreSQL when TEST_DATABASE_URL is set, else in its own PGlite directory), so the test can read that app's
// database afterwards: a PGlite directory opens in one process at a time, so the app is stopped before the figures
// are checked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { sql } from "drizzle-orm";
import { connectBrowser } from "../setup/shared-browser";
import { startApp, type RunningApp } from "../setup/app-server";
import { DESKTOP, PHONE, expectAccessible, trackHydration, waitForHydration } from "../setup/pages";
import { copyDemoShop, type DemoShopCopy } from "../setup/demo-shop";
import { openDatabase } from "~/db/client.server";
import { formatKesCents } from "~/modules/pricing/money";
import { createPesapalClient } from "~/modules/payments/pesapal/client.server";
import { startPesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import { saveScreenshot } from "../setup/screenshots";

const DEMO_PASSWORD = "nuru-demo-2026";

let app: RunningApp;
let browser: Browser;
let demo: DemoShopCopy | undefined;

beforeAll(async () => {
  demo = await copyDemoShop({ postgres: true });
  app = await startApp(demo.env);
  browser = await connectBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await demo?.dispose();
});

async function phone(base = app): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: base.url });
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

describe("orders, refunds and revenue in the admin (390 px)", () => {
  it("an admin refunds a reader's ebook order, the reader loses Read access, and revenue matches the database", async () => {
    // The reader buys a premium ebook by card on the Pesapal stand-in.
    const list = await (await fetch(`${app.url}/ebooks?access=premium`)).text();
    const [, ebookId] = /href="\/ebook\/([0-9a-f-]{36})"[^>]*>(?:<[^>]+>)*([^<]+)</.exec(list)!;
    const buyer = await phone();
    await signIn(buyer.page, "reader@nuru.test");
    await buyer.page.goto(`/checkout/ebook/${ebookId}`);
    await waitForHydration(buyer.page);
    await buyer.page.getByRole("button", { name: /^Pay KSh/ }).click();
    await buyer.page.waitForURL((url) => url.pathname.endsWith("/PesapalIframe3/Index"));
    await buyer.page.getByRole("button", { name: "Complete card payment" }).click();
    await buyer.page.waitForURL((url) => url.origin === app.url && url.pathname === "/payment/return");
    expect(await buyer.page.locator('[data-status="success"]').isVisible()).toBe(true);
    await buyer.page.goto(`/ebook/${ebookId}`);
    await buyer.page.getByRole("link", { name: "Read Ebook" }).waitFor();

    // The admin finds it on /admin/orders.
    const admin = await phone();
    await signIn(admin.page, "admin@nuru.test");
    await admin.page.goto("/admin/orders");
    await waitForHydration(admin.page);
    await expectAccessible(admin.page);
    await admin.page.getByLabel("Reader (e-mail or name)").fill("reader@nuru.test");
    await admin.page.getByLabel("Kind").selectOption("ebook");
    await admin.page.getByRole("button", { name: "Filter" }).click();
    await admin.page.waitForURL((url) => url.searchParams.get("reader") === "reader@nuru.test");
    // The demo reader has no other ebook order.
    const row = admin.page.getByTestId("admin-order");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain("Ebook:");
    expect(await row.getByText("Completed").isVisible()).toBe(true);
    await row.getByRole("link").click();
    await admin.page.waitForURL((url) => /^\/admin\/orders\/[0-9a-f-]{36}$/.test(url.pathname));
    await waitForHydration(admin.page);
    await expectAccessible(admin.page);
    expect(await admin.page.getByTestId("order-payment").first().innerText()).toContain("Visa");
    expect(await admin.page.getByTestId("order-grant").first().innerText()).toContain("Ebook purchase: Active");

    // A reason is required.
    await admin.page.getByRole("button", { name: "Request refund" }).click();
    expect(await admin.page.getByText("Give a reason", { exact: false }).isVisible()).toBe(true);
    await admin.page.getByLabel("Reason").first().fill("The reader bought it twice by mistake");
    await admin.page.getByRole("button", { name: "Request refund" }).click();
    await expect.poll(() => admin.page.getByTestId("order-status").innerText(), { timeout: 15_000 }).toBe("Refunded");
    await expect
      .poll(() => admin.page.getByTestId("toast").last().textContent(), { timeout: 10_000 })
      .toContain("Refund Accepted");
    expect(await admin.page.getByTestId("order-grant").first().innerText()).toContain("Ebook purchase: Revoked");
    const actions = await admin.page.getByTestId("order-activity").allInnerTexts();
    expect(actions.join("\n")).toContain("The reader bought it twice by mistake");
    expect(actions.join("\n")).toContain("admin@nuru.test");
    await expectAccessible(admin.page);

    // The reader no longer has Read access.
    await buyer.page.goto(`/ebook/${ebookId}`);
    await waitForHydration(buyer.page);
    expect(await buyer.page.getByRole("link", { name: "Read Ebook" }).count()).toBe(0);
    expect(await buyer.page.getByRole("link", { name: /^Purchase Ebook/ }).isVisible()).toBe(true);

    // The Subscriptions tab and the reconciliation.
    await admin.page.goto("/admin?tab=subscriptions");
    await waitForHydration(admin.page);
    await expectAccessible(admin.page);
    const shownAllTime = await admin.page.getByTestId("revenue-all").innerText();
    const shown30Days = await admin.page.getByTestId("revenue-30d").innerText();
    expect(await admin.page.getByTestId("recent-subscription").count()).toBeGreaterThan(0);
    await admin.page.goto("/admin/orders/reconciliation?from=2000-01-01&to=2100-12-31");
    await waitForHydration(admin.page);
    await expectAccessible(admin.page);
    expect(await admin.page.getByTestId("no-differences").isVisible()).toBe(true);
    await buyer.context.close();
    await admin.context.close();

    // The figure from the database: completed payments of paid orders less accepted refunds.
    expect(await app.stop()).toBe(0);
    const handle = openDatabase(demo!.databaseUrl ? { url: demo!.databaseUrl } : { dataDir: demo!.dataDir });
    try {
      const result = (await handle.db.execute(sql`
        select
          (select coalesce(sum(p.amount_cents), 0) from payments p join orders o on o.id = p.order_id
            where p.status = 'completed' and o.status in ('completed', 'partially_refunded', 'refunded')) as paid,
          (select coalesce(sum(r.amount_cents), 0) from refunds r join orders o on o.id = r.order_id
            where r.status = 'accepted' and o.status in ('completed', 'partially_refunded', 'refunded')) as refunded,
          (select count(*) from refunds where status = 'accepted') as accepted
      `)) as unknown as { rows: { paid: string | number; refunded: string | number; accepted: string | number }[] };
      const { paid, refunded, accepted } = result.rows[0];
      expect(Number(accepted)).toBe(1);
      expect(Number(refunded)).toBeGreaterThan(0);
      expect(Number(paid)).toBeGreaterThan(Number(refunded));
      expect(shownAllTime).toBe(formatKesCents(Number(paid) - Number(refunded)));
      // Every payment here (the demo's and this one) is recent except the seeded plan that ended long ago.
      expect(shown30Days).toMatch(/^KSh\u00a0[\d,]+\.\d{2}$/);
    } finally {
      await handle.close();
    }
  }, 180_000);
});

describe("a refund whose outcome is unknown (390 px and 1280 px)", () => {
  it("is shown as 'Outcome unknown' with no second refund offered, and 'Check with Pesapal' settles it", async () => {
    // This app talks to a stand-in the test drives, so Pesapal can hold a refund the shop has not heard about.
    const pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s" });
    const shop = await startApp({
      ...(await copyDemoShop()).env,
      PESAPAL_BASE_URL: pesapal.url,
      PESAPAL_CONSUMER_KEY: "k",
      PESAPAL_CONSUMER_SECRET: "s",
    });
    try {
      const list = await (await fetch(`${shop.url}/ebooks?access=premium`)).text();
      const [, ebookId] = /href="\/ebook\/([0-9a-f-]{36})"/.exec(list)!;
      const buyer = await phone(shop);
      await signIn(buyer.page, "reader@nuru.test");
      await buyer.page.goto(`/checkout/ebook/${ebookId}`);
      await waitForHydration(buyer.page);
      await buyer.page.getByRole("button", { name: /^Pay KSh/ }).click();
      await buyer.page.waitForURL((url) => url.pathname.endsWith("/PesapalIframe3/Index"));
      const trackingId = new URL(buyer.page.url()).searchParams.get("OrderTrackingId")!;
      await buyer.page.getByRole("button", { name: "Complete card payment" }).click();
      await buyer.page.waitForURL((url) => url.origin === shop.url && url.pathname === "/payment/return");

      // Someone refunds it on the Pesapal dashboard; Pesapal's status does not show it yet.
      pesapal.reportRefundsAs("unchanged");
      const client = createPesapalClient({ baseUrl: pesapal.url, consumerKey: "k", consumerSecret: "s" });
      await client.refund({
        confirmationCode: pesapal.getOrder(trackingId)!.confirmationCode!,
        amountCents: pesapal.getOrder(trackingId)!.amountCents,
        username: "finance@nuru.test",
        remarks: "From the dashboard",
      });

      const admin = await phone(shop);
      await signIn(admin.page, "admin@nuru.test");
      await admin.page.goto("/admin/orders?reader=reader%40nuru.test&kind=ebook");
      await admin.page.getByTestId("admin-order").first().getByRole("link").click();
      await admin.page.waitForURL((url) => /^\/admin\/orders\/[0-9a-f-]{36}$/.test(url.pathname));
      await waitForHydration(admin.page);
      await admin.page.getByLabel("Reason").first().fill("The reader asked for her money back");
      await admin.page.getByRole("button", { name: "Request refund" }).click();
      // Pesapal refuses it as a duplicate: a refund exists, so the outcome is unknown, never "refused".
      const unknown = admin.page.getByTestId("refund-unknown");
      await unknown.waitFor({ timeout: 15_000 });
      expect(await admin.page.getByTestId("order-refund-status").innerText()).toBe("Outcome unknown");
      expect(await unknown.innerText()).toContain("Do not refund again");
      expect(await admin.page.getByRole("button", { name: "Request refund" }).count()).toBe(0);
      expect(await admin.page.getByTestId("order-refund").innerText()).toMatch(/Checked .*Completed/);
      expect(await admin.page.getByTestId("order-status").innerText()).toBe("Completed");
      await expectAccessible(admin.page);
      await saveScreenshot(admin.page, `shots-refunds/order-unknown-390`, { fullPage: true });
      await admin.page.setViewportSize(DESKTOP);
      await saveScreenshot(admin.page, `shots-refunds/order-unknown-1280`, { fullPage: true });

      // The orders list can show just these.
      await admin.page.goto("/admin/orders");
      await admin.page.getByRole("link", { name: "Show them" }).click();
      await admin.page.waitForURL((url) => url.searchParams.get("status") === "refund_unknown");
      await expect.poll(() => admin.page.getByTestId("admin-order").count()).toBe(1);
      expect(await admin.page.getByTestId("admin-order").innerText()).toContain("Refund outcome unknown");
      expect(await admin.page.getByLabel("Status").inputValue()).toBe("refund_unknown");
      await saveScreenshot(admin.page, `shots-refunds/orders-unknown-1280`, { fullPage: true });
      await admin.page.setViewportSize(PHONE);
      await admin.page.getByTestId("admin-order").getByRole("link").click();
      await waitForHydration(admin.page);

      // Pesapal's finance team effects it (REVERSED): the check settles it and the reader loses access.
      pesapal.reportRefundsAs("reversed", trackingId);
      await admin.page.getByRole("button", { name: "Check with Pesapal" }).click();
      await expect.poll(() => admin.page.getByTestId("order-status").innerText(), { timeout: 15_000 }).toBe("Refunded");
      await expect
        .poll(() => admin.page.getByTestId("toast").last().textContent(), { timeout: 10_000 })
        .toContain("Refund Settled");
      expect(await admin.page.getByTestId("order-refund-status").innerText()).toBe("Accepted by Pesapal");
      expect(await admin.page.getByTestId("refund-unknown").count()).toBe(0);
      await saveScreenshot(admin.page, `shots-refunds/order-settled-390`, { fullPage: true });
      await buyer.page.goto(`/ebook/${ebookId}`);
      await waitForHydration(buyer.page);
      expect(await buyer.page.getByRole("link", { name: "Read Ebook" }).count()).toBe(0);
      await buyer.context.close();
      await admin.context.close();
    } finally {
      await shop.stop();
      await pesapal.close();
    }
  }, 180_000);
});
