// What a link-preview scraper (WhatsApp, Facebook, X) and a search engine read in a page's head (issue 46): every
// listing and information page shares with a picture and its alt text, and a paged list is canonical to itself.
import { describe, expect, it } from "vitest";
import { meta as pricingMeta } from "~/routes/pricing";
import { meta as aboutMeta } from "~/routes/about";
import { meta as termsMeta } from "~/routes/terms";
import { meta as articlesMeta } from "~/routes/articles";
import { meta as ebooksMeta } from "~/routes/ebooks";
import { meta as categoriesMeta } from "~/routes/categories";
import { meta as categoryMeta } from "~/routes/category";
import { meta as articleMeta } from "~/routes/article";
import { meta as ebookMeta } from "~/routes/ebook";
import { meta as homeMeta } from "~/routes/home";
import { ogCardFor } from "~/modules/site/og-card.server";
import { loader as ogImageLoader } from "~/routes/og-image";
import { pageCardAlt } from "~/modules/site/og-page-cards.server";

const ORIGIN = "https://nuru.example";
const matches = [{ id: "root", loaderData: { origin: ORIGIN } }];

type Tag = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function tagsOf(meta: (args: any) => unknown, loaderData?: unknown, params: Record<string, string> = {}): Tag[] {
  return meta({ matches, loaderData, params, location: { pathname: "/", search: "" } }) as Tag[];
}
const property = (tags: Tag[], name: string) => tags.find((t) => t.property === name)?.content;
const named = (tags: Tag[], name: string) => tags.find((t) => t.name === name)?.content;
const canonical = (tags: Tag[]) => tags.find((t) => t.rel === "canonical")?.href;

const SIX_PAGES = [
  ["/pricing", pricingMeta, "pricing"],
  ["/about", aboutMeta, "about"],
  ["/terms", termsMeta, "terms"],
  ["/articles", articlesMeta, "articles"],
  ["/ebooks", ebooksMeta, "ebooks"],
  ["/categories", categoriesMeta, "categories"],
] as const;

describe("share previews of listing and information pages", () => {
  it.each(SIX_PAGES)("%s shares a large picture of its own card, with its size and alt text", (_path, meta, name) => {
    const tags = tagsOf(meta, { page: 1 });
    const image = `${ORIGIN}/og/page/${name}.jpg`;
    expect(property(tags, "og:image")).toBe(image);
    expect(property(tags, "og:image:width")).toBe("1200");
    expect(property(tags, "og:image:height")).toBe("630");
    // The route writes its card's words out (so the card list stays out of the browser's chunks): the same words.
    expect(property(tags, "og:image:alt")).toBe(pageCardAlt(name));
    expect(named(tags, "twitter:card")).toBe("summary_large_image");
    expect(named(tags, "twitter:image")).toBe(image);
  });

  it("the pricing card reads 'Plans and prices', drawn by the image route as a JPEG", async () => {
    expect(await ogCardFor("page", "pricing")).toMatchObject({ label: "Plans and prices" });
    const res = await ogImageLoader({
      request: new Request(`${ORIGIN}/og/page/pricing.jpg`),
      params: { "*": "page/pricing.jpg" },
    } as never);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/jpeg");
    expect(res.headers.get("Cache-Control")).toMatch(/^public/);
  });

  it("a page name without a card answers 404, never a card made of the request's words", async () => {
    for (const key of ["account", "constructor", "__proto__", "hasOwnProperty"]) {
      expect(await ogCardFor("page", key)).toBeNull();
    }
    const res = await ogImageLoader({
      request: new Request(`${ORIGIN}/og/page/account.jpg`),
      params: { "*": "page/account.jpg" },
    } as never);
    expect(res.status).toBe(404);
  });

  it("content pages and the home page name what their picture shows (og:image:alt)", () => {
    const article = tagsOf(articleMeta, {
      article: { id: "a1", title: "Morning stretches", metaDescription: null, excerpt: "Wake up." },
    });
    expect(property(article, "og:image")).toBe(`${ORIGIN}/og/article/a1.jpg`);
    expect(property(article, "og:image:alt")).toContain("Morning stretches");
    expect(named(article, "twitter:image")).toBe(`${ORIGIN}/og/article/a1.jpg`);
    const ebook = tagsOf(ebookMeta, { ebook: { id: "e1", title: "Glow guide", description: null } });
    expect(property(ebook, "og:image:alt")).toContain("Glow guide");
    const category = tagsOf(
      categoryMeta,
      { category: { name: "Skin care", slug: "skin-care", description: null }, page: 1 },
      { slug: "skin-care" },
    );
    expect(property(category, "og:image:alt")).toContain("Skin care");
    const home = tagsOf(homeMeta, { path: "/" });
    expect(property(home, "og:image")).toBe(`${ORIGIN}/og/home.jpg`);
    expect(property(home, "og:image:alt")).toBe(pageCardAlt("home"));
  });

  it("every og:image in these heads comes with og:image:alt", () => {
    for (const [, meta] of SIX_PAGES) {
      const tags = tagsOf(meta, { page: 1 });
      expect(tags.filter((t) => t.property === "og:image:alt")).toHaveLength(1);
    }
  });
});

describe("canonical links of paged lists", () => {
  it("page 2 of articles, ebooks and a category is canonical to itself, page 1 without the parameter", () => {
    expect(canonical(tagsOf(articlesMeta, { page: 2 }))).toBe(`${ORIGIN}/articles?page=2`);
    expect(canonical(tagsOf(ebooksMeta, { page: 3 }))).toBe(`${ORIGIN}/ebooks?page=3`);
    const category = (page: number) =>
      canonical(
        tagsOf(
          categoryMeta,
          { category: { name: "Skin care", slug: "skin-care", description: null }, page },
          {
            slug: "skin-care",
          },
        ),
      );
    expect(category(2)).toBe(`${ORIGIN}/category/skin-care?page=2`);
    expect(category(1)).toBe(`${ORIGIN}/category/skin-care`);
    expect(canonical(tagsOf(articlesMeta, { page: 1 }))).toBe(`${ORIGIN}/articles`);
    // og:url follows: the shared address of page 2 is page 2.
    expect(property(tagsOf(articlesMeta, { page: 2 }), "og:url")).toBe(`${ORIGIN}/articles?page=2`);
  });
});
