// One walk over every page a guest, a subscriber and an admin can open, on a 390 px phone, looking at what a person
// sees: nothing wider than the screen, no raw codes in the text, every picture loaded, one toast at a time; and a
// form's confirmation shows where she is looking.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { DESKTOP, PHONE, baseUrl, trackHydration, waitForHydration, waitForInteractive } from "../setup/pages";
import { DEMO_PASSWORD, getText, signInCookie } from "../setup/http-session";
import { newReader } from "../setup/attacker";
import { probeIds } from "../setup/probe-ids";
import { routeProbes, type ProbeIds } from "../setup/route-probes";
import { payOnPesapal, signInWithForm } from "../setup/shop-journeys";
import {
  accessType,
  cardRenewalStatus,
  contentKind,
  ebookAccessKind,
  orderKind,
  orderStatus,
  planAccessLevel,
  profileRole,
  refundStatus,
  subscriptionStatus,
} from "~/db/schema";

/** The database's enum values: shown alone in a label (a badge, a table cell) they are raw codes, not words. */
const ENUM_VALUES = [
  ...new Set(
    [
      accessType,
      cardRenewalStatus,
      contentKind,
      ebookAccessKind,
      orderKind,
      orderStatus,
      planAccessLevel,
      profileRole,
      refundStatus,
      subscriptionStatus,
    ].flatMap((e) => e.enumValues as readonly string[]),
  ),
];

// In-page code is kept as plain JavaScript text: the test runner's transform would wrap named functions in a helper
// the page does not have.

/** Counts the toasts shown at once over the life of each document (a second toast may be gone by the next check). */
const TOAST_COUNTER = `
  window.__nuruMostToasts = 0;
  new MutationObserver(() => {
    const shown = [...document.querySelectorAll('[data-testid="toast"]')].filter((t) => t.checkVisibility()).length;
    if (shown > window.__nuruMostToasts) window.__nuruMostToasts = shown;
  }).observe(document, { childList: true, subtree: true, attributes: true });
`;

/** What a person would notice on the page as it stands; each problem as one line naming the element. */
const LOOK_AT_PAGE = `(async ({ enumValues }) => {
  const problems = [];
  const describe = (el) => {
    const cls = typeof el.className === "string" && el.className ? "." + el.className.trim().split(/\\s+/).slice(0, 4).join(".") : "";
    const text = (el.innerText || el.getAttribute("src") || "").trim().replace(/\\s+/g, " ").slice(0, 40);
    return "<" + el.tagName.toLowerCase() + cls + "> " + JSON.stringify(text);
  };
  const width = document.documentElement.clientWidth;

  // Wider than the screen: an element whose right edge passes the viewport, unless an ancestor that
  // fits clips or scrolls it (a carousel, a table in a scroll box).
  const clipped = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
      if (getComputedStyle(a).overflowX !== "visible" && a.getBoundingClientRect().right <= width + 1) return true;
    return false;
  };
  const over = new Set();
  const reaching = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    // Text that overflows its box (a long unbroken word) does not widen the box itself.
    const right = getComputedStyle(el).overflowX === "visible" ? Math.max(box.right, box.left + el.scrollWidth) : box.right;
    if (right <= width + 1 || clipped(el)) continue;
    reaching.push(el);
    if (box.width === 0 || box.height === 0) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    over.add(el);
    el.__nuruRight = right;
  }
  // The innermost ones name the cause (the long word, the fixed-width box), not the page around it.
  const causes = [...over].filter((el) => ![...over].some((other) => other !== el && el.contains(other)));
  for (const el of causes.slice(0, 3))
    problems.push("wider than the screen (right edge " + Math.round(el.__nuruRight) + " px): " + describe(el));
  // Something empty or invisible may widen the page too.
  if (document.documentElement.scrollWidth > width + 1 && over.size === 0)
    problems.push("page is " + document.documentElement.scrollWidth + " px wide: " + reaching.map(describe).join(", "));

  // Raw codes in visible text.
  const enums = new Set(enumValues);
  const rawPatterns = [
    [/\\b[A-Za-z]+_[A-Za-z_]*[A-Za-z]\\b/, "snake_case code"],
    [/\\b(?:Mpesa|Airtel|Tkash|Equity|Visa)[A-Z]{2}\\b/, "payment method code"],
    [/\\b(?:CARD|MPESA|MOBILE_MONEY|COMPLETED|FAILED|INVALID|REVERSED|PENDING)\\b/, "upper-case gateway code"],
  ];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.data.trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest("script, style, textarea, code, pre, [contenteditable]")) continue;
    if (!parent.checkVisibility({ visibilityProperty: true })) continue;
    for (const [pattern, what] of rawPatterns) {
      const found = pattern.exec(text);
      if (found) problems.push(what + " " + JSON.stringify(found[0]) + " in " + describe(parent));
    }
    // An enum value alone in its element, as stored (a capitalised label is a word; CSS may capitalise it too).
    const whole = parent.textContent.trim();
    if (whole === text && enums.has(text) && getComputedStyle(parent).textTransform === "none")
      problems.push("raw value " + JSON.stringify(text) + " in " + describe(parent));
  }

  // Pictures that did not load: lazy ones are asked for at once, so the page need not be scrolled.
  const broken = await Promise.all(
    [...document.images].map(async (img) => {
      if (img.loading === "lazy") img.loading = "eager";
      await Promise.race([img.decode().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
      return img.complete && img.naturalWidth > 0 ? null : "image did not load: " + (img.currentSrc || img.src);
    }),
  );
  problems.push(...broken.filter(Boolean));

  if (window.__nuruMostToasts > 1) problems.push(window.__nuruMostToasts + " toasts at once");
  return problems;
})`;

