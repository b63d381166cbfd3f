// The owner's analytics (issue 35), as the owner and her readers meet it: guests' views (pages from the guest page
// cache included, bots left out) and searches, and a purchase that began at an article's paywall, show on
// /admin/analytics as soon as she opens it; each table's CSV holds exactly the rows and cells the screen shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { DESKTOP, PHONE, baseUrl, expectAccessible, newPage, trackHydration, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD } from "../setup/http-session";
import { freshAddress, newReader, rawHttp } from "../setup/attacker";
import { probeIds } from "../setup/probe-ids";
import { payOnPesapal, signInWithForm } from "../setup/shop-journeys";
import type { ProbeIds } from "../setup/route-probes";

const PASSWORD = "count-pass-1";
const BROWSER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const BOT_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let browser: Browser;
let ids: ProbeIds;
let premiumTitle: string;

beforeAll(async () => {
  browser = await connectBrowser();
  ids = await probeIds();
  const html = await (
    await fetch(`${baseUrl()}/article/${ids.premium}`, { headers: { "User-Agent": BOT_AGENT } })
  ).text();
  premiumTitle = decode(/<h1[^>]*>([^<]+)<\/h1>/.exec(html)![1]!);
});
afterAll(async () => {
  await browser?.close();
});

function decode(text: string): string {
  return text
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

async function adminPage(viewport: { width: number; height: number }) {
  const opened = await newPage(browser, viewport);
  await signInWithForm(opened.page, "admin@nuru.test", DEMO_PASSWORD);
  return opened;
}

/** A page opened as a browser opens it (fetch() says it is a script's request, which is not counted). */
const navigateAs = (address: string, path: string) =>
  rawHttp(path, {
    headers: {
      "User-Agent": BROWSER_AGENT,
      "X-Forwarded-For": address,
      "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Dest": "document",
    },
  });

/** A table of the screen as text cells, header row first ([] when the screen says the period has nothing). */
async function screenTable(page: Page, id: string): Promise<string[][]> {
  const table = page.locator(`table[data-table="${id}"]`);
  if ((await table.count()) === 0) return [];
  return table.evaluate((t) =>
    [...t.querySelectorAll("tr")].map((tr) => [...tr.querySelectorAll("th, td")].map((c) => c.textContent ?? "")),
  );
}

/** The row whose first cell is `first` (undefined when the table has none). */
const rowOf = (rows: string[][], first: string) => rows.find((r) => r[0] === first);

async function openScreen(page: Page, period = "7d") {
  await page.goto(`/admin/analytics?period=${period}`);
  await page.getByRole("heading", { name: "Analytics", level: 1 }).waitFor();
}

/** A CSV file as rows of cells (quotes undone). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

describe("analytics screen", () => {
  it("counts guests' article views and searches, cached pages included and bots left out, at once (390 px)", async () => {
    const { page, context } = await adminPage(PHONE);
    await openScreen(page);
    const before = Number(rowOf(await screenTable(page, "articles"), premiumTitle)?.[1] ?? "0");

    // Three people open the premium article as guests from their own addresses (the first render is stored, the next
    // are cache hits); one of them reloads it 50 times (issue 46 item 6: still her one view today); a bot opens it,
    // and a script fetches it (not a navigation): neither counts.
    const people = [freshAddress(), freshAddress(), freshAddress()];
    const caches: string[] = [];
    for (const address of people) {
      const res = await navigateAs(address, `/article/${ids.premium}`);
      expect(res.status).toBe(200);
      caches.push(String(res.headers["x-guest-cache"] ?? "none"));
    }
    expect(caches).toContain("hit");
    for (let i = 0; i < 50; i++) expect((await navigateAs(people[0]!, `/article/${ids.premium}`)).status).toBe(200);
    await (await fetch(`${baseUrl()}/article/${ids.premium}`, { headers: { "User-Agent": BOT_AGENT } })).arrayBuffer();
    await (
      await fetch(`${baseUrl()}/article/${ids.premium}`, {
        headers: { "User-Agent": BROWSER_AGENT, "X-Forwarded-For": freshAddress() },
      })
    ).arrayBuffer();
    // A search nobody has made before, by the same three: found nothing each time (two of them from the cache).
    const word = `zqx${Date.now().toString(36)}`;
    const searchCaches: string[] = [];
    for (const address of people) {
      const res = await navigateAs(address, `/articles?q=${word.toUpperCase()}`);
      searchCaches.push(String(res.headers["x-guest-cache"] ?? "none"));
    }
    expect(searchCaches).toContain("hit");

    await openScreen(page);
    const articles = await screenTable(page, "articles");
    expect(articles[0]).toEqual([
      "Article",
      "Views",
      "Paywall views",
      "Sign-ups",
      "Offer views",
      "Checkout starts",
      "Purchases",
      "Paid per paywall view",
    ]);
    expect(Number(rowOf(articles, premiumTitle)?.[1])).toBe(before + 3);
    expect(rowOf(await screenTable(page, "searches"), word)).toEqual([word, "3", "3"]);
    expect(rowOf(await screenTable(page, "searches-empty"), word)).toEqual([word, "3"]);
    // Today's bar of the views chart, and a chart a screen reader can name.
    const chart = page.getByRole("img", { name: /Page views per day/ });
    expect(await chart.isVisible()).toBe(true);
    const today = (await screenTable(page, "views")).at(-1)!;
    expect(Number(today[4])).toBeGreaterThanOrEqual(3);
    expect(await chart.locator("rect title").last().textContent()).toBe(`${today[0]}: ${today[4]} views`);
    // The phone shows it all without sideways scrolling of the page (wide tables scroll in their own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await page.getByRole("link", { name: "12 months" }).isVisible()).toBe(true);
    await expectAccessible(page);
    await context.close();
  });

  it("shows where guests came from and the funnel's numbers on a phone, with no sideways scrolling of the page (390 px)", async () => {
    // A guest follows a campaign's link shared on Facebook; another comes from a search (a browser's navigations).
    const campaign = `launch-${Date.now().toString(36)}`;
    const guest = await browser.newContext({ viewport: PHONE, baseURL: baseUrl(), userAgent: BROWSER_AGENT });
    const guestPage = await guest.newPage();
    const arrivals = [
      [
        `/article/${ids.premium}?utm_source=facebook&utm_medium=social&utm_campaign=${campaign}`,
        "https://l.facebook.com/l.php?u=x",
      ],
      ["/pricing", `https://www.${campaign}.example/search?q=private+words`],
    ];
    for (const [path, referer] of arrivals) expect((await guestPage.goto(path!, { referer }))?.status()).toBe(200);
    await guest.close();

    const { page, context } = await adminPage(PHONE);
    await openScreen(page);
    const sources = await screenTable(page, "sources");
    expect(sources[0]).toEqual(["Site", "Campaign", "Arrivals"]);
    expect(sources).toContainEqual(["l.facebook.com", `facebook / social / ${campaign}`, "1"]);
    expect(sources).toContainEqual([`${campaign}.example`, "none", "1"]);
    expect(JSON.stringify(sources)).not.toContain("private");
    // The funnel's four steps, each count on the screen (not cut off at the phone's edge).
    const funnel = page.locator('table[data-table="funnel"]');
    const steps = await screenTable(page, "funnel");
    expect(steps.map((r) => r[0])).toEqual([
      "Step",
      "Article views",
      "Paywall views",
      "Checkout starts",
      "Payments done",
    ]);
    expect(Number(steps[1]![1])).toBeGreaterThanOrEqual(1);
    for (const step of ["Article views", "Paywall views", "Checkout starts", "Payments done"]) {
      const count = funnel
        .getByRole("row", { name: new RegExp(`^${step}`) })
        .locator("td")
        .first();
      await count.scrollIntoViewIfNeeded();
      expect(await count.isVisible()).toBe(true);
      const box = (await count.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect((await screenTable(page, "plans"))[0]).toEqual(["Plan", "Checkout starts", "Payments done", "Paid"]);
    // Every table is captioned; the page itself never scrolls sideways.
    expect(await page.locator("table[data-table]").count()).toBe(
      await page.locator("table[data-table] > caption").count(),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
    await context.close();
  });

  it("shows a purchase that began at an article's paywall, and every CSV export matches the screen (1280 px)", async () => {
    const email = await newReader(PASSWORD);
    // A reader's own Chrome: headless Chromium names itself in its user agent, and bots are not counted.
    const context0 = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), userAgent: BROWSER_AGENT });
    await trackHydration(context0);
    const reader = { context: context0, page: await context0.newPage() };
    await signInWithForm(reader.page, email, PASSWORD);
    await reader.page.goto(`/article/${ids.premium}`);
    await waitForHydration(reader.page);
    expect(await reader.page.getByRole("heading", { name: "Full content locked" }).isVisible()).toBe(true);
    await reader.page.getByRole("link", { name: "Unlock Premium Content" }).click();
    await reader.page.waitForURL((url) => url.pathname === "/pricing" && url.searchParams.get("from") === ids.premium);
    await waitForHydration(reader.page);
    await reader.page.getByRole("link", { name: "Get Started with Basic" }).click();
    await reader.page.waitForURL((url) => url.pathname === "/checkout/plan/basic");
    expect(new URL(reader.page.url()).searchParams.get("from")).toBe(ids.premium);
    await waitForHydration(reader.page);
    await reader.page.getByRole("button", { name: /^Pay KSh/ }).click();
    await payOnPesapal(reader.page, "Complete M-Pesa payment");
    expect(await reader.page.locator('[data-status="success"]').isVisible()).toBe(true);
    await reader.context.close();

    const { page, context } = await adminPage(DESKTOP);
    await openScreen(page);
    const row = rowOf(await screenTable(page, "articles"), premiumTitle)!;
    // Her visit met the paywall and went on to the plans; the paid order is the article's purchase.
    expect(Number(row[2])).toBeGreaterThanOrEqual(1);
    expect(row[4]).toBe("1");
    // Checkout starts: other journeys on the shared app may begin (and not pay) a checkout from this article's paywall.
    expect(Number(row[5])).toBeGreaterThanOrEqual(1);
    expect(row[6]).toBe("1");
    const methods = await screenTable(page, "revenue-methods");
    expect(Number(rowOf(methods, "M-Pesa")?.[1])).toBeGreaterThanOrEqual(250);
    expect(rowOf(await screenTable(page, "revenue-items"), "Basic")?.[1]).toBe("Plan");
    const members = await screenTable(page, "members");
    expect(Number(members.at(-1)![1])).toBeGreaterThanOrEqual(1);
    await expectAccessible(page);

    // Each table's CSV: the same header and rows as on the screen.
    const sections = await page
      .locator("table[data-table]")
      .evaluateAll((ts) => ts.map((t) => t.getAttribute("data-table")!));
    expect(sections).toEqual(expect.arrayContaining(["views", "articles", "revenue", "revenue-methods", "members"]));
    const links = page.getByRole("link", { name: /^Download CSV/ });
    expect(await links.count()).toBe(14);
    for (let i = 0; i < (await links.count()); i++) {
      const href = (await links.nth(i).getAttribute("href"))!;
      const id = new URL(href, baseUrl()).searchParams.get("table")!;
      const res = await context.request.get(href);
      expect(res.status(), id).toBe(200);
      expect(res.headers()["content-type"], id).toMatch(/^text\/csv/);
      const csv = parseCsv(await res.text());
      const screen = await screenTable(page, id);
      if (screen.length === 0) {
        // "Nothing in this period." on the screen: the CSV has its header only.
        expect(csv, id).toHaveLength(1);
        expect(
          await page.locator(`section[data-section="${id}"]`).getByText("Nothing in this period.").isVisible(),
        ).toBe(true);
      } else expect(csv, id).toEqual(screen);
    }
    // Not for anyone else: a guest is sent to sign in, and gets no numbers.
    const guest = await fetch(`${baseUrl()}/admin/analytics/csv?table=articles&period=7d`, { redirect: "manual" });
    expect(guest.status).not.toBe(200);
    expect(await guest.text()).not.toContain(premiumTitle);
    await context.close();
  });
});
