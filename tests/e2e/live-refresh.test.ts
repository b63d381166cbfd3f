import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { startApp, type RunningApp } from "../setup/app-server";
import { copyDemoShop, type DemoShopCopy } from "../setup/demo-shop";
import { trackHydration, waitForHydration } from "../setup/pages";

// Needs a PostgreSQL server (CI sets TEST_DATABASE_URL): the change comes from another connection, as it would
// from another app process or an editor on another server.
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn("TEST_DATABASE_URL not set: the live-refresh journey runs only against PostgreSQL.");

describe.runIf(Boolean(serverUrl))("live refresh of must-reads", () => {
  let demo: DemoShopCopy;
  let app: RunningApp;
  let browser: Browser;
  let client: pg.Client;

  beforeAll(async () => {
    demo = await copyDemoShop({ postgres: true });
    app = await startApp(demo.env);
    client = new pg.Client({ connectionString: demo.databaseUrl });
    await client.connect();
    browser = await connectBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await client?.end();
    await app?.stop();
    await demo?.dispose();
  });

  it("shows a newly chosen must-read on an open home page without a reload", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: app.url });
    await trackHydration(context);
    const page = await context.newPage();
    // The server subscribes the page to changes before it answers the event stream request.
    const subscribed = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/content-events");
    await page.goto("/");
    await waitForHydration(page);
    expect((await subscribed).status()).toBe(200);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const mustReads = page.getByTestId("must-reads");
    const { rows } = await client.query(
      "select id, title from articles where published and not is_must_read and access_type = 'free' order by created_at desc limit 1",
    );
    const chosen = rows[0] as { id: string; title: string };
    expect(await mustReads.innerText()).not.toContain(chosen.title);
    await client.query("update articles set is_must_read = true, created_at = now() where id = $1", [chosen.id]);
    await expect.poll(() => mustReads.innerText(), { timeout: 10_000 }).toContain(chosen.title);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await context.close();
  });
});
