// The Swahili about, terms and privacy pages, their share cards, error words and offline page (issue 50, ADR 048).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { EntryContext } from "react-router";
import { meta as aboutMeta } from "~/routes/about";
import { meta as termsMeta } from "~/routes/terms";
import { meta as privacyMeta } from "~/routes/privacy";
import { meta as articlesMeta } from "~/routes/articles";
import { loader as ogImageLoader } from "~/routes/og-image";
import { ogCardFor } from "~/modules/site/og-card.server";
import { pageCardAlt } from "~/modules/site/og-page-cards.server";
import { PAGE_CARD_NAMES, contentCardWords, pageCardWords } from "~/modules/site/og-card-words";
import { swahiliErrorWords } from "~/components/layout/error-words-sw";
import { islandsPage } from "~/components/islands";
import { translator } from "~/lib/i18n/i18n";
import { CANCEL_RULE, CARD_RULE, PREPAID_RULE, REMINDER_RULE } from "~/modules/membership/renewal-rules";
// @ts-expect-error -- a plain ES module script without types
import { readLanguage, renderOfflinePage, scriptWords } from "../../scripts/offline-pages.mjs";

const ORIGIN = "https://nuru.example";
type Tag = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function tagsAt(meta: (args: any) => unknown, pathname: string, loaderData?: unknown): Tag[] {
  const matches = [
    { id: "root", pathname: "/", loaderData: { origin: ORIGIN } },
    { id: "page", pathname },
  ];
  return meta({ matches, loaderData, params: {}, location: { pathname, search: "" } }) as Tag[];
}
const property = (tags: Tag[], name: string) => tags.find((t) => t.property === name)?.content;

describe("share previews of the Swahili pages", () => {
  it.each([
    ["/sw/about", aboutMeta, "about"],
    ["/sw/terms", termsMeta, "terms"],
    ["/sw/articles", articlesMeta, "articles"],
  ] as const)(
    "%s shares its card drawn in Swahili, says sw_KE, and its English page is as before",
    (path, meta, name) => {
      const sw = tagsAt(meta, path, { page: 1 });
      expect(property(sw, "og:image")).toBe(`${ORIGIN}/og/sw/page/${name}.jpg`);
      expect(property(sw, "og:image:alt")).toBe(pageCardAlt(name, "sw"));
      expect(property(sw, "og:image:alt")).not.toBe(pageCardAlt(name));
      expect(property(sw, "og:locale")).toBe("sw_KE");
      expect(property(sw, "og:locale:alternate")).toBe("en_KE");
      const en = tagsAt(meta, path.slice(3), { page: 1 });
      expect(property(en, "og:image")).toBe(`${ORIGIN}/og/page/${name}.jpg`);
      expect(property(en, "og:image:alt")).toBe(pageCardAlt(name));
      expect(property(en, "og:locale")).toBeUndefined();
    },
  );

  it("the legal pages are titled in Swahili, and privacy (no card) shares none", () => {
    expect(tagsAt(aboutMeta, "/sw/about")[0]).toEqual({ title: "Kuhusu Nuru | Nuru" });
    expect(tagsAt(termsMeta, "/sw/terms")[0]).toEqual({ title: "Masharti ya matumizi | Nuru" });
    const privacy = tagsAt(privacyMeta, "/sw/privacy");
    expect(privacy[0]).toEqual({ title: "Faragha na data yako | Nuru" });
    expect(property(privacy, "og:image")).toBeUndefined();
    expect(tagsAt(privacyMeta, "/privacy")[0]).toEqual({ title: "Privacy and your data | Nuru" });
  });

  it("every page card has its own Swahili words, with a badge where the English has one", () => {
    for (const name of PAGE_CARD_NAMES) {
      const en = pageCardWords(name, "en")!;
      const sw = pageCardWords(name, "sw")!;
      expect(sw.label, name).not.toBe(en.label);
      expect(sw.title, name).not.toBe(en.title);
      expect(sw.badge === null, name).toBe(en.badge === null);
      for (const words of [sw.label, sw.title]) expect(words, name).not.toMatch(/^og\./);
    }
    expect(contentCardWords("sw").article("premium")).toEqual({ label: "Makala", badge: "Makala ya kulipia" });
    expect(contentCardWords("sw").ebook("free")).toEqual({ label: "Kitabu pepe", badge: "Kitabu pepe cha bure" });
    expect(contentCardWords("en").ebook("subscription").badge).toBe("Members-only ebook");
  });

  it("the image route draws /og/sw/... cards in Swahili and refuses a name it has no card for", async () => {
    expect(await ogCardFor("page", "pricing", "sw")).toMatchObject({
      label: "Mipango na bei",
      badge: "M-Pesa au kadi",
    });
    expect(await ogCardFor("home", "", "sw")).toMatchObject({ label: "Soma bure au jiunge" });
    const load = (address: string) =>
      ogImageLoader({ request: new Request(`${ORIGIN}/og/${address}`), params: { "*": address } } as never);
    const drawn = await load("sw/page/about.jpg");
    expect(drawn.status).toBe(200);
    expect(drawn.headers.get("Content-Type")).toBe("image/jpeg");
    // The Swahili card is another picture than the English one.
    expect(drawn.headers.get("ETag")).not.toBe((await load("page/about.jpg")).headers.get("ETag"));
    for (const address of ["sw/page/account.jpg", "sw/sw/page/about.jpg", "en/page/about.jpg"])
      expect((await load(address)).status, address).toBe(404);
  });
});

