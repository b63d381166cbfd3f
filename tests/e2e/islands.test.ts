// Reader pages without React in the browser (issue 51 item 1, ADR 045): home, the lists, the categories and pricing
// are rendered by the server and load one small script, so a page costs at most 75 KiB gzip of JavaScript before
// any interaction (2.3 KB; they loaded 118.6-125.7 KB with React). Each control on them still works: the
// carousel, the header and scroll-to-top (home-page.test.ts and shell.test.ts go through those in depth), the
// account menu, the search filter, bookmarks, the offline library's service worker, signing in. An article too, with
// a small script of its own: sharing, the video, the review and comment forms sent in place, Save for offline. And
// the way to pay: sign-in (its forms checked before they go, in the server's words), a checkout and a gift's (Pay
// busy, one post) and the payment status page, each with its own small script. Her own pages (My Library, Account,
// her gifts) with theirs: the question before cancelling a renewal, busy labels, and every form still a plain post
// without JavaScript.
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { DESKTOP, PHONE, baseUrl, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { newReader } from "../setup/attacker";
import { signInCookie } from "../setup/http-session";
import { payOnPesapal } from "../setup/shop-journeys";

/** Issue 51's budget: JavaScript a reader page loads before any interaction, gzip. */
const BUDGET = 75 * 1024;
const PAGES = ["/", "/articles", "/ebooks", "/categories", "/category/weight-loss", "/pricing"];
/** Her own pages: a guest is asked to sign in there (the shell's script only); signed in, they load account-page.ts. */
const OWN_PAGES = ["/dashboard", "/account", "/account/gifts"];

/** A free demo ebook with a PDF she may download once signed in. */
const MEAL_STARTER = "The Nuru 14-Day Kenyan Meal Starter";

/** An ebook's page, found by its title in the list. */
async function ebookHref(page: Page, title: string) {
  await page.goto(`/ebooks?q=${encodeURIComponent(title)}`);
  const href = await page.locator('main a[href^="/ebook/"]').first().getAttribute("href");
  if (!href) throw new Error(`no ebook called ${title}`);
  return href;
}

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = "right-pass-1";

/** A new reader (signed up and confirmed), with her session cookie. */
async function freshReader() {
  const email = await newReader(PASSWORD);
  return { email, password: PASSWORD, cookie: await signInCookie(email, PASSWORD) };
}

const cookiesOf = (cookie: string) =>
  cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl() };
  });

async function pageAs(cookie: string | null, viewport = PHONE) {
  const opened = await newPage(browser, viewport);
  if (cookie) await opened.context.addCookies(cookiesOf(cookie));
  return opened;
}

/** A browser with JavaScript turned off, signed in with `cookie`. */
async function plainPageAs(cookie: string) {
  const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl(), javaScriptEnabled: false });
  await context.addCookies(cookiesOf(cookie));
  return { context, page: await context.newPage() };
}

/**
 * The scripts a page loads until it is interactive and its network is quiet (module preloads are scripts to the
 * browser), as gzip bytes of each body, and the inline scripts it carries.
 */
async function scriptBytes(page: Page, path: string) {
  const bodies: Promise<{ url: string; gzip: number }>[] = [];
  const onResponse = (response: import("playwright-core").Response) => {
    if (response.request().resourceType() === "script")
      bodies.push(response.body().then((b) => ({ url: response.url(), gzip: gzipSync(b, { level: 9 }).length })));
  };
  page.on("response", onResponse);
  await page.goto(path);
  await waitForHydration(page);
  // The home page keeps an event stream open (no network idle): a short quiet moment instead.
  await page.waitForTimeout(300);
  page.off("response", onResponse);
  const loaded = await Promise.all(bodies);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter((s) => s.getAttribute("type") !== "application/ld+json")
      .map((s) => s.textContent ?? ""),
  );
  const inlineGzip = inline.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0);
  return { loaded, inlineGzip, total: loaded.reduce((sum, s) => sum + s.gzip, 0) + inlineGzip };
}

