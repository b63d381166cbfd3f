// What needs attention about payments, as an admin sees it (issue 30 item 7): the admin menu says "Orders" with a
// count, the count leads to the "Needs attention" list, and an unmatched scheduled card charge is marked resolved
// there with a note, after which the count drops. The rows are written into a copy of the demo shop before its app
// starts (a PGlite directory opens in one process at a time).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { sql } from "drizzle-orm";
import { connectBrowser } from "../setup/shared-browser";
import { startApp, type RunningApp } from "../setup/app-server";
import { DESKTOP, PHONE, expectAccessible, trackHydration, waitForHydration } from "../setup/pages";
import { copyDemoShop, type DemoShopCopy } from "../setup/demo-shop";
import { openDatabase } from "~/db/client.server";
import { saveScreenshot } from "../setup/screenshots";

const DEMO_PASSWORD = "nuru-demo-2026";
const trackingId = randomUUID();

let app: RunningApp | undefined;
let browser: Browser;
let shop: DemoShopCopy | undefined;
let expected = 0;

beforeAll(async () => {
  // The demo shop (on PostgreSQL when the run has TEST_DATABASE_URL), then the charge Pesapal reported for no
  // agreement of ours.
  shop = await copyDemoShop({ postgres: true });
  const handle = openDatabase(shop.databaseUrl ? { url: shop.databaseUrl } : { dataDir: shop.dataDir });
  try {
    await handle.db.execute(sql`
      insert into card_renewal_events (card_renewal_id, account_number, gateway_tracking_id, source, note)
      values (null, 'NR-UNKNOWN', ${trackingId}, 'ipn',
        'scheduled card charge of KES 500.00 (confirmation X1) matches no agreement. Needs review.')`);
    const counted = (await handle.db.execute(sql`
      select (select count(*) from orders where status = 'review')
        + (select count(distinct r.order_id) from refunds r join orders o on o.id = r.order_id
           where o.status <> 'review' and r.status = 'unconfirmed')
        + (select count(*) from card_renewal_events where card_renewal_id is null and resolved_at is null) as n
    `)) as unknown as { rows: { n: string | number }[] };
    expected = Number(counted.rows[0]!.n);
  } finally {
    await handle.close();
  }
  app = await startApp(shop.env);
  browser = await connectBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await shop?.dispose();
});

describe("what needs attention, in the admin", () => {
  it("the menu says 'Orders' with the count; its list marks an unmatched charge resolved and the count drops", async () => {
    expect(expected).toBeGreaterThanOrEqual(1);
    const context = await browser.newContext({ viewport: PHONE, baseURL: app!.url });
    await trackHydration(context);
    const page = await context.newPage();
    await page.goto("/signin");
    await waitForHydration(page);
    await page.locator("#signin-email").fill("admin@nuru.test");
    await page.locator("#signin-password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/home");

    await page.goto("/admin/users");
    await waitForHydration(page);
    const menu = page.getByRole("navigation", { name: "Admin" });
    // What a person reads: "Orders" and, beside it, the number
    const ordersItem = menu
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: "Orders", exact: true }) });
    // (the words after it are for screen readers: "Orders 3 need attention").
    const need = (n: number) => (n === 1 ? "needs" : "need");
    expect((await ordersItem.innerText()).replace(/\s+/g, " ").trim()).toBe(
      `Orders ${expected} ${need(expected)} attention`,
    );
    await saveScreenshot(page, `shots-b/menu-count-390`);

    await menu.getByRole("link", { name: `${expected} ${need(expected)} attention` }).click();
    await page.waitForURL((url) => url.pathname === "/admin/orders" && url.searchParams.get("status") === "attention");
    await waitForHydration(page);
    expect(await page.getByLabel("Status").inputValue()).toBe("attention");
    const charge = page.getByTestId("unmatched-charge").filter({ hasText: trackingId });
    expect(await charge.innerText()).toContain("matches no agreement");
    await expectAccessible(page);
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, `shots-b/attention-list-1280`, { fullPage: true });
    await page.setViewportSize(PHONE);

    // Without a note it is refused by the browser; with one, it is resolved.
    await charge.getByLabel("What was done").fill("Refunded on Pesapal's dashboard, reference R-77");
    await charge.getByRole("button", { name: "Mark resolved" }).click();
    await expect
      .poll(() => page.getByTestId("toast").last().textContent(), { timeout: 10_000 })
      .toContain("Charge Resolved");
    expect(await page.getByTestId("unmatched-charge").filter({ hasText: trackingId }).count()).toBe(0);
    const after = (await ordersItem.innerText()).replace(/\s+/g, " ").trim();
    expect(after).toBe(expected - 1 > 0 ? `Orders ${expected - 1} ${need(expected - 1)} attention` : "Orders");
    await saveScreenshot(page, `shots-b/after-resolve-390`, { fullPage: true });

    // The reconciliation no longer lists it.
    await page.goto("/admin/orders/reconciliation?from=2000-01-01&to=2100-12-31");
    expect(await page.locator("body").innerText()).not.toContain(trackingId);
    await context.close();
  });
});