let browser: Browser;
let ids: ProbeIds;
/** The reader who buys the premium marker ebook in the walk (its reader page has a Download button). */
let buyerEmail: string;

async function contextAs(email: string | null, viewport = PHONE): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl() });
  await trackHydration(context);
  await context.addInitScript(TOAST_COUNTER);
  if (email) {
    const cookie = await signInCookie(email);
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl() };
      }),
    );
  }
  return context;
}

async function lookAt(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`${LOOK_AT_PAGE}(${JSON.stringify({ enumValues: ENUM_VALUES })})`);
}

/** Opens each path in the same tab; every problem, with the page's address. */
async function walk(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    // The server renders every page whole; waiting for hydration too would double the walk's time.
    await page.goto(path);
    for (const problem of await lookAt(page)) problems.push(`${path}: ${problem}`);
  }
  return problems;
}

/** The first link to `prefix` on a page. */
async function firstLink(path: string, prefix: string, cookie?: string): Promise<string> {
  const { body } = await getText(path, cookie);
  const match = new RegExp(`href="(${prefix}[0-9a-f-]{36})"`).exec(body);
  if (!match) throw new Error(`no ${prefix} link on ${path}`);
  return match[1];
}

/**
 * Routes left out of the walk to keep it quick: second addresses of a page walked under another (home,
 * admin-dashboard, payment-success, not-found), reader pages a guest is only sent away from, and developer pages.
 */
const NOT_WALKED = new Set([
  "home",
  "admin-dashboard",
  "payment-success",
  "not-found",
  "account",
  "bookmarks",
  "dashboard",
  "receipts/:id",
  "dev/error",
  "dev/mail",
]);

/** One path per page route (the first of its probes), so a new page joins the walk by itself. */
function pagePaths(which: (pattern: string) => boolean): string[] {
  return routeProbes(ids)
    .filter((p) => p.dataPaths.length > 0 && which(p.pattern) && !NOT_WALKED.has(p.pattern))
    .flatMap((p) => p.paths.slice(0, 1));
}

beforeAll(async () => {
  browser = await connectBrowser();
  ids = await probeIds();
});
afterAll(async () => {
  await browser?.close();
});

// The four viewers walk at once (one tab each), to keep the walk short. Each page is opened, checked and
// screenshotted: the admin's 40 pages take 30 s alone, and the four walks share the machine with each other (and in
// CI with the integration runs), so each has more than the suite's 60 s.
describe.concurrent("a walk over every page at 390 px", { timeout: 150_000 }, () => {
  it("as a guest: public pages", async () => {
    const context = await contextAs(null);
    const page = await context.newPage();
    const freeArticle = await firstLink("/articles?access=free", "/article/");
    const freeEbook = await firstLink("/ebooks?access=free", "/ebook/");
    const problems = await walk(page, [
      ...pagePaths((p) => !p.startsWith("admin")),
      freeArticle,
      `/article/${ids.subscription}`,
      freeEbook,
      `/ebook/${ids.pdfEbook}`,
      "/signin?view=signup",
    ]);
    await context.close();
    expect(problems).toEqual([]);
  });

  it("as a subscriber: library, bookmarks, account, receipt, reader", async () => {
    const context = await contextAs("subscriber@nuru.test");
    const page = await context.newPage();
    const cookie = await signInCookie("subscriber@nuru.test");
    const receipt = await firstLink("/dashboard", "/receipts/", cookie);
    const problems = await walk(page, [
      "/home",
      "/dashboard",
      "/bookmarks",
      "/account",
      "/account/delete",
      receipt,
      `/article/${ids.subscription}`,
      `/ebook/${ids.lockedEbook}`,
      `/ebook/${ids.pdfSubscriptionEbook}/read?pdf=1`,
      `/ebook/${ids.pdfSubscriptionEbook}/text`,
      "/pricing",
      "/checkout/plan/premium",
    ]);
    await context.close();
    expect(problems).toEqual([]);
  });

  it("as a buyer: checkout, payment status and the receipt of her order", async () => {
    buyerEmail = await newReader(DEMO_PASSWORD);
    const context = await contextAs(buyerEmail);
    const page = await context.newPage();
    const problems = await walk(page, [`/checkout/ebook/${ids.pdfEbook}`]);
    await page.getByRole("button", { name: /^Pay KSh/ }).click();
    await payOnPesapal(page, "Complete M-Pesa payment");
    await waitForHydration(page);
    problems.push(...(await lookAt(page)).map((problem) => `payment status: ${problem}`));
    problems.push(...(await walk(page, ["/dashboard"])));
    const receipt = await page.locator('a[href^="/receipts/"]').first().getAttribute("href");
    problems.push(...(await walk(page, [receipt!])));
    await context.close();
    expect(problems).toEqual([]);
  });

  it("as an admin: every admin page", async () => {
    const context = await contextAs("admin@nuru.test");
    const page = await context.newPage();
    const completedOrder = await firstLink(
      "/admin/orders?status=completed",
      "/admin/orders/",
      await signInCookie("admin@nuru.test"),
    );
    const problems = await walk(page, [
      ...pagePaths((p) => p.startsWith("admin")),
      "/admin?tab=subscriptions",
      "/admin/moderation?tab=comments",
      "/admin/homepage?tab=testimonials",
      completedOrder,
    ]);
    await context.close();
    expect(problems).toEqual([]);
  });
});

