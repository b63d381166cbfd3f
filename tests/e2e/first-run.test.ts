// The first run as a new developer or shop owner makes it (issue 29 item 2): the shop started without PUBLIC_URL,
// opened at the address its banner prints, a demo reader pays on the Pesapal stand-in and comes back to that same
// address signed in. Before, the banner printed 127.0.0.1 while callbacks went to localhost, and she came back
// signed out ("Sign in to see your payment").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { startApp, type RunningApp } from "../setup/app-server";
import { copyDemoShop } from "../setup/demo-shop";
import { PHONE, trackHydration, waitForHydration } from "../setup/pages";

let browser: Browser;
let app: RunningApp;
let printed: string;

beforeAll(async () => {
  // PUBLIC_URL empty is PUBLIC_URL unset: the shop chooses its own address, as on `npm start`.
  // On a copy of the demo shop: its first start, which migrates and seeds, is the shared app's.
  const demo = await copyDemoShop();
  [browser, app] = await Promise.all([connectBrowser(), startApp({ ...demo.env, PUBLIC_URL: "" })]);
  const banner = /Nuru listening on (\S+)/.exec(app.output());
  expect(banner, app.output()).not.toBeNull();
  printed = banner![1];
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("first run from the printed address", () => {
  it("a demo reader pays for a plan and comes back to the printed address, signed in", async () => {
    expect(new URL(printed).origin).toBe(printed);
    const context = await browser.newContext({ viewport: PHONE, baseURL: printed });
    await trackHydration(context);
    const page = await context.newPage();

    await page.goto("/signin");
    await waitForHydration(page);
    await page.locator("#signin-email").fill("reader@nuru.test");
    await page.locator("#signin-password").fill("nuru-demo-2026");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/home");

    await page.goto("/checkout/plan/standard");
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Pay KSh/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/PesapalIframe3/Index"));
    await page.getByLabel("M-Pesa phone number").fill("0712345678");
    await page.getByRole("button", { name: "Complete M-Pesa payment" }).click();
    await page.waitForURL((url) => url.pathname === "/payment/return");

    expect(new URL(page.url()).origin).toBe(printed);
    expect(await page.getByText("Sign in to see your payment").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Payment Status" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Standard plan").first().isVisible()).toBe(true);
    await context.close();
  });
});
