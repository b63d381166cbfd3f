// The offline library (issue 32, section 2) in Chromium at 390 px, against the shared app: a subscriber saves an
// article, goes offline, reloads and reads it (with her watermark); the offline library lists it with its size; a page
// she did not save shows the light offline page; signing out leaves no copy in the browser; and a buyer whose plan is
// refunded finds her copy gone after her next online visit. A buyer saves an article and her ebook's text edition,
// reads both offline, moves her place offline and finds it on the shop once she is back online; a buyer whose ebook
// is refunded finds its copy gone after her next online visit. A reader bookmarks an article offline, and later removes
// it offline: each reaches her bookmarks once she is back online, and a late, older or someone else's post does not.
// In her saved copies: an ebook's copy opens with her text settings and she changes them offline without a download
// (they reach the reader online); a copy's bookmark button works offline, says it will sync, then says it synced.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { DESKTOP, PHONE, baseUrl, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD } from "../setup/http-session";
import { newReader } from "../setup/attacker";
import { payOnPesapal, signInWithForm } from "../setup/shop-journeys";
import { probeIds } from "../setup/probe-ids";
import type { ProbeIds } from "../setup/route-probes";
import { MARKERS, MARKER_TITLES } from "../setup/markers";
import { getText } from "../setup/http-session";
import { articles as demoArticles, ebooks as demoEbooks } from "~/db/seed/content-data";
import { saveScreenshot } from "../setup/screenshots";
import { savedAddresses } from "../setup/offline-copies";

let browser: Browser;
let ids: ProbeIds;
/** The demo buyer's ebook (the first priced one, app/db/seed/demo.ts), with a text edition, and a free article. */
const boughtEbook = demoEbooks.find((e) => e.price !== null && Number(e.price) > 0)!;
const freeArticle = demoArticles.find((a) => a.accessType === "free")!;
let ebookId: string;
let freeArticleId: string;

beforeAll(async () => {
  browser = await connectBrowser();
  ids = await probeIds();
  ebookId = /href="\/ebook\/([0-9a-f-]{36})"/.exec(
    (await getText(`/ebooks?q=${encodeURIComponent(boughtEbook.title)}`)).body,
  )![1];
  freeArticleId = /href="\/article\/([0-9a-f-]{36})"/.exec(
    (await getText(`/articles?q=${encodeURIComponent(freeArticle.title.split(":")[0])}`)).body,
  )![1];
});
afterAll(async () => {
  await browser?.close();
});

/** The e-mail drawn faintly over a saved copy (a tiled picture behind the text). */
const watermarkOf = (page: Page) =>
  page.locator(".wm").evaluate((el) => decodeURIComponent(getComputedStyle(el).backgroundImage));

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
  if (screenshot) await saveScreenshot(page, screenshot);
  await save.click();
  await page.getByRole("status").filter({ hasText: "Saved on this phone" }).waitFor();
}

/** Saves the text edition of an ebook she may read, from the text reader. */
async function saveEbook(page: Page, id: string, screenshot?: string) {
  await page.goto(`/ebook/${id}/text?s=0`);
  await waitForHydration(page);
  await controlled(page);
  const save = page.getByRole("button", { name: "Save this ebook for offline" });
  await save.waitFor();
  await save.scrollIntoViewIfNeeded();
  if (screenshot) await saveScreenshot(page, screenshot);
  await save.click();
  await page.getByRole("status").filter({ hasText: "Saved on this phone" }).waitFor();
}

/** Reading places waiting in the service worker's queue (Serwist keeps them in IndexedDB). */
const queuedPlaces = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("serwist-background-sync");
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("requests")) return resolve(0);
          const count = db.transaction("requests").objectStore("requests").count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => resolve(0);
        };
      }),
  );

/** Where the shop would open her ebook's text now (the text reader sends her to her saved place). */
async function placeOnServer(page: Page, id: string): Promise<string | null> {
  const answer = await page.context().request.get(`/ebook/${id}/text`, { maxRedirects: 0 });
  return answer.headers()["location"] ?? null;
}