/** Whether a locator's box lies wholly inside the phone's screen. */
async function onScreen(page: Page, text: string): Promise<boolean> {
  const box = await page.getByText(text).boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
}

/** Scrolls so that the element sits near the top of the screen, as when the phone's keyboard is up. */
async function scrollToTop(page: Page, name: string) {
  const button = page.getByRole("button", { name });
  await button.evaluate((b) => window.scrollBy(0, b.getBoundingClientRect().top - 100));
  await button.click();
}

describe("a form's confirmation shows where she is looking (390 px)", () => {
  it("after Post Comment and Submit Review, 'submitted for review' is on screen", async () => {
    const context = await contextAs("subscriber@nuru.test");
    const page = await context.newPage();
    await page.goto(await firstLink("/articles?access=free", "/article/"));
    await waitForHydration(page);
    await waitForInteractive(page, "#comments", "form");
    await page.getByLabel("Leave a comment").fill("Walked it twice this week, thank you!");
    await scrollToTop(page, "Post Comment");
    const commented = "Your comment will be visible once approved.";
    await expect.poll(() => page.getByText(commented).isVisible()).toBe(true);
    await expect.poll(() => onScreen(page, commented)).toBe(true);
    expect(await page.getByLabel("Leave a comment").inputValue()).toBe("");

    await page.goto(await firstLink("/ebooks?access=free", "/ebook/"));
    await waitForHydration(page);
    await waitForInteractive(page, "#reviews", "form");
    await page.getByLabel(/^Your review/).fill("Clear and practical.");
    await scrollToTop(page, "Submit Review");
    const reviewed = "Your review will be visible once approved.";
    await expect.poll(() => page.getByText(reviewed).isVisible()).toBe(true);
    await expect.poll(() => onScreen(page, reviewed)).toBe(true);
    await context.close();
  });
});

describe("toasts", () => {
  it("shows one toast at a time: in the reader, a blocked action replaces 'Download Started'", async () => {
    const context = await contextAs(buyerEmail);
    const page = await context.newPage();
    // The PDF reader (on a phone text mode is the default; ?pdf is her choice of the PDF).
    await page.goto(`/ebook/${ids.pdfEbook}/read?pdf=1`);
    await waitForHydration(page);
    const toasts = page.getByTestId("toast");
    await page.getByRole("button", { name: "Download PDF" }).click();
    await expect.poll(() => toasts.filter({ hasText: "Download Started" }).isVisible()).toBe(true);
    await page.locator("#reader-title").click({ button: "right" });
    await expect.poll(() => toasts.filter({ hasText: "Action blocked" }).isVisible()).toBe(true);
    expect(await toasts.count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __nuruMostToasts: number }).__nuruMostToasts)).toBe(1);
    await context.close();
  });

  for (const [name, viewport] of [
    ["390 px", PHONE],
    ["1280 px", DESKTOP],
  ] as const) {
    it(`the sign-in toast leaves the account menu's name clear (${name})`, async () => {
      const context = await browser.newContext({ viewport, baseURL: baseUrl() });
      await trackHydration(context);
      const page = await context.newPage();
      await signInWithForm(page, "subscriber@nuru.test", DEMO_PASSWORD);
      const toast = page.getByTestId("toast");
      await toast.waitFor();
      await waitForHydration(page);
      await page.getByRole("button", { name: "Account menu" }).click();
      const name = page.getByRole("menu").getByText("Grace Achieng");
      await name.waitFor();
      expect(await toast.isVisible()).toBe(true);
      const [a, b] = [(await toast.boundingBox())!, (await name.boundingBox())!];
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `toast ${JSON.stringify(a)} over the name ${JSON.stringify(b)}`).toBe(false);
      await context.close();
    });
  }
});
