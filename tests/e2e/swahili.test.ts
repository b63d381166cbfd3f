// The shop in Swahili (issue 50, ADR 048): "/sw/..." addresses for the reader pages rendered without React in the
// browser, with the shell and the pages' own words in Swahili, both languages named to search engines, the same
// caching for both, a switch that is a plain link, and a one-line offer (never a redirect) for a browser that
// prefers Swahili.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { baseUrl, newPage, PHONE } from "../setup/pages";
import { signInCookie } from "../setup/http-session";
import { newReader } from "../setup/attacker";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SWAHILI_PAGES = [
  "/sw",
  "/sw/home",
  "/sw/articles",
  "/sw/ebooks",
  "/sw/categories",
  "/sw/category/weight-loss",
  "/sw/pricing",
];

/** English words the shell used to show: none may be left on a Swahili page's header, menus or footer. */
const ENGLISH_SHELL_WORDS =
  /\b(Home|Articles|Ebooks|Pricing|Bookmarks|Categories|About|Account|Sign In|Support|Terms|Privacy|Plans|Data saver|Skip to content)\b/;

async function fetchPage(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl()}${path}`, { headers, redirect: "manual" });
  return { res, body: await res.text() };
}

/** A section's words, with those of its templates (the carousel's later slides before its script puts them in place). */
function sectionText(page: import("playwright-core").Page, selector: string): Promise<string> {
  return page
    .locator(selector)
    .evaluate((section) =>
      [section, ...Array.from(section.querySelectorAll("template"), (t) => t.content)]
        .map((node) => node.textContent ?? "")
        .join("\n"),
    );
}

describe("Swahili pages at 390 px", () => {
  for (const path of SWAHILI_PAGES)
    it(`${path}: lang="sw", its shell in Swahili, and both languages named`, async () => {
      const { page, context, errors } = await newPage(browser, PHONE);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await page.locator("html").getAttribute("lang")).toBe("sw");
      const bottom = page.getByRole("navigation", { name: "Menyu ya simu" });
      expect(await bottom.getByRole("link").allInnerTexts()).toEqual([
        "Mwanzo",
        "Makala",
        "Vitabu pepe",
        "Kategoria",
        "Bei",
        "Akaunti",
      ]);
      // The links keep her language where the page exists in Swahili.
      expect(await bottom.getByRole("link", { name: "Makala" }).getAttribute("href")).toBe("/sw/articles");
      expect(await bottom.getByRole("link", { name: "Bei" }).getAttribute("href")).toBe("/sw/pricing");
      // Her account has a Swahili page too since issue 50's account slice (tests/e2e/swahili-account.test.ts).
      expect(await bottom.getByRole("link", { name: "Akaunti" }).getAttribute("href")).toBe("/sw/account");
      const shell = await page.evaluate(() =>
        ["header", "nav[aria-label='Menyu ya simu']", "footer"]
          .map((selector) => (document.querySelector(selector) as HTMLElement | null)?.innerText ?? "")
          .join("\n"),
      );
      expect(shell).toContain("Ingia");
      expect(shell).toContain("Masharti ya matumizi");
      // The switch names English in English; everything else in the shell is Swahili.
      expect(shell.replace(/^English$/m, "")).not.toMatch(ENGLISH_SHELL_WORDS);

      const english = path.replace(/^\/sw/, "") || "/";
      const links = await page.$$eval("link[rel=alternate][hreflang]", (found) =>
        found.map((l) => `${l.getAttribute("hreflang")} ${new URL(l.getAttribute("href")!).pathname}`),
      );
      expect(links).toEqual([`en ${english}`, `sw ${path}`, `x-default ${english}`]);
      const canonical = await page.locator("link[rel=canonical]").getAttribute("href");
      expect(new URL(canonical!).pathname).toBe(path);
      expect(errors).toEqual([]);
      await context.close();
    });

  it("the home page and the lists speak Swahili, with KSh prices", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/sw");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Nuru: afya njema kwa wanawake");
    expect(await page.getByRole("heading", { name: "Makala mpya", exact: true }).count()).toBe(1);
    expect(await page.locator("#subscription-cta").innerText()).toMatch(/KSh\s?[\d,]+/);
    await page.goto("/sw/articles");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Makala");
    expect(await page.getByRole("search").getByRole("button").innerText()).toBe("Tafuta");
    expect(await page.locator("[aria-live=polite]").innerText()).toMatch(/^makala \d+$/);
    await page.goto("/sw/ebooks");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Vitabu pepe");
    expect(await page.locator("main").innerText()).toMatch(/KSh\s?[\d,]+/);
    await context.close();
  });

  it("the home page's slides, featured ebook and plans are in Swahili, in the pricing page's words", async () => {
    const { page, context, errors } = await newPage(browser, PHONE);
    expect((await page.goto("/sw/"))?.status()).toBe(200);
    // Every slide, those still waiting as templates for the carousel's script too.
    const hero = await sectionText(page, "[data-testid=hero]");
    for (const words of [
      "Afya njema inayoendana na maisha ya Kenya",
      "Gundua makala",
      "Angalia bei",
      "Jenga nguvu na umbo lako ukiwa nyumbani",
      "Tazama vitabu pepe",
      "Tazama kategoria",
      "Tunza ngozi yako na afya yako",
      "Anza kusoma bure",
      "Kuhusu Nuru",
    ])
      expect(hero).toContain(words);
    const slide = page.locator("[aria-roledescription=slide]").first();
    expect(await slide.getByRole("heading").innerText()).toBe("Afya njema inayoendana na maisha ya Kenya");
    expect(await slide.getByRole("link", { name: "Gundua makala" }).getAttribute("href")).toBe("/sw/articles");
    expect(await slide.getByRole("link", { name: "Angalia bei" }).getAttribute("href")).toBe("/sw/pricing");

    const ad = page.locator("#featured-ad");
    expect(await ad.getByRole("heading").innerText()).toBe(
      "Glute Foundations: mpango wako wa mazoezi wa wiki 4 nyumbani",
    );
    expect(await ad.getByRole("link", { name: "Pata mpango wa mazoezi" }).getAttribute("href")).toMatch(
      /^\/sw\/ebook\/[\w-]+$/,
    );
    expect(await ad.getByRole("link", { name: "Tazama vitabu pepe vyote" }).getAttribute("href")).toBe("/sw/ebooks");

    const plans = page.locator("#subscription-cta");
    const cards = await plans.locator("li.plan").evaluateAll((found) =>
      found.map((card) => ({
        name: card.querySelector("h3")!.textContent,
        badge: card.querySelector(".plan-badge")?.textContent ?? null,
        term: card.querySelector(".plan-term")!.textContent,
      })),
    );
    expect(cards).toContainEqual({ name: "Pasi ya siku 7", badge: null, term: "kwa siku 7" });
    expect(cards).toContainEqual({ name: "Standard", badge: "Maarufu zaidi", term: "kwa miezi 2" });
    expect(cards).toContainEqual({ name: "Premium", badge: "Tunapendekeza", term: "kwa miezi 3" });
    const planWords = await plans.innerText();
    for (const words of [
      "Chagua Pasi ya siku 7",
      "✓ Makala zote za kulipia na za wanachama",
      "✓ Vitabu pepe bila kikomo",
      "✓ Ufikiaji wa siku 7",
    ])
      expect(planWords).toContain(words);
    const englishWords =
      /Wellness that fits Kenyan life|Explore articles|See pricing|Browse ebooks|View categories|Start reading free|About Nuru|Get the programme|Browse all ebooks|7-day pass|\bfor \d|of your choice|Unlimited ebooks|All premium & subscription articles|days access|Most Popular|Recommended/;
    expect(hero).not.toMatch(englishWords);
    expect(await ad.innerText()).not.toMatch(englishWords);
    expect(planWords).not.toMatch(englishWords);

    // The same names and badges as the Swahili pricing page, in the same order.
    const home = { names: cards.map((c) => c.name), badges: cards.map((c) => c.badge).filter(Boolean) };
    await page.goto("/sw/pricing");
    const pricing = page.locator("main li[aria-labelledby^=plan-]");
    expect(await pricing.locator("h2").allInnerTexts()).toEqual(home.names);
    expect(await pricing.locator("span.absolute").allInnerTexts()).toEqual(home.badges);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the English home page keeps its English slides, featured ebook and plans", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/");
    const hero = await sectionText(page, "[data-testid=hero]");
    for (const words of ["Wellness that fits Kenyan life", "Explore articles", "See pricing", "About Nuru"])
      expect(hero).toContain(words);
    expect(hero).not.toContain("Afya njema");
    expect(
      await page
        .locator("[aria-roledescription=slide]")
        .first()
        .getByRole("link", { name: "Explore articles" })
        .getAttribute("href"),
    ).toBe("/articles");
    const ad = await page.locator("#featured-ad").innerText();
    expect(ad).toContain("Get the programme");
    expect(ad).toContain("Browse all ebooks");
    const plans = await page.locator("#subscription-cta").innerText();
    for (const words of [
      "7-day pass",
      "Choose 7-day pass",
      "for 7 days",
      "for 2 months",
      "Most Popular",
      "Recommended",
    ])
      expect(plans).toContain(words);
    expect(plans).toContain("✓ Unlimited ebooks");
    expect(plans).not.toMatch(/Pasi|kwa siku|Maarufu/);
    // No word is marked as English on an English page.
    expect(await page.locator("main [lang=en]").count()).toBe(0);
    await context.close();
  });

  it("an English page is unchanged: lang en, English words, alternates to its Swahili page", async () => {
    const { body } = await fetchPage("/articles");
    expect(body).toContain('<html lang="en"');
    expect(body).toContain(">Articles</h1>");
    expect(body).toMatch(/<link rel="alternate" hrefLang="sw" href="[^"]*\/sw\/articles"/i);
    // A page without a Swahili version names no alternates and offers no switch (every reader page has one since
    // issue 50's third slice; an address that is no page has none).
    const missing = await fetchPage("/no-such-page");
    expect(missing.res.status).toBe(404);
    expect(missing.body).not.toMatch(/hreflang/i);
    expect(missing.body).not.toContain("/language?");
  });
});

describe("caching the same for both languages", () => {
  it("a Swahili page is cached like its English one, and neither varies on Accept-Language", async () => {
    for (const [english, swahili] of [
      ["/", "/sw"],
      ["/articles", "/sw/articles"],
    ]) {
      await fetchPage(english);
      await fetchPage(swahili);
      const en = (await fetchPage(english)).res;
      const sw = (await fetchPage(swahili)).res;
      expect(sw.headers.get("cache-control")).toBe(en.headers.get("cache-control"));
      expect(sw.headers.get("x-guest-cache")).toBe("hit");
      expect(en.headers.get("x-guest-cache")).toBe("hit");
      for (const res of [en, sw]) expect(res.headers.get("vary") ?? "").not.toMatch(/accept-language/i);
    }
  });
});

describe("choosing the language", () => {
  it("the footer's switch is a plain link that keeps the page and remembers her choice", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/articles?access=free");
    await page.getByRole("link", { name: "Kiswahili" }).click();
    await page.waitForURL(/\/sw\/articles\?access=free$/);
    expect(await page.locator("html").getAttribute("lang")).toBe("sw");
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "nuru_lang")?.value).toBe("sw");
    await page.getByRole("link", { name: "English" }).click();
    await page.waitForURL(/\/articles\?access=free$/);
    expect(new URL(page.url()).pathname).toBe("/articles");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await context.close();
  });

  it("the switch never leaves the site", async () => {
    const { res } = await fetchPage("/language?to=sw&next=//evil.example/x");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/sw");
  });

  it("a browser that prefers Swahili is offered the Swahili page in one line, on a personal response only", async () => {
    const swahiliFirst = { "Accept-Language": "sw-KE,sw;q=0.9,en;q=0.5" };
    const offered = await fetchPage("/articles", swahiliFirst);
    expect(offered.res.status).toBe(200);
    expect(offered.body).toContain("Ukurasa huu upo pia kwa Kiswahili.");
    expect(offered.body).toContain("/language?to=sw&amp;next=%2Farticles");
    expect(offered.res.headers.get("cache-control")).toBe("private, no-store");
    expect(offered.res.headers.get("x-guest-cache")).toBeNull();
    // The same address for anyone else: no offer, from the cache as before.
    const plain = await fetchPage("/articles", { "Accept-Language": "en-KE,en;q=0.9" });
    expect(plain.body).not.toContain("Ukurasa huu upo pia kwa Kiswahili.");
    expect(plain.res.headers.get("cache-control")).not.toContain("no-store");
    // Once she has chosen, never again; and never on the Swahili page itself.
    const chosen = await fetchPage("/articles", { ...swahiliFirst, Cookie: "nuru_lang=en" });
    expect(chosen.body).not.toContain("Ukurasa huu upo pia kwa Kiswahili.");
    const swahili = await fetchPage("/sw/articles", swahiliFirst);
    expect(swahili.body).not.toContain("Ukurasa huu upo pia kwa Kiswahili.");
  });
});

describe("the sitemap", () => {
  it("lists the Swahili pages beside the English ones", async () => {
    const { body } = await fetchPage("/sitemap.xml");
    const origin = /<loc>(https?:\/\/[^/<]+)\//.exec(body)?.[1];
    expect(origin).toBeTruthy();
    const article = /<loc>[^<]*(\/article\/[\w-]+)<\/loc>/.exec(body)?.[1];
    const ebook = /<loc>[^<]*(\/ebook\/[\w-]+)<\/loc>/.exec(body)?.[1];
    expect(article && ebook).toBeTruthy();
    for (const path of [
      "/",
      "/articles",
      "/ebooks",
      "/categories",
      "/category/weight-loss",
      "/pricing",
      article,
      ebook,
    ]) {
      expect(body).toContain(`<loc>${origin}${path === "/" ? "/" : path}</loc>`);
      expect(body).toContain(`<loc>${origin}${path === "/" ? "/sw" : `/sw${path}`}</loc>`);
    }
  });
});

/** English words of the article, ebook and pricing pages' own controls and messages: none may be left in Swahili. */
const ENGLISH_PAGE_WORDS =
  /\b(Back to Articles|min read|Full content locked|Unlock Premium Content|is for members|Bookmark|Remove|Share|Write a review|Sign in|Join the conversation|No reviews yet|No comments yet|Reviews|Comments|New articles like this|Follow|Rating|Post Comment|Submit Review|Plans and pricing|Get Started|Start Free Trial|as a gift|Cancel anytime|Contact Sales|Read sample|Read a sample|Purchase Ebook|View Subscription Plans|Login or Sign Up|of your choice|Unlimited ebooks|Most Popular|Recommended|free trial|Go to Ebooks List|The sample ends here|Download PDF|Read Ebook|Your plan|Prices for|Payments by|See the|Terms|days?|months?|weeks?|access)\b/;

/** The page's own words: its main region without what the writer wrote (title, preview, body, tags, sample, reviews). */
async function pageWords(page: import("playwright-core").Page): Promise<string> {
  return page.evaluate(() => {
    const main = document.querySelector("main")!.cloneNode(true) as HTMLElement;
    const content = [
      "h1",
      ".paywalled-content > p:first-child",
      ".article-body",
      "ul[aria-label]",
      "a[href*='/category/']",
      "[data-testid=ebook-contents]",
      "[data-testid=ebook-sample] .prose",
      "[data-testid=ebook-sample] > p.mt-3",
      "[data-testid=review] h3",
      "[data-testid=review] p",
      "[data-testid=comment] p",
      "p.mt-4.text-gray-700",
      "script",
    ];
    for (const node of main.querySelectorAll(content.join(","))) node.remove();
    return main.innerText;
  });
}

/** The first address of `kind` ("article" or "ebook") on a Swahili list, filtered by `access`. */
async function firstOnList(kind: "article" | "ebook", access: string, cookie?: string): Promise<string> {
  const { body } = await fetchPage(`/sw/${kind}s?access=${access}`, cookie ? { Cookie: cookie } : {});
  const path = new RegExp(`href="(/sw/${kind}/[\\w-]+)"`).exec(body)?.[1];
  expect(path, `a ${access} ${kind} on /sw/${kind}s`).toBeTruthy();
  return path!;
}

describe("an article, an ebook and the plans in Swahili at 390 px", () => {
  it("the lists link to the Swahili article and ebook pages", async () => {
    expect(await firstOnList("article", "free")).toMatch(/^\/sw\/article\//);
    expect(await firstOnList("ebook", "premium")).toMatch(/^\/sw\/ebook\//);
  });

  for (const kind of ["article", "ebook", "pricing"] as const)
    it(`${kind}: lang="sw", its own words in Swahili, named in both languages, no overflow`, async () => {
      const path = kind === "pricing" ? "/sw/pricing" : await firstOnList(kind, "premium");
      const { page, context, errors } = await newPage(browser, PHONE);
      expect((await page.goto(path))?.status(), path).toBe(200);
      expect(await page.locator("html").getAttribute("lang")).toBe("sw");
      const words = await pageWords(page);
      expect(words, path).not.toMatch(ENGLISH_PAGE_WORDS);
      expect(words).toMatch(/KSh\s[\d,]+\.\d\d/);
      if (kind === "article") {
        expect(words).toContain("Maudhui kamili yamefungwa");
        expect(words).toMatch(
          /\d{1,2} (Januari|Februari|Machi|Aprili|Mei|Juni|Julai|Agosti|Septemba|Oktoba|Novemba|Desemba) \d{4}/,
        );
        expect(words).toMatch(/dakika \d+ za kusoma/);
        expect(await page.getByRole("link", { name: "Rudi kwenye makala" }).getAttribute("href")).toBe("/sw/articles");
      }
      if (kind === "ebook") {
        expect(words).toContain("Soma sehemu ya mwanzo");
        expect(words).toMatch(/Nunua kitabu pepe KSh/);
      }
      if (kind === "pricing") {
        expect(words).toContain("Sitisha wakati wowote");
        expect(words).toMatch(/KSh\s99\.00\s+kwa siku 7/);
        expect(words).toContain("Anza majaribio ya bure");
        // Every plan's feature bullets are capitalised alike, the ebook allowance too.
        const bullets = (await page.locator("main li[aria-labelledby^='plan-'] ul li").allInnerTexts()).map((b) =>
          b.replace(/^✓\s*/, ""),
        );
        expect(bullets).toContain("Kitabu pepe 1 cha chaguo lako");
        expect(bullets).toContain("Vitabu pepe 2 vya chaguo lako");
        expect(bullets.filter((b) => !/^[A-Z]/.test(b))).toEqual([]);
      }
      // A page linked to its translation names that page as its English one (tests/e2e/swahili-content.test.ts).
      const line = page.locator("main a[hreflang=en]", { hasText: "kwa Kiingereza" });
      const english = (await line.count()) ? (await line.getAttribute("href"))! : path.replace(/^\/sw/, "");
      const links = await page.$$eval("link[rel=alternate][hreflang]", (found) =>
        found.map((l) => `${l.getAttribute("hreflang")} ${new URL(l.getAttribute("href")!).pathname}`),
      );
      expect(links).toEqual([`en ${english}`, `sw ${path}`, `x-default ${english}`]);
      expect(new URL((await page.locator("link[rel=canonical]").getAttribute("href"))!).pathname).toBe(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(errors).toEqual([]);
      await context.close();
    });

  it("a premium article is gated the same in Swahili: a guest sees the preview, a subscriber all of it", async () => {
    const path = await firstOnList("article", "premium");
    const english = path.replace(/^\/sw/, "");
    const guest = (await fetchPage(path)).body;
    const guestEnglish = (await fetchPage(english)).body;
    for (const body of [guest, guestEnglish]) {
      expect(body).toContain('class="paywalled-content"');
      expect(body).not.toContain('class="article-body"');
    }
    expect(guest).toContain("Maudhui kamili yamefungwa");

    const cookie = await signInCookie("subscriber@nuru.test");
    const { page, context, errors } = await newPage(browser, PHONE);
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name, value: value.join("="), url: baseUrl() };
      }),
    );
    await page.goto(path);
    expect(await page.locator(".paywalled-content").count()).toBe(0);
    const body = await page.locator(".article-body").innerText();
    // The whole body: the same text the English page gives her.
    const whole = await fetchPage(english, { Cookie: cookie });
    expect(whole.body).toContain('class="article-body"');
    expect(body.length).toBeGreaterThan(400);
    // Her forms, in Swahili too.
    expect(await page.getByRole("button", { name: "Tuma tathmini" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Tuma maoni" }).count()).toBe(1);
    expect(await pageWords(page)).not.toMatch(ENGLISH_PAGE_WORDS);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The cards of a list page: each card's title and its language mark ("" when none). */
async function cards(path: string): Promise<{ title: string; mark: string }[]> {
  const { page, context } = await newPage(browser, PHONE);
  await page.goto(path);
  const found = await page.$$eval("main .card-title", (titles) =>
    titles.map((title) => {
      const card = title.closest("article, li, .card") ?? title.parentElement!;
      // The language's own mark, not a category chip (one without a Swahili name is marked English too).
      const mark = [...card.querySelectorAll(".tags [lang]")].find((m) => /^(English|Kiswahili)$/.test(m.textContent!));
      return { title: title.textContent!.trim(), mark: mark ? `${mark.getAttribute("lang")} ${mark.textContent}` : "" };
    }),
  );
  await context.close();
  return found;
}

describe("content in either language", () => {
  it("a Swahili list shows the Swahili articles first and marks the English ones", async () => {
    const listed = await cards("/sw/articles");
    expect(listed.length).toBeGreaterThan(3);
    expect(listed.slice(0, 3).map((c) => c.mark)).toEqual(["", "", ""]);
    expect(listed[0].title).toBe("Sahani ya Afya: Kula Ugali na Bado Kupunguza Uzito");
    expect(listed[3].mark).toBe("en English");
    expect(listed.slice(3).every((c) => c.mark === "en English")).toBe(true);
  });

  it("an English list shows the English ebooks first and marks the Swahili one", async () => {
    // Other files add ebooks of their own: the list is English first, then the others, each marked.
    const marks = (await cards("/ebooks")).map((c) => c.mark);
    const firstMarked = marks.findIndex((m) => m !== "");
    expect(firstMarked === -1 ? [] : marks.slice(firstMarked).filter((m) => m === "")).toEqual([]);
    expect(await cards("/ebooks?q=Ngozi")).toEqual([
      { title: "Ngozi Yenye Afya: Mwongozo wa Utunzaji wa Ngozi wa Kila Siku", mark: "sw Kiswahili" },
    ]);
    const swahili = await cards("/sw/ebooks");
    expect(swahili[0]).toEqual({ title: "Ngozi Yenye Afya: Mwongozo wa Utunzaji wa Ngozi wa Kila Siku", mark: "" });
    expect(swahili.slice(1).every((c) => c.mark === "en English")).toBe(true);
  });
});

describe("her language in her account", () => {
  it("is saved on the account page, kept in the cookie, and set again when she signs in elsewhere", async () => {
    const email = await newReader();
    const cookie = await signInCookie(email, "right-pass-1");
    expect(cookie).not.toContain("nuru_lang=");
    const { page, context, errors } = await newPage(browser, PHONE);
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl() };
      }),
    );
    await page.goto("/account");
    await page.getByLabel("The shop's language for you").selectOption("sw");
    await page.getByRole("button", { name: "Save language" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toContain("Lugha imehifadhiwa");
    expect((await context.cookies()).find((c) => c.name === "nuru_lang")?.value).toBe("sw");
    expect(await page.getByLabel("The shop's language for you").inputValue()).toBe("sw");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
    // Another browser: signing in sets her language there too.
    expect(await signInCookie(email, "right-pass-1")).toContain("nuru_lang=sw");
  });
});