describe("offline library", () => {
  it("a buyer saves an article and her ebook's text edition, reads both offline, her offline place reaches the shop, and signing out removes both", async () => {
    const email = "buyer@nuru.test";
    const { page, context, errors } = await newPage(browser, PHONE);
    await signInWithForm(page, email, DEMO_PASSWORD);
    await saveArticle(page, freeArticleId);
    await saveEbook(page, ebookId, "offline-ebook-save-390");
    expect((await savedAddresses(page)).sort()).toEqual([`/article/${freeArticleId}`, `/ebook/${ebookId}/text`].sort());

    // No connection: the reader's address opens her saved copy of the whole text edition, with her watermark.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: boughtEbook.title }).waitFor();
    const contents = page.getByRole("navigation", { name: "Contents" }).getByRole("link");
    expect(await contents.count()).toBeGreaterThan(2);
    expect(await page.locator("[data-section]").count()).toBe(await contents.count());
    expect(await watermarkOf(page)).toContain(email);
    expect(await page.locator("footer").innerText()).toContain(`Saved by ${email}`);
    const bodySize = await page
      .locator("[data-block] p")
      .first()
      .evaluate((p) => Number.parseFloat(getComputedStyle(p).fontSize));
    expect(bodySize).toBeGreaterThanOrEqual(16);
    await expectAccessible(page);
    await saveScreenshot(page, "offline-ebook-copy-390");
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, "offline-ebook-copy-1280");
    await page.setViewportSize(PHONE);

    // She moves on to the third section's second paragraph, offline: the copy keeps the place and the service
    // worker queues it for the shop.
    await contents.nth(2).click();
    await page.locator("#s-2-b-1").evaluate((el) => el.scrollIntoView({ block: "start" }));
    await expect.poll(() => queuedPlaces(page), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await placeOnServer(page, ebookId)).not.toBe(`/ebook/${ebookId}/text?s=2#b-1`);

    // The article opens offline too. Its pictures are not saved: each is its caption, once, marked as a picture,
    // never a broken-picture icon beside it.
    await page.goto(`/article/${freeArticleId}`);
    await page.getByRole("heading", { level: 1, name: freeArticle.title }).waitFor();
    const caption = freeArticle.blocks.find((b) => b.type === "image")!.caption;
    const copyText = await page.locator("main").innerText();
    expect(copyText.split(caption).length - 1).toBe(1);
    expect(await page.locator("main img").count()).toBe(0);
    expect(await page.locator("figure.pic").first().innerText()).toContain("Picture, not saved for offline");
    await page.locator("figure.pic").first().scrollIntoViewIfNeeded();
    await saveScreenshot(page, "offline-article-picture-390");

    // The offline library, with no connection: both, with their sizes.
    // It opens as the library, her copies first, and says she is offline after them (not "This page needs a
    // connection" first).
    await page.goto("/library/offline");
    await page.getByRole("heading", { level: 1, name: "Offline library" }).waitFor();
    const saved = page.getByRole("list", { name: "Offline library" }).getByRole("listitem");
    await expect.poll(() => saved.count()).toBe(2);
    const mainText = await page.locator("main").innerText();
    expect(mainText).not.toContain("This page needs a connection");
    expect(mainText.indexOf(boughtEbook.title)).toBeLessThan(mainText.indexOf("You are offline"));
    const ebookItem = saved.filter({ hasText: boughtEbook.title });
    expect(await ebookItem.innerText()).toMatch(/Ebook · \d+(\.\d)? [KM]B · saved/);
    await saveScreenshot(page, "offline-library-ebook-offline-390", { fullPage: true });
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, "offline-library-ebook-offline-1280", { fullPage: true });
    await page.setViewportSize(PHONE);

    // Back online: her next page sends the queued place, and the shop opens the ebook there.
    await context.setOffline(false);
    await page.goto("/library/offline");
    await waitForHydration(page);
    await page.getByRole("listitem").filter({ hasText: boughtEbook.title }).waitFor();
    await expect.poll(() => placeOnServer(page, ebookId), { timeout: 15_000 }).toBe(`/ebook/${ebookId}/text?s=2#b-1`);
    await expect.poll(() => queuedPlaces(page)).toBe(0);
    // A place sent late that is older than the one the shop holds changes nothing, and neither does one that names
    // someone else (a queue replayed after another person signed in on this phone).
    const key = (await page.evaluate(() => caches.keys()))
      .find((name) => /^nuru-offline-[0-9a-f]{24}$/.test(name))!
      .slice("nuru-offline-".length);
    const late = (owner: string, takenAt: number) =>
      context.request.post(`/ebook/${ebookId}/reading`, {
        form: { intent: "text-position", section: "0", offset: "0", takenAt: String(takenAt), owner },
        headers: { Origin: baseUrl(), "X-Nuru-Queue": "position" },
      });
    expect((await late(key, Date.now() - 3_600_000)).status()).toBe(200);
    expect((await late("0".repeat(24), Date.now())).status()).toBe(409);
    expect(await placeOnServer(page, ebookId)).toBe(`/ebook/${ebookId}/text?s=2#b-1`);
    const online = page.getByRole("listitem").filter({ hasText: boughtEbook.title });
    expect(await online.innerText()).toMatch(/Ebook · \d+(\.\d)? [KM]B · saved/);
    await expectAccessible(page);
    await saveScreenshot(page, "offline-library-ebook-390", { fullPage: true });
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, "offline-library-ebook-1280", { fullPage: true });
    await page.setViewportSize(PHONE);

    // She signs out: neither copy is left in the browser, and offline the reader's address shows the offline page.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await waitForHydration(page);
    await expect.poll(() => savedAddresses(page), { timeout: 15_000 }).toEqual([]);
    await controlled(page);
    await context.setOffline(true);
    await page.goto(`/ebook/${ebookId}/text`);
    await page.getByRole("heading", { name: "You are offline" }).waitFor();
    expect(await page.content()).not.toContain(email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a buyer whose ebook is refunded finds its saved text edition gone after her next online visit", async () => {
    const password = "offline-pass-2";
    const email = await newReader(password);
    const reader = await newPage(browser, PHONE);
    await signInWithForm(reader.page, email, password);
    await reader.page.goto(`/checkout/ebook/${ebookId}`);
    await waitForHydration(reader.page);
    await reader.page.getByRole("button", { name: /^Pay KSh/ }).click();
    await payOnPesapal(reader.page, "Complete card payment");
    await reader.page.locator('[data-status="success"]').waitFor({ timeout: 20_000 });
    await saveEbook(reader.page, ebookId);
    expect(await savedAddresses(reader.page)).toEqual([`/ebook/${ebookId}/text`]);

    const admin = await newPage(browser, PHONE);
    await signInWithForm(admin.page, "admin@nuru.test", DEMO_PASSWORD);
    await admin.page.goto(`/admin/orders?reader=${encodeURIComponent(email)}&kind=ebook`);
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

    expect(await savedAddresses(reader.page)).toEqual([`/ebook/${ebookId}/text`]);
    await reader.page.goto("/home");
    await waitForHydration(reader.page);
    await expect.poll(() => savedAddresses(reader.page), { timeout: 15_000 }).toEqual([]);
    await reader.context.setOffline(true);
    await reader.page.goto(`/ebook/${ebookId}/text`);
    await reader.page.getByRole("heading", { name: "You are offline" }).waitFor();
    await reader.context.close();
  });

  // One retry: on the loaded CI machine this journey once failed after 9.5 s (cause not found yet) and passed in every
  // run before and after; a real fault fails both tries.
  it(
    "a subscriber saves an article, reads it offline, finds it in the offline library, and signing out removes it",
    {
      retry: 1,
    },
    async () => {
      const email = "subscriber@nuru.test";
      const { page, context, errors } = await newPage(browser, PHONE);
      await signInWithForm(page, email, DEMO_PASSWORD);
      await saveArticle(page, ids.premium, "offline-save-390");
      expect(await savedAddresses(page)).toEqual([`/article/${ids.premium}`]);

      // No connection: the same address opens her saved copy, with the article's text and her watermark.
      await context.setOffline(true);
      await page.reload();
      await page.getByRole("heading", { level: 1, name: MARKER_TITLES.premium }).waitFor();
      expect(await page.locator("main").innerText()).toContain(MARKERS.premium);
      expect(await watermarkOf(page)).toContain(email);
      expect(await page.locator("footer").innerText()).toContain(`Saved by ${email}`);
      await expectAccessible(page);
      await saveScreenshot(page, "offline-copy-390");

      // The offline library, with no connection: its title and size.
      await page.goto("/library/offline");
      await page.getByRole("heading", { level: 1, name: "Offline library" }).waitFor();
      const saved = page.getByRole("list", { name: "Offline library" }).getByRole("listitem");
      await expect.poll(() => saved.count()).toBe(1);
      expect(await saved.innerText()).toContain(MARKER_TITLES.premium);
      expect(await saved.innerText()).toMatch(/\d+ KB · saved/);
      await expectAccessible(page);
      await saveScreenshot(page, "offline-library-offline-390", { fullPage: true });
      await saved.getByRole("link", { name: MARKER_TITLES.premium }).click();
      await page.waitForURL((url) => url.pathname === `/article/${ids.premium}`);
      expect(await page.locator("main").innerText()).toContain(MARKERS.premium);

      // A page she did not save: the light offline page, not the browser's error.
      await page.goto("/about");
      await page.getByRole("heading", { name: "You are offline" }).waitFor();
      expect(await page.getByRole("link", { name: "Try again" }).isVisible()).toBe(true);
      await page.setViewportSize(DESKTOP);
      await saveScreenshot(page, "offline-page-1280");
      await page.setViewportSize(PHONE);
      await saveScreenshot(page, "offline-page-390");

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
      await saveScreenshot(page, "offline-library-390");
      await page.setViewportSize(DESKTOP);
      await saveScreenshot(page, "offline-library-1280");
      await page.goto(`/article/${ids.premium}`);
      await waitForHydration(page);
      await page.getByRole("status").filter({ hasText: "Saved on this phone" }).waitFor();
      await saveScreenshot(page, "offline-save-1280");
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
    },
  );

  it("a saved premium copy does not open offline for whoever holds the phone once her session ended without a sign-out", async () => {
    const email = "subscriber@nuru.test";
    const { page, context, errors } = await newPage(browser, PHONE);
    await signInWithForm(page, email, DEMO_PASSWORD);
    await saveArticle(page, ids.premium);
    expect(await savedAddresses(page)).toEqual([`/article/${ids.premium}`]);
    // The proof of her session the copies are bound to: readable by the worker, not the session itself.
    const proof = (await context.cookies()).find((c) => c.name === "nuru_offline_session");
    expect(proof?.httpOnly).toBe(false);
    expect(proof?.expires).toBeGreaterThan(Date.now() / 1000 + 20 * 24 * 3600);

    // Her cookies are cleared (or run out) and the phone has no connection: the next person opens the article's
    // address and the offline library, and sees neither the text nor its title; the copy is deleted unopened.
    await context.clearCookies();
    await context.setOffline(true);
    await page.goto(`/article/${ids.premium}`);
    await page.getByRole("heading", { name: "You are offline" }).waitFor();
    expect(await page.content()).not.toContain(MARKERS.premium);
    await page.goto("/library/offline");
    await page.getByText(/Nothing saved on this phone yet/).waitFor();
    expect(await page.content()).not.toContain(MARKER_TITLES.premium);
    expect(await savedAddresses(page)).toEqual([]);
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

  it("a reader bookmarks an article offline and later removes it offline: both reach the shop when she is back online", async () => {
    const password = "right-pass-1";
    const email = await newReader(password);
    const { page, context, errors } = await newPage(browser, PHONE);
    await signInWithForm(page, email, password);
    const title = freeArticle.title;
    /** Her bookmarks page as the shop has it now (each visit also lets the worker send what it queued). */
    const listed = async () => {
      await page.goto("/bookmarks");
      await page.getByRole("heading", { level: 1, name: "Bookmarks" }).waitFor();
      return page.getByRole("link", { name: title, exact: true }).count();
    };
    const bookmarkButton = page.getByRole("button", { name: `Bookmark ${title}`, exact: true });
    const removeButton = page.getByRole("button", { name: `Remove bookmark ${title}`, exact: true });
    const offlineNote = page.getByRole("status").filter({ hasText: /on this phone, will sync/ });

    await page.goto(`/article/${freeArticleId}`);
    await waitForHydration(page);
    await controlled(page);
    expect(await listed()).toBe(0);
    await page.goto(`/article/${freeArticleId}`);
    await waitForHydration(page);

    // No connection: the tap shows the new state at once and says it will be sent later.
    await context.setOffline(true);
    await bookmarkButton.click();
    await offlineNote.waitFor();
    expect(await removeButton.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => queuedPlaces(page), { timeout: 15_000 }).toBe(1);
    await saveScreenshot(page, "bookmarks-shots/offline-bookmark-390");
    await page.setViewportSize(DESKTOP);
    await saveScreenshot(page, "bookmarks-shots/offline-bookmark-1280");
    await page.setViewportSize(PHONE);

    // Back online: her next page sends it, and her bookmarks list the article.
    await context.setOffline(false);
    await expect.poll(listed, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => queuedPlaces(page)).toBe(0);
    // A removal sent late that is older than her tap changes nothing, and neither does one that names someone else
    // (a queue replayed after another person signed in on this phone).
    const late = (takenAt: number, owner?: string) =>
      context.request.post("/engagement", {
        form: {
          intent: "bookmark",
          contentType: "article",
          contentId: freeArticleId,
          bookmarked: "false",
          takenAt: String(takenAt),
          ...(owner ? { owner } : {}),
        },
        headers: { Origin: baseUrl(), Accept: "application/json", "X-Nuru-Queue": "bookmark" },
      });
    const older = await late(Date.now() - 3_600_000);
    expect(older.status()).toBe(200);
    expect(await older.json()).toMatchObject({ ok: true, bookmarked: true });
    expect((await late(Date.now(), "0".repeat(24))).status()).toBe(409);
    expect(await listed()).toBe(1);

    // She removes it with no connection; back online, it is gone from her bookmarks.
    await page.goto(`/article/${freeArticleId}`);
    await waitForHydration(page);
    await controlled(page);
    await context.setOffline(true);
    await removeButton.click();
    await offlineNote.waitFor();
    expect(await bookmarkButton.getAttribute("aria-pressed")).toBe("false");
    await expect.poll(() => queuedPlaces(page), { timeout: 15_000 }).toBe(1);
    await context.setOffline(false);
    await expect.poll(listed, { timeout: 15_000 }).toBe(0);
    await page.getByRole("heading", { name: "No bookmarks yet" }).waitFor();
    await expect.poll(() => queuedPlaces(page)).toBe(0);

    // Online, the button still answers from the shop (no note) and the list follows.
    await page.goto(`/article/${freeArticleId}`);
    await waitForHydration(page);
    await bookmarkButton.click();
    await expect.poll(() => removeButton.getAttribute("aria-pressed")).toBe("true");
    expect(await offlineNote.count()).toBe(0);
    await expect.poll(listed).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it(
    "a buyer's saved ebook opens with her text settings, she changes them offline without a download, and the reader has them online",
    { timeout: 120_000 },
    async () => {
      const password = "offline-pass-3";
      const email = await newReader(password);
      const { page, context, errors } = await newPage(browser, PHONE);
      await signInWithForm(page, email, password);
      await page.goto(`/checkout/ebook/${ebookId}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: /^Pay KSh/ }).click();
      await payOnPesapal(page, "Complete card payment");
      await page.locator('[data-status="success"]').waitFor({ timeout: 20_000 });

      // Online, in the text reader: one size larger (20 px), then she saves the ebook.
      await page.goto(`/ebook/${ebookId}/text?s=0`);
      await waitForHydration(page);
      await page.locator("summary", { hasText: "Text settings" }).click();
      // The form loads the page again (text mode is rendered by the server, ADR 045), with its menus closed.
      await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Larger text" }).click()]);
      await page.locator("summary", { hasText: "Text settings" }).click();
      await page.getByText("Text size: 20 px").waitFor();
      await saveEbook(page, ebookId);

      // Offline, the copy opens with her size, and its own settings change it with no request but the queued one.
      await context.setOffline(true);
      await page.reload();
      await page.getByRole("heading", { level: 1, name: boughtEbook.title }).waitFor();
      const paragraph = page.locator("[data-block] p").first();
      const fontSize = () => paragraph.evaluate((p) => getComputedStyle(p).fontSize);
      expect(await fontSize()).toBe("20px");
      const fetched: string[] = [];
      page.on("request", (request) => fetched.push(`${request.method()} ${new URL(request.url()).pathname}`));
      await page.locator("summary", { hasText: "Text settings" }).click();
      await page.getByRole("button", { name: "Larger text" }).click();
      await page.getByRole("button", { name: "Dark" }).click();
      expect(await fontSize()).toBe("22px");
      expect(await page.getByText("Text size: 22 px").isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Dark" }).getAttribute("aria-pressed")).toBe("true");
      expect(await page.locator("body").evaluate((b) => getComputedStyle(b).backgroundColor)).toBe("rgb(17, 24, 39)");
      await expectAccessible(page);
      await saveScreenshot(page, "offline-ebook-settings-390");
      await page.setViewportSize(DESKTOP);
      await saveScreenshot(page, "offline-ebook-settings-1280");
      await page.setViewportSize(PHONE);
      await expect.poll(() => queuedPlaces(page), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(fetched.filter((f) => !f.startsWith("POST /ebook/"))).toEqual([]);

      // Kept on the phone: opened again offline, still 22 px and dark.
      await page.reload();
      await page.getByRole("heading", { level: 1, name: boughtEbook.title }).waitFor();
      await expect.poll(fontSize, { timeout: 15_000 }).toBe("22px");
      expect(await page.locator("body").getAttribute("class")).toContain("t-dark");
      await page.locator("summary", { hasText: "Text settings" }).click();
      await page.getByText("Text size: 22 px").waitFor();

      // Back online: her next page sends them, and the online reader opens with them.
      await context.setOffline(false);
      await page.goto("/library/offline");
      await waitForHydration(page);
      await expect.poll(() => queuedPlaces(page), { timeout: 15_000 }).toBe(0);
      await page.goto(`/ebook/${ebookId}/text?s=0`);
      await waitForHydration(page);
      expect(await page.locator("[data-reader]").getAttribute("data-theme")).toBe("dark");
      await page.locator("summary", { hasText: "Text settings" }).click();
      await page.getByText("Text size: 22 px").waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it(
    "a reader bookmarks a saved article in its offline copy: it says it will sync, and once online it is synced and on her bookmarks page",
    { timeout: 120_000 },
    async () => {
      const password = "right-pass-2";
      const email = await newReader(password);
      const { page, context, errors } = await newPage(browser, PHONE);
      await signInWithForm(page, email, password);
      const title = freeArticle.title;
      await saveArticle(page, freeArticleId);

      // Offline, in the copy: the tap shows at once and says it is only on this phone so far.
      await context.setOffline(true);
      await page.reload();
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      const bookmark = page.getByRole("button", { name: `Bookmark ${title}`, exact: true });
      const remove = page.getByRole("button", { name: `Remove bookmark ${title}`, exact: true });
      const note = page.getByRole("status");
      await bookmark.click();
      await expect.poll(() => note.innerText(), { timeout: 15_000 }).toBe("Saved on this phone, will sync");
      expect(await remove.getAttribute("aria-pressed")).toBe("true");
      await expect.poll(() => queuedPlaces(page), { timeout: 15_000 }).toBe(1);
      await expectAccessible(page);
      await saveScreenshot(page, "offline-copy-bookmark-390");
      await page.setViewportSize(DESKTOP);
      await saveScreenshot(page, "offline-copy-bookmark-1280");
      await page.setViewportSize(PHONE);
      // Opened again offline, it still says so (nothing has reached the shop).
      await page.reload();
      await expect.poll(() => note.innerText(), { timeout: 15_000 }).toBe("Saved on this phone, will sync");
      expect(await remove.getAttribute("aria-pressed")).toBe("true");

      // Nothing runs while she is elsewhere (issue 51): with the page hidden, the copy does not ask the worker to send
      // (its asks are counted here), even once the connection is back; shown again, it asks at once.
      await page.evaluate(() => {
        const w = window as unknown as { asks: number };
        w.asks = 0;
        const controller = navigator.serviceWorker.controller!;
        const post = controller.postMessage.bind(controller);
        controller.postMessage = (message: unknown) => {
          w.asks++;
          post(message);
        };
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
        document.dispatchEvent(new Event("visibilitychange"));
      });
      await context.setOffline(false);
      await page.waitForTimeout(6_000);
      expect(await page.evaluate(() => (window as unknown as { asks: number }).asks)).toBe(0);
      await page.evaluate(() => {
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
        document.dispatchEvent(new Event("visibilitychange"));
      });
      expect(await page.evaluate(() => (window as unknown as { asks: number }).asks)).toBeGreaterThan(0);

      // The connection is back while the copy is open: sent once, and the copy says it is synced.
      await expect.poll(() => note.innerText(), { timeout: 20_000 }).toBe("Bookmarked · synced");
      expect(await queuedPlaces(page)).toBe(0);
      await saveScreenshot(page, "offline-copy-bookmark-synced-390");
      // Another page: her bookmarks list the article.
      const other = await context.newPage();
      await other.goto("/bookmarks");
      await other.getByRole("heading", { level: 1, name: "Bookmarks" }).waitFor();
      expect(await other.getByRole("link", { name: title, exact: true }).count()).toBe(1);
      await other.close();

      // Offline again, the copy knows the shop has it.
      await context.setOffline(true);
      await page.reload();
      await expect.poll(() => note.innerText(), { timeout: 15_000 }).toBe("Bookmarked · synced");
      expect(await remove.getAttribute("aria-pressed")).toBe("true");
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