describe("reader pages without React in the browser", () => {
  for (const who of ["guest", "subscriber"] as const)
    it(`load at most 75 KiB gzip of JavaScript, for a ${who}, and no React`, async () => {
      const probe = await pageAs(null);
      const ebook = await ebookHref(probe.page, MEAL_STARTER);
      await probe.context.close();
      const cookie = who === "subscriber" ? await signInCookie("subscriber@nuru.test") : null;
      const { page, context, errors } = await pageAs(cookie);
      for (const path of [...PAGES, ebook, "/bookmarks", "/library/offline", ...OWN_PAGES, "/account/delete"]) {
        const target = who === "subscriber" && path === "/" ? "/home" : path;
        const js = await scriptBytes(page, target);
        console.log(`${who} ${target}: ${js.total} bytes of JavaScript (gzip), ${js.loaded.length} script(s)`);
        expect(js.total, `${who} ${target}`).toBeLessThanOrEqual(BUDGET);
        // The shell's one script and the page's own, if it has one; nothing of React Router's client.
        const own =
          path === ebook
            ? "ebook-page"
            : path === "/library/offline" && who === "subscriber"
              ? "offline-library-page"
              : OWN_PAGES.includes(path) && who === "subscriber"
                ? "account-page"
                : path === "/account/delete" && who === "subscriber"
                  ? "account-delete-page"
                  : null;
        expect([...new Set(js.loaded.map((s) => new URL(s.url).pathname))].sort(), target).toEqual(
          [...(own ? [own] : []), "reader-page"]
            .sort()
            .map((name) => expect.stringMatching(new RegExp(`^/assets/${name}-[\\w-]+\\.js$`))),
        );
        expect(await page.evaluate(() => "__reactRouterContext" in window), target).toBe(false);
        expect(await page.locator("link[rel=modulepreload]").count(), target).toBe(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    });

  it("opens the account menu, closes it with Escape, and signs out from it", async () => {
    const reader = await freshReader();
    const { page, context, errors } = await pageAs(reader.cookie, DESKTOP);
    await page.goto("/articles");
    await waitForHydration(page);
    const avatar = page.getByRole("button", { name: "Account menu" });
    expect(await avatar.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("menu").count()).toBe(0);
    await avatar.click();
    await expect.poll(() => page.getByRole("menu").isVisible()).toBe(true);
    expect(await avatar.getAttribute("aria-expanded")).toBe("true");
    expect(await page.getByRole("menu").getByRole("menuitem").allInnerTexts()).toEqual([
      "My Library",
      "Offline library",
      "Account",
      "Sign out",
    ]);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    // A click outside closes it too.
    await avatar.click();
    await page.locator("main h1").click();
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    await avatar.click();
    await page.getByRole("menuitem", { name: "My Library" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.goto("/pricing");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("searches at once when she picks an access filter, and with the button", async () => {
    const { page, context, errors } = await pageAs(null, DESKTOP);
    for (const list of ["/articles", "/ebooks"]) {
      await page.goto(list);
      await waitForHydration(page);
      await page.getByLabel("Access", { exact: true }).selectOption("free");
      await page.waitForURL((url) => url.pathname === list && url.searchParams.get("access") === "free");
      expect(await page.getByLabel("Access", { exact: true }).inputValue()).toBe("free");
      await page.locator("#search-q").fill("zzz-nothing-matches");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("q") === "zzz-nothing-matches");
      expect(await page.locator("main article").count()).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("bookmarks a card in place, and the bookmark is kept", async () => {
    const reader = await freshReader();
    const { page, context, errors } = await pageAs(reader.cookie, DESKTOP);
    await page.goto("/articles");
    await waitForHydration(page);
    const first = page.locator("main form.bm-form button[aria-pressed]").first();
    const label = (await first.getAttribute("aria-label"))!;
    expect(label).toMatch(/^Bookmark /);
    const title = label.slice("Bookmark ".length);
    const posted = page.waitForResponse(
      (r) => new URL(r.url()).pathname === "/engagement" && r.request().method() === "POST",
    );
    await first.click();
    // Shown at once, sent without leaving the page (the document is the same one: nothing reloaded it).
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await expect.poll(() => first.getAttribute("aria-pressed")).toBe("true");
    expect(await first.getAttribute("aria-label")).toBe(`Remove bookmark ${title}`);
    expect((await posted).status()).toBe(200);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    // Kept: the bookmarks page lists it, and the list shows it bookmarked.
    await page.goto("/bookmarks");
    await expect.poll(() => page.locator("main").innerText()).toContain(title);
    await page.goto("/articles");
    await waitForHydration(page);
    // Its name changes with its state: found by the title alone.
    const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const again = page.getByRole("button", { name: new RegExp(`^(Remove bookmark|Bookmark) ${escaped}$`) });
    expect(await again.getAttribute("aria-pressed")).toBe("true");
    await again.click();
    await expect.poll(() => again.getAttribute("aria-pressed")).toBe("false");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("registers the offline library's service worker with who is signed in", async () => {
    const reader = await freshReader();
    const { page, context, errors } = await pageAs(reader.cookie);
    await page.goto("/home");
    await waitForHydration(page);
    const owner = await page.locator("script[data-islands]").getAttribute("data-owner");
    expect(owner).toMatch(/^\w{8,}$/);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.active?.scriptURL)))
      .toBe(`${baseUrl()}/sw.js`);
    // A guest's page says no one is signed in (the worker then deletes any saved copies).
    const guest = await pageAs(null);
    await guest.page.goto("/");
    expect(await guest.page.locator("script[data-islands]").getAttribute("data-owner")).toBe("");
    await guest.context.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the home page's live updates open only while she can see the page", async () => {
    const { page, context } = await pageAs(null);
    // Every event stream the page opens, and whether it is still open.
    await context.addInitScript(() => {
      const streams: EventSource[] = [];
      (window as unknown as { streams: EventSource[] }).streams = streams;
      const Native = window.EventSource;
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          streams.push(this);
        }
      } as typeof EventSource;
    });
    await page.goto("/");
    await waitForHydration(page);
    const open = () =>
      page.evaluate(
        () => (window as unknown as { streams: EventSource[] }).streams.filter((s) => s.readyState !== 2).length,
      );
    const setVisibility = (state: "hidden" | "visible") =>
      page.evaluate((v) => {
        Object.defineProperty(document, "visibilityState", { configurable: true, get: () => v });
        document.dispatchEvent(new Event("visibilitychange"));
      }, state);
    await expect.poll(open).toBe(1);
    await setVisibility("hidden");
    expect(await open()).toBe(0);
    await setVisibility("visible");
    expect(await open()).toBe(1);
    await context.close();
  });

  it("signs a guest in from the header on the sign-in page, and brings her back signed in", async () => {
    const reader = await freshReader();
    const { page, context, errors } = await pageAs(null, DESKTOP);
    await page.goto("/ebooks");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/signin");
    await page.getByLabel("Email", { exact: true }).fill(reader.email);
    await page.getByLabel("Password", { exact: true }).fill(reader.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => url.pathname !== "/signin");
    await expect.poll(() => page.getByRole("button", { name: "Account menu" }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
  it("on an ebook's page: copies its link, downloads the PDF in place, and takes a review as a plain form", async () => {
    const reader = await freshReader();
    const { page, context, errors } = await pageAs(reader.cookie, PHONE);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    const href = await ebookHref(page, MEAL_STARTER);
    await page.goto(href);
    await waitForHydration(page);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // Copy link and the share sheet are added by the page's script, as on a React page.
    const row = page.getByRole("group", { name: "Share" });
    await row.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => row.getByRole("status").textContent()).toBe("Link copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`${href}$`));
    // Download PDF: the file, and the message in place (the same document: nothing reloaded it).
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await expect.poll(() => page.getByTestId("toast").textContent()).toContain("Download Started");
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await page.getByRole("button", { name: "Dismiss" }).click();
    expect(await page.getByTestId("toast").count()).toBe(0);
    // The review form is in the page at once (no script loads it), and posts to the server, which brings her back.
    expect(await page.locator("main").innerText()).not.toContain("Loading the review form");
    await page.getByLabel("Rating").selectOption("4");
    await page.getByLabel(/^Your review/).fill("Simple plates, easy shopping list.");
    await page.getByRole("button", { name: "Submit Review" }).click();
    await page.waitForURL((url) => url.pathname === href);
    await page.getByText("Your review will be visible once approved.").waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists her offline copies on the offline library page, and removes one", async () => {
    const reader = await freshReader();
    const { page, context, errors } = await pageAs(reader.cookie, PHONE);
    await page.goto("/articles?access=free");
    const article = (await page.locator('main a[href^="/article/"]').first().getAttribute("href"))!;
    await page.goto(article);
    await waitForHydration(page);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    await page.getByRole("button", { name: "Save for offline" }).click();
    await page.getByRole("status").filter({ hasText: "Saved on this phone" }).waitFor();
    const title = (await page.locator("main h1").first().innerText()).trim();

    await page.goto("/library/offline");
    await waitForHydration(page);
    const saved = page.locator("main li").filter({ hasText: title });
    await saved.waitFor();
    expect(await saved.innerText()).toMatch(/\d+ KB · saved/);
    expect(await page.getByText(/^1 saved · \d+ KB in all$/).isVisible()).toBe(true);
    expect(await saved.getByRole("link", { name: title }).getAttribute("href")).toBe(article);
    await expectAccessible(page);
    await saved.getByRole("button", { name: `Remove ${title} from this phone` }).click();
    await page.getByRole("heading", { name: "Nothing saved on this phone" }).waitFor();
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Nothing saved on this phone" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("takes a bookmark off on the bookmarks page in place", async () => {
    const reader = await freshReader();
    const { page, context, errors } = await pageAs(reader.cookie, PHONE);
    const href = await ebookHref(page, MEAL_STARTER);
    await page.goto(href);
    await waitForHydration(page);
    const mark = page.locator("main form.bm-form button[aria-pressed]").first();
    await mark.click();
    await expect.poll(() => mark.getAttribute("aria-pressed")).toBe("true");
    await page.goto("/bookmarks");
    await waitForHydration(page);
    const item = page.getByTestId("bookmark-ebook").filter({ hasText: MEAL_STARTER });
    // Its name changes with its state: found by where it is.
    const toggle = item.locator("button[aria-pressed]");
    expect(await toggle.getAttribute("aria-label")).toBe(`Remove bookmark ${MEAL_STARTER}`);
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("false");
    expect(await toggle.getAttribute("aria-label")).toBe(`Bookmark ${MEAL_STARTER}`);
    await page.reload();
    await expect.poll(() => page.locator("main").innerText()).toContain("No bookmarks yet");
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** A free article of the demo shop with a video in its body (a reader without a plan reads it in full). */
async function videoArticle() {
  const list = await fetch(`${baseUrl()}/articles?access=free&q=kenyan+heat`).then((res) => res.text());
  return /href="(\/article\/[0-9a-f-]{36})"/.exec(list)![1]!;
}

describe("an article without React in the browser", () => {
  it("loads the reader pages' script and its own, at most 75 KiB gzip, for a guest and for a subscriber", async () => {
    const href = await videoArticle();
    const subscriber = await signInCookie("subscriber@nuru.test");
    for (const [who, cookie] of [
      ["guest", null],
      ["subscriber", subscriber],
    ] as const) {
      const { page, context, errors } = await pageAs(cookie);
      const js = await scriptBytes(page, href);
      console.log(`${who} ${href}: ${js.total} bytes of JavaScript (gzip), ${js.loaded.length} script(s)`);
      expect(js.total, who).toBeLessThanOrEqual(BUDGET);
      expect(js.loaded.map((s) => new URL(s.url).pathname).sort()).toEqual([
        expect.stringMatching(/^\/assets\/article-page-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/reader-page-[\w-]+\.js$/),
      ]);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      expect(await page.locator("link[rel=modulepreload]").count()).toBe(0);
      // The page she came for, whole: the body, the share row, the reviews and comments.
      expect(await page.locator("article .article-body").isVisible()).toBe(true);
      expect(await page.getByRole("group", { name: "Share" }).isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("shares, plays the video, sends a comment and a review in place and saves the article for offline", async () => {
    const href = await videoArticle();
    const reader = await freshReader();
    const { page, context, errors } = await pageAs(reader.cookie);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    // Tests stay on localhost: the player's own request is stopped before it leaves the machine.
    await context.route(/youtube/, (route) => route.abort());
    await page.goto(href);
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const row = page.getByRole("group", { name: "Share" });
    await row.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => row.getByRole("status").textContent()).toBe("Link copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`${href}$`));

    expect(await page.locator("iframe").count()).toBe(0);
    await page.locator("article .article-body").getByRole("link", { name: "Play video" }).click();
    await expect
      .poll(() => page.locator("iframe").getAttribute("src"))
      .toBe("https://www.youtube-nocookie.com/embed/qW8eT4yR2uI?autoplay=1");

    const save = page.getByRole("button", { name: "Save for offline" });
    await save.click();
    await page.getByRole("status").filter({ hasText: "Saved on this phone" }).waitFor();
    expect(await save.isVisible()).toBe(false);

    const comments = page.locator("#comments");
    await comments.getByRole("button", { name: "Post Comment" }).click();
    await expect
      .poll(() => comments.getByRole("alert").innerText())
      .toMatch(/^Empty comment\s+Please write something first$/);
    await comments.getByLabel("Leave a comment").fill("Read it on the bus, no React needed.");
    await comments.getByRole("button", { name: "Post Comment" }).click();
    await expect
      .poll(() => comments.getByRole("status").innerText())
      .toMatch(/^Submitted for review\s+Your comment will be visible once approved\.$/);
    expect(await comments.getByLabel("Leave a comment").inputValue()).toBe("");
    expect(await comments.getByRole("alert").count()).toBe(0);

    const reviews = page.locator("#reviews");
    await reviews.getByLabel(/^Your review/).fill("Clear and practical.");
    await reviews.getByRole("button", { name: "Submit Review" }).click();
    await expect.poll(() => reviews.getByText("Your review will be visible once approved.").isVisible()).toBe(true);
    await expectAccessible(page);
    // All of it in the same document: nothing reloaded the page.
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();

    // Both wait for approval: the article does not show the comment yet.
    const again = await pageAs(reader.cookie);
    await again.page.goto(href);
    expect(await again.page.getByText("Read it on the bus, no React needed.").count()).toBe(0);
    await again.context.close();
  });
});

/** The pages on her way to pay, by who opens them; a guest's checkout is the sign-in page (it sends her there). */
const BUYING = {
  guest: ["/signin", "/checkout/plan/standard", "/payment/return"],
  subscriber: ["/checkout/plan/standard", "/gift/plan/standard", "/payment/return"],
} as const;

/** Each page's own script, beside the shell's reader-page.ts. */
const OWN_SCRIPT: Record<string, string> = {
  "/signin": "signin-page",
  "/checkout/plan/standard": "checkout-page",
  "/gift/plan/standard": "checkout-page",
  "/payment/return": "payment-status-page",
};

describe("signing in and buying without React in the browser", () => {
  for (const who of ["guest", "subscriber"] as const)
    it(`load at most 75 KiB gzip of JavaScript, for a ${who}: the shell's script and the page's own`, async () => {
      const cookie = who === "subscriber" ? await signInCookie("subscriber@nuru.test") : null;
      const { page, context, errors } = await pageAs(cookie);
      for (const path of BUYING[who]) {
        const js = await scriptBytes(page, path);
        const landed = new URL(page.url()).pathname;
        console.log(
          `${who} ${path} (${landed}): ${js.total} bytes of JavaScript (gzip), ${js.loaded.length} script(s)`,
        );
        expect(js.total, `${who} ${path}`).toBeLessThanOrEqual(BUDGET);
        expect([...new Set(js.loaded.map((s) => new URL(s.url).pathname))].sort(), path).toEqual(
          [OWN_SCRIPT[landed]!, "reader-page"]
            .sort()
            .map((name) => expect.stringMatching(new RegExp(`^/assets/${name}-[\\w-]+\\.js$`))),
        );
        expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
        expect(await page.locator("link[rel=modulepreload]").count(), path).toBe(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    });

  it("checks the sign-in forms before they go, in the server's words, and signs her in where she was going", async () => {
    const reader = await freshReader();
    const { page, context, errors } = await pageAs(null);
    await page.goto("/signin?redirectTo=%2Fbookmarks");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const stillHere = () => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);
    // Nothing typed: each field says what is missing, nothing is posted, and the first field has the focus.
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect.poll(() => page.locator("#signin-email-error").textContent()).toBe("Email is required");
    expect(await page.locator("#signin-password-error").textContent()).toBe("Password is required");
    expect(await page.locator("#signin-email").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#signin-email").getAttribute("aria-describedby")).toBe("signin-email-error");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("signin-email");
    await expectAccessible(page);
    // Checked again as she types: a wrong address, then a right one takes the message away.
    await page.getByLabel("Email", { exact: true }).fill("not-an-address");
    await expect
      .poll(() => page.locator("#signin-email-error").textContent())
      .toBe("Please enter a valid email address");
    await page.getByLabel("Email", { exact: true }).fill(reader.email);
    await expect.poll(() => page.locator("#signin-email-error").count()).toBe(0);
    expect(await page.locator("#signin-email").getAttribute("aria-invalid")).toBeNull();
    expect(await stillHere()).toBe(true);
    // Show password, and Hide.
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("wrong-pass-1");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await page.getByRole("button", { name: "Hide password" }).click();
    expect(await password.getAttribute("type")).toBe("password");
    // A wrong password goes to the server, which answers with the page: the refusal, and where she was going kept.
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Error" }).waitFor();
    expect(await stillHere()).toBe(false);
    // Sign Up is a page of its own, still going where she was going; two passwords that differ are caught here.
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await page.waitForURL((url) => url.searchParams.get("view") === "signup");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/bookmarks");
    await waitForHydration(page);
    await page.getByLabel("Full name").fill("Wanjiru Kamau");
    await page.getByLabel("Email", { exact: true }).fill(`signup-${reader.email}`);
    await page.getByLabel("Password", { exact: true }).fill("sukuma1");
    await page.getByLabel("Confirm password", { exact: true }).fill("sukuma2");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => page.locator("#signup-confirmPassword-error").textContent()).toBe("Passwords do not match");
    await page.getByRole("tab", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/signin" && !url.searchParams.has("view"));
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(reader.email);
    await page.getByLabel("Password", { exact: true }).fill(reader.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/bookmarks");
    await expect.poll(() => page.getByTestId("toast").innerText()).toContain("Signed in successfully!");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says Pay is on its way once she taps it, and takes no second tap", async () => {
    const reader = await freshReader();
    const { page, context, errors } = await pageAs(reader.cookie, DESKTOP);
    await page.goto("/checkout/plan/standard");
    await waitForHydration(page);
    // The payment's post answered "204 No Content": the browser stays on the page, as it looks while the payment's
    // page is on its way on a slow connection.
    const posts: string[] = [];
    const checkout = (url: URL) => url.pathname === "/checkout/plan/standard";
    await page.route(checkout, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posts.push(route.request().postData() ?? "");
      await route.fulfill({ status: 204 });
    });
    await page.getByRole("button", { name: /^Pay KSh/ }).click();
    const busy = page.getByRole("button", { name: "Taking you to Pesapal..." });
    await expect.poll(() => busy.isDisabled()).toBe(true);
    await busy.click({ force: true });
    await expect.poll(() => posts.length).toBe(1);
    expect(new URLSearchParams(posts[0]).get("intent")).toBe("pay");
    // For real: the payment's page.
    await page.unroute(checkout);
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Pay KSh/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/PesapalIframe3/Index"));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("checks a gift's details before they go, in the server's words", async () => {
    const reader = await freshReader();
    const { page, context, errors } = await pageAs(reader.cookie);
    await page.goto("/gift/plan/standard");
    await waitForHydration(page);
    await page.getByLabel("Her e-mail address").fill("wanjiru@");
    await page.getByLabel(/^Her phone number/).fill("12");
    await page.getByRole("button", { name: /^Pay KSh .* for the gift$/ }).click();
    await expect
      .poll(() => page.locator("#gift-recipientEmail-error").textContent())
      .toBe("Enter a valid e-mail address.");
    expect(await page.locator("#gift-recipientPhone-error").textContent()).toBe(
      "Enter a Kenyan (07… or +254…) or international (+…) phone number.",
    );
    expect(await page.locator("#gift-recipientEmail").getAttribute("aria-describedby")).toBe(
      "gift-recipientEmail-description gift-recipientEmail-error",
    );
    expect(new URL(page.url()).pathname).toBe("/gift/plan/standard");
    await expectAccessible(page);
    await page.getByLabel(/^Her phone number/).fill("");
    await page.getByLabel("Her e-mail address").fill("wanjiru.gift@example.com");
    await expect.poll(() => page.locator("#gift-recipientEmail-error").count()).toBe(0);
    await page.getByRole("button", { name: /^Pay KSh .* for the gift$/ }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/PesapalIframe3/Index"));
    expect(errors).toEqual([]);
    await context.close();
  });
});

const CANCEL_QUESTION = "Cancel renewal? You keep access until your paid time ends, and can undo this.";

describe("her own pages without React in the browser", () => {
  it("My Library asks before cancelling the renewal, shows it is saving, and works without JavaScript (390 px)", async () => {
    const reader = await freshReader();
    const { page, context, errors } = await pageAs(reader.cookie, PHONE);
    await page.goto("/checkout/plan/standard");
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Pay KSh/ }).click();
    await payOnPesapal(page, "Complete M-Pesa payment");
    await page.locator('[data-status="success"]').waitFor({ timeout: 20_000 });

    await page.goto("/dashboard");
    await waitForHydration(page);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    const status = () => page.getByTestId("plan-status").innerText();
    expect(await status()).toBe("Active · renewal on");
    // She says no: nothing is sent.
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Cancel renewal" }).click();
    await expect.poll(() => asked).toEqual([CANCEL_QUESTION]);
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    expect(await status()).toBe("Active · renewal on");
    // She says yes: the button says it is saving while the form is sent (here the page's own send is stopped after
    // the script's turn, so that the label can be seen: holding the request instead closes the headless page).
    await page.evaluate(() => document.addEventListener("submit", (event) => event.preventDefault()));
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Cancel renewal" }).click();
    const saving = page.getByRole("button", { name: "Saving..." });
    await expect.poll(() => saving.isDisabled()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    // Sent: the page shows the outcome.
    await page.reload();
    await waitForHydration(page);
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Cancel renewal" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toContain("Renewal cancelled");
    expect(await status()).toBe("Active · renewal off");
    await expectAccessible(page);
    // Her receipt: the same two small scripts, and Print opens the browser's print dialog.
    const receipt = (await page
      .getByTestId("billing-entry")
      .first()
      .getByRole("link", { name: /^Receipt/ })
      .getAttribute("href"))!;
    const js = await scriptBytes(page, receipt);
    expect(js.total).toBeLessThanOrEqual(BUDGET);
    expect(js.loaded.map((s) => new URL(s.url).pathname).sort()).toEqual([
      expect.stringMatching(/^\/assets\/account-page-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/reader-page-[\w-]+\.js$/),
    ]);
    await page.evaluate(() => (window.print = () => ((window as unknown as { printed: boolean }).printed = true)));
    await page.getByRole("button", { name: "Print" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed?: boolean }).printed)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();

    // Without JavaScript: the same forms post to the shop, which answers with the page and its message.
    const plain = await plainPageAs(reader.cookie);
    await plain.page.goto("/dashboard");
    await plain.page.getByRole("button", { name: "Resume renewal" }).click();
    await plain.page.getByTestId("toast").getByText("Renewal resumed").waitFor();
    expect(await plain.page.getByTestId("plan-status").innerText()).toBe("Active · renewal on");
    await plain.page.getByRole("button", { name: "Cancel renewal" }).click();
    await plain.page.getByTestId("toast").getByText("Renewal cancelled").waitFor();
    expect(await plain.page.getByTestId("plan-status").innerText()).toBe("Active · renewal off");
    // Her receipt is a link.
    await plain.page
      .getByTestId("billing-entry")
      .first()
      .getByRole("link", { name: /^Receipt/ })
      .click();
    await plain.page.waitForURL(/\/receipts\/[0-9a-f-]{36}$/);
    // No Print button that could not work; the PDF is a link.
    expect(await plain.page.getByRole("button", { name: "Print" }).count()).toBe(0);
    expect(await plain.page.getByRole("link", { name: "Download PDF" }).isVisible()).toBe(true);
    await plain.context.close();
  });

  it("Account: the shop checks her name and saves it, with JavaScript and without", async () => {
    const reader = await freshReader();
    const { page, context, errors } = await pageAs(reader.cookie, PHONE);
    await page.goto("/account");
    await waitForHydration(page);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await page.locator("#account-fullName").fill("");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await page.getByText("Full name is required").waitFor();
    await page.locator("#account-fullName").fill("Njeri Wambui");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect.poll(() => page.getByTestId("toast").innerText()).toContain("Profile updated");
    expect(await page.getByTestId("account-name").innerText()).toBe("Njeri Wambui");
    expect(errors).toEqual([]);
    await context.close();

    const plain = await plainPageAs(reader.cookie);
    await plain.page.goto("/account");
    await plain.page.locator("#account-fullName").fill("");
    await plain.page.getByRole("button", { name: "Update Profile" }).click();
    await plain.page.getByText("Full name is required").waitFor();
    await plain.page.locator("#account-fullName").fill("Njeri W. Wambui");
    await plain.page.getByRole("button", { name: "Update Profile" }).click();
    await plain.page.getByTestId("toast").getByText("Profile updated").waitFor();
    expect(await plain.page.getByTestId("account-name").innerText()).toBe("Njeri W. Wambui");
    await plain.context.close();
  });
});
