// The offline library (issue 32, section 2) in Chromium at 390 px, against the shared app: a subscriber saves an
// article, goes offline, reloads and reads it (with her watermark); the offline library lists it with its size; a page
// she did not save shows the light offline page; signing out leaves no copy in the browser; and a buyer whose plan is
// refunded finds her copy gone after her next online visit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../setup/browser";
import { DESKTOP, PHONE, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD } from "../setup/http-session";
import { newReader } from "../setup/attacker";
import { payOnPesapal, signInWithForm } from "../setup/shop-journeys";
import { probeIds } from "../setup/probe-ids";
import type { ProbeIds } from "../setup/route-probes";
import { MARKERS, MARKER_TITLES } from "../setup/markers";

let browser: Browser;
let ids: ProbeIds;

beforeAll(async () => {
  browser = await launchBrowser();
  ids = await probeIds();
});
afterAll(async () => {
  await browser?.close();
});

/** Offline copies of this origin in Cache Storage: the addresses kept in every offline library cache. */
const savedAddresses = (page: Page) =>
  page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("nuru-offline-") || name === "nuru-offline-owner") continue;
      for (const request of await (await caches.open(name)).keys()) found.push(new URL(request.url).pathname);
    }
    return found;
  });

/** The page is controlled by the service worker (it registers after the page's load event). */
async function controlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
    .toBe(true);
}

async function saveArticle(page: Page, id: string, screenshot?: string) {
  await page.goto(`/article/${id}`);
  await waitForHydration(page);
  await controlled(page);
  const save = page.getByRole("button", { name: "Save for offline" });
  await save.waitFor();
  if (screenshot) await page.screenshot({ path: screenshot });
  await save.click();
  await page.getByRole("status").filter({ hasText: "Saved on this phone" }).waitFor();
}

describe("offline library", () => {
  it("a subscriber saves an article, reads it offline, finds it in the offline library, and signing out removes it", async () => {
    const email = "subscriber@nuru.test";
    const { page, context, errors } = await newPage(browser, PHONE);
    await signInWithForm(page, email, DEMO_PASSWORD);
    await saveArticle(page, ids.premium, "/tmp/offline-save-390.png");
    expect(await savedAddresses(page)).toEqual([`/article/${ids.premium}`]);

    // No connection: the same address opens her saved copy, with the article's text and her watermark.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: MARKER_TITLES.premium }).waitFor();
    expect(await page.locator("main").innerText()).toContain(MARKERS.premium);
    expect(await page.locator(".wm").textContent()).toContain(email);
    expect(await page.locator("footer").innerText()).toContain(`Saved by ${email}`);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/offline-copy-390.png" });

    // The offline library, with no connection: its title and size.
    await page.goto("/library/offline");
    await page.getByRole("heading", { name: "You are offline" }).waitFor();
    const saved = page.getByRole("list", { name: "Offline library" }).getByRole("listitem");
    await expect.poll(() => saved.count()).toBe(1);
    expect(await saved.innerText()).toContain(MARKER_TITLES.premium);
    expect(await saved.innerText()).toMatch(/\d+ KB · saved/);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/offline-library-offline-390.png", fullPage: true });
    await saved.getByRole("link", { name: MARKER_TITLES.premium }).click();
    await page.waitForURL((url) => url.pathname === `/article/${ids.premium}`);
    expect(await page.locator("main").innerText()).toContain(MARKERS.premium);

    // A page she did not save: the light offline page, not the browser's error.
    await page.goto("/about");
    await page.getByRole("heading", { name: "You are offline" }).waitFor();
    expect(await page.getByRole("link", { name: "Try again" }).isVisible()).toBe(true);
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: "/tmp/offline-page-1280.png" });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: "/tmp/offline-page-390.png" });

    // Back online: the offline library page of the shop lists it too, with its size.
    await context.setOffline(false);
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Offline library" }).click();
    await page.waitForURL((url) => url.pathname === "/library/offline");
    const online = page.getByRole("listitem").filter({ hasText: MARKER_TITLES.premium });
    await online.waitFor();
    expect(await online.innerText()).toMatch(/\d+ KB · saved/);
    await expectAccessible(page);
    await page.screenshot({ path: "/tmp/offline-library-390.png" });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: "/tmp/offline-library-1280.png" });
    await page.goto(`/article/${ids.premium}`);
    await waitForHydration(page);
    await page.getByRole("status").filter({ hasText: "Saved on this phone" }).waitFor();
    await page.screenshot({ path: "/tmp/offline-save-1280.png" });
    await page.setViewportSize(PHONE);

    // She signs out: nothing of hers is left in the browser's caches.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await waitForHydration(page);
    await expect.poll(() => savedAddresses(page), { timeout: 15_000 }).toEqual([]);
    expect(await page.evaluate((id) => caches.match(`/article/${id}`).then(Boolean), ids.premium)).toBe(false);
    // Offline now, the article is not hers to open: the offline page.
    await controlled(page);
    await context.setOffline(true);
    await page.goto(`/article/${ids.premium}`);
    await page.getByRole("heading", { name: "You are offline" }).waitFor();
    expect(await page.content()).not.toContain(MARKERS.premium);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a buyer whose plan is refunded finds her saved copy gone after her next online visit", async () => {
    const password = "offline-pass-1";
    const email = await newReader(password);
    const reader = await newPage(browser, PHONE);
    await signInWithForm(reader.page, email, password);
    await reader.page.goto("/checkout/plan/standard");
    await waitForHydration(reader.page);
    await reader.page.getByRole("button", { name: /^Pay KSh/ }).click();
    await payOnPesapal(reader.page, "Complete card payment");
    await reader.page.locator('[data-status="success"]').waitFor({ timeout: 20_000 });
    await saveArticle(reader.page, ids.subscription);
    expect(await savedAddresses(reader.page)).toEqual([`/article/${ids.subscription}`]);

    // An admin refunds her plan.
    const admin = await newPage(browser, PHONE);
    await signInWithForm(admin.page, "admin@nuru.test", DEMO_PASSWORD);
    await admin.page.goto(`/admin/orders?reader=${encodeURIComponent(email)}&kind=plan`);
    await waitForHydration(admin.page);
    const row = admin.page.getByTestId("admin-order");
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole("link").click();
    await admin.page.waitForURL((url) => /^\/admin\/orders\/[0-9a-f-]{36}$/.test(url.pathname));
    await waitForHydration(admin.page);
    await admin.page.getByLabel("Reason").first().fill("Refund asked for by the reader");
    await admin.page.getByRole("button", { name: "Request refund" }).click();
    await expect.poll(() => admin.page.getByTestId("order-status").innerText(), { timeout: 15_000 }).toBe("Refunded");
    await admin.context.close();

    // Her copy is still on the phone until she comes online; her next visit asks the shop and deletes it.
    expect(await savedAddresses(reader.page)).toEqual([`/article/${ids.subscription}`]);
    await reader.page.goto("/home");
    await waitForHydration(reader.page);
    await expect.poll(() => savedAddresses(reader.page), { timeout: 15_000 }).toEqual([]);
    await reader.context.setOffline(true);
    await reader.page.goto(`/article/${ids.subscription}`);
    await reader.page.getByRole("heading", { name: "You are offline" }).waitFor();
    expect(await reader.page.content()).not.toContain(MARKERS.subscription);
    await reader.context.close();
  });
});