describe("the Swahili terms", () => {
  it("say the renewal rules /pricing and the English terms say (the catalogue's English is those rules)", () => {
    const en = translator("en");
    expect(en("rules.prepaid")).toBe(PREPAID_RULE);
    expect(en("rules.card")).toBe(CARD_RULE);
    expect(en("rules.reminder")).toBe(REMINDER_RULE);
    expect(en("rules.cancel")).toBe(CANCEL_RULE);
    expect(translator("sw")("rules.prepaid")).toMatch(/^Mipango hulipiwa mapema/);
  });
});

describe("error pages in Swahili", () => {
  it("name a known error in Swahili, with its way back, and leave an unknown one to the generic words", () => {
    expect(swahiliErrorWords({ code: "NOT_FOUND", title: "Oops! Page not found.", message: "x" })).toEqual({
      code: "NOT_FOUND",
      title: "Samahani! Ukurasa haukupatikana.",
      message: "Ukurasa unaoutafuta umehamishwa au haukuwahi kuwepo.",
      back: { to: "/", label: "Rudi mwanzo" },
    });
    expect(swahiliErrorWords({ code: "CATEGORY_NOT_FOUND" })).toMatchObject({
      title: "Kategoria haikupatikana",
      back: { to: "/categories", label: "Rudi kwenye kategoria" },
    });
    expect(
      swahiliErrorWords({ code: "ORDER_NOT_FOUND", message: "The requested order could not be found." }),
    ).toBeNull();
    expect(swahiliErrorWords({ code: "constructor" })).toBeNull();
    expect(swahiliErrorWords("Not Found")).toBeNull();
  });

  it("are rendered without React in the browser, as every Swahili document; English error pages hydrate as before", () => {
    const context = (pathname: string, dataSaver = false) =>
      ({
        staticHandlerContext: {
          location: { pathname },
          matches: [{ route: { id: "routes/not-found" } }],
          loaderData: { root: { dataSaver } },
          errors: { "routes/not-found": new Error("404") },
        },
        routeModules: { "routes/not-found": {} },
      }) as unknown as EntryContext;
    expect(islandsPage(context("/sw/no-such-page"))).toBe(true);
    expect(islandsPage(context("/sw/about"))).toBe(true);
    expect(islandsPage(context("/no-such-page"))).toBe(false);
    expect(islandsPage(context("/swahili"))).toBe(false);
    // Data saver: no script at all, in either language.
    expect(islandsPage(context("/sw/no-such-page", true))).toBe(false);
  });
});

describe("the offline page in each language", () => {
  const template = readFileSync("app/components/offline/offline.html", "utf8");

  it("is made from one template and the catalogues, every placeholder filled", () => {
    const en = renderOfflinePage(template, "en", readLanguage("en"));
    const sw = renderOfflinePage(template, "sw", readLanguage("sw"));
    expect(en).toContain('<html lang="en">');
    expect(en).toContain("<h1>You are offline</h1>");
    expect(en).toContain('<a class="retry" href="">Try again</a>');
    expect(sw).toContain('<html lang="sw">');
    expect(sw).toContain("<title>Uko bila mtandao | Nuru</title>");
    expect(sw).toContain('<header><a href="/sw">Nuru</a></header>');
    expect(sw).toContain('<h2 id="saved-heading">Maktaba bila mtandao</h2>');
    for (const page of [en, sw]) expect(page).not.toContain("{{");
    const words = (html: string) => html.replace(/^[\s\S]*<body>|<[^>]*>/g, " ");
    expect(words(en)).toMatch(/\b(offline|Try again|connection|saved)\b/);
    expect(words(sw)).not.toMatch(/\b(offline|Try again|connection|saved)\b/);
  });

  it("fails the build on a message missing from a catalogue", () => {
    const catalogue = readLanguage("sw");
    catalogue.delete("offlinePage.tryAgain");
    expect(() => renderOfflinePage(template, "sw", catalogue)).toThrow(/offlinePage.tryAgain/);
    expect(() => scriptWords("sw", catalogue)).toThrow(/offlinePage.tryAgain/);
    expect(scriptWords("sw", readLanguage("sw"))).toMatchObject({ savedEbook: "kimehifadhiwa {date}" });
  });
});
