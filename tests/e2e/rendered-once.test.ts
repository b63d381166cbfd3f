// Parts of a page rendered once (ADR 022): guest home sections and a text article body. Home and articles are
// islands pages since issue 51 (ADR 045): their first load carries no hydration data at all.
// On a first load their content is in the HTML and not repeated in the hydration data; in the browser the HTML
// stays after hydration, its links navigate inside the app, and data requests (navigation, search, revalidation)
// carry everything. The home page hydrates nothing since ADR 045: it has no hydration data at all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PHONE, baseUrl, newPage, waitForHydration } from "../setup/pages";
import { getText, signInCookie } from "../setup/http-session";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's hydration data: what React Router's inline scripts hand the browser. */
function hydrationData(html: string): string {
  return [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .filter((s) => s.includes("streamController.enqueue"))
    .join("");
}

/** Titles of the latest articles, as the page's HTML shows them. */
function latestTitles(html: string): string[] {
  const start = html.indexOf('id="latest"');
  const section = html.slice(start, html.indexOf("</section>", start));
  return [...section.matchAll(/<h3 class="card-title[^"]*"><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
}

const decode = (s: string) => s.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');

describe("parts of a page rendered once", () => {
  // The home page hydrates no React since ADR 045: its first load carries no hydration data at all (stronger than
  // rendering parts once); the app's data request, for a navigation to it from a page that runs the app, carries all.
  it("sends the latest articles as HTML only on a first load, and in full as data", async () => {
    const { body } = await getText("/");
    const titles = latestTitles(body).map((title) => decode(title));
    // Four, none of them shown by a section above (issue 46: each article once).
    expect(titles).toHaveLength(4);
    expect(hydrationData(body)).toBe("");
    expect(body).not.toContain("__reactRouterContext");
    // The same page's data request (what the app fetches when it navigates to /) carries the sections.
    const res = await fetch(new URL("/_.data", baseUrl()));
    const full = await res.text();
    expect(res.status).toBe(200);
    expect(full).not.toContain("home.latest");
    expect(full).toContain(titles[0].slice(0, 20));
  });

  it("sends a signed-in reader's home page as HTML only too, her bookmark buttons in it", async () => {
    const cookie = await signInCookie("subscriber@nuru.test");
    const { body } = await getText("/", cookie);
    expect(hydrationData(body)).toBe("");
    expect(body).not.toContain("__reactRouterContext");
    expect(body).toMatch(/aria-label="(Remove bookmark|Bookmark) /);
  });

  it("links, searches and goes back from the HTML; reached inside the app, the page renders whole from its data", async () => {
    const { page, context, errors } = await newPage(browser, PHONE);
    await page.goto("/");
    await waitForHydration(page);
    const latest = page.locator("#latest article");
    expect(await latest.count()).toBe(4);
    expect(await page.getByTestId("must-reads").locator("article").count()).toBe(3);
    const title = await latest.first().locator("h3 a").innerText();
    await latest.first().locator("h3 a").click();
    await page.waitForURL(/\/article\//);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(title);
    await page.goBack();
    await expect.poll(() => page.locator("#latest article").count()).toBe(4);
    await page.locator("#home-search").fill("weight");
    await page.locator("#latest").getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=weight/);
    await expect.poll(() => page.locator("#latest article").count()).toBeGreaterThan(0);
    expect(await page.locator("#home-search").inputValue()).toBe("weight");
    // From a page that runs the app (/about; an article is an islands page too since issue 51), the logo goes home
    // inside the app: every section, from the data.
    await page.goto("/about");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByRole("banner").getByRole("link", { name: "Nuru" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.locator("#latest article").count()).toBe(4);
    expect(await page.getByTestId("must-reads").locator("article").count()).toBe(3);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a free article's body as HTML only on a first load, and renders it from data inside the app", async () => {
    // An article of text and images; demo articles first (other suites may edit the newest free ones).
    const listing = [
      (await getText("/articles?q=Finding%20a%20Bra%20That%20Actually%20Fits")).body,
      (await getText("/articles?q=Walking%20Your%20Way%20Lighter")).body,
      (await getText("/articles?access=free")).body,
    ].join("");
    const firstParagraph = (html: string) => /<div class="article-body">[\s\S]*?<p>([^<]{40,})/.exec(html)?.[1];
    let path = "";
    let body = "";
    for (const [, candidate] of listing.matchAll(/href="(\/article\/[0-9a-f-]{36})"/g)) {
      body = (await getText(candidate)).body;
      path = candidate;
      if (firstParagraph(body)) break;
    }
    // An islands page (ADR 045, issue 51): the body is in the HTML, and no hydration data repeats it.
    const paragraph = firstParagraph(body);
    expect(paragraph).toBeTruthy();
    expect(hydrationData(body)).toBe("");
    expect(body).not.toContain("__reactRouterContext");

    // Reached from a page that runs the app, the article renders whole from its data, in the same document.
    const { page, context, errors } = await newPage(browser, PHONE);
    await page.goto("/about");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.evaluate(
      (to) =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
        ).__reactRouterDataRouter.navigate(to),
      path,
    );
    await page.waitForURL((url) => url.pathname === path);
    await expect.poll(() => page.locator(".article-body").innerText()).toContain(decode(paragraph!).slice(0, 40));
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
