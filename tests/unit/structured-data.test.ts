import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  articleJsonLd,
  ebookJsonLd,
  homeJsonLd,
  jsonLdScript,
  type ArticleForJsonLd,
  type EbookForJsonLd,
} from "~/modules/site/structured-data";

const ORIGIN = "https://nuru.example";
const URL_A = `${ORIGIN}/article/1b0c5a52-3d7e-4c5e-9d51-7c1f1f0b2a11`;

function article(over: Partial<ArticleForJsonLd> = {}): ArticleForJsonLd {
  return {
    id: "1b0c5a52-3d7e-4c5e-9d51-7c1f1f0b2a11",
    title: "Morning stretches",
    excerpt: "Five minutes that wake the body.",
    metaDescription: null,
    imageUrl: "/media/covers/stretch.webp",
    accessType: "free",
    access: "full",
    createdAt: "2026-11-01T08:00:00.000Z",
    updatedAt: "2026-11-02T09:30:00.000Z",
    ...over,
  };
}

function ebook(over: Partial<EbookForJsonLd> = {}): EbookForJsonLd {
  return {
    id: "e1",
    title: "Glow guide",
    description: "Skin care on a budget.",
    coverImageUrl: "/media/covers/glow.webp",
    priceCents: 49900,
    accessType: "premium",
    ...over,
  };
}

describe("articleJsonLd", () => {
  it("describes a free article as an Article open to everyone", () => {
    const data = articleJsonLd({ article: article(), url: URL_A, origin: ORIGIN });
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "Morning stretches",
      description: "Five minutes that wake the body.",
      datePublished: "2026-11-01T08:00:00.000Z",
      dateModified: "2026-11-02T09:30:00.000Z",
      image: [`${ORIGIN}/media/covers/stretch.webp`],
      author: { "@type": "Organization", name: "Nuru" },
      publisher: {
        "@type": "Organization",
        name: "Nuru",
        logo: { "@type": "ImageObject", url: `${ORIGIN}/favicon.svg` },
      },
      mainEntityOfPage: { "@type": "WebPage", "@id": URL_A },
      isAccessibleForFree: true,
    });
    expect(data).not.toHaveProperty("hasPart");
  });

  it("prefers the meta description and keeps absolute image URLs", () => {
    const data = articleJsonLd({
      article: article({ metaDescription: "Meta text", imageUrl: "https://cdn.example/x.jpg" }),
      url: URL_A,
      origin: ORIGIN,
    });
    expect(data.description).toBe("Meta text");
    expect(data.image).toEqual(["https://cdn.example/x.jpg"]);
  });

  it("gives an article without a cover its share card as image (issue 46)", () => {
    expect(articleJsonLd({ article: article({ imageUrl: null }), url: URL_A, origin: ORIGIN }).image).toEqual([
      `${ORIGIN}/og/article/1b0c5a52-3d7e-4c5e-9d51-7c1f1f0b2a11.jpg`,
    ]);
  });

  it.each(["premium", "subscription"] as const)("marks a locked %s article as paywalled", (accessType) => {
    const data = articleJsonLd({ article: article({ accessType, access: "preview" }), url: URL_A, origin: ORIGIN });
    expect(data.isAccessibleForFree).toBe(false);
    expect(data.hasPart).toEqual({
      "@type": "WebPageElement",
      isAccessibleForFree: false,
      cssSelector: ".paywalled-content",
    });
  });

  it("treats a paid article the viewer may read in full as accessible", () => {
    const data = articleJsonLd({
      article: article({ accessType: "premium", access: "full" }),
      url: URL_A,
      origin: ORIGIN,
    });
    expect(data.isAccessibleForFree).toBe(true);
    expect(data).not.toHaveProperty("hasPart");
  });
});

describe("ebookJsonLd", () => {
  const url = `${ORIGIN}/ebook/e1`;

  it("describes a priced ebook as a Book and Product with a KES offer", () => {
    expect(ebookJsonLd({ ebook: ebook(), url, origin: ORIGIN })).toMatchObject({
      "@context": "https://schema.org",
      "@type": ["Book", "Product"],
      name: "Glow guide",
      description: "Skin care on a budget.",
      image: `${ORIGIN}/media/covers/glow.webp`,
      bookFormat: "https://schema.org/EBook",
      offers: {
        "@type": "Offer",
        price: "499.00",
        priceCurrency: "KES",
        availability: "https://schema.org/InStock",
        url,
      },
    });
  });

  it("writes prices with two decimals", () => {
    const data = ebookJsonLd({ ebook: ebook({ priceCents: 123450 }), url, origin: ORIGIN });
    expect((data.offers as { price: string }).price).toBe("1234.50");
  });

  it("gives free ebooks a 0.00 offer", () => {
    const data = ebookJsonLd({ ebook: ebook({ accessType: "free", priceCents: 0 }), url, origin: ORIGIN });
    expect(data.offers).toMatchObject({ price: "0.00", priceCurrency: "KES" });
  });

  it("has no offer for subscription-only or unpriced ebooks", () => {
    expect(
      ebookJsonLd({ ebook: ebook({ accessType: "subscription", priceCents: null }), url, origin: ORIGIN }),
    ).not.toHaveProperty("offers");
    expect(ebookJsonLd({ ebook: ebook({ priceCents: 0 }), url, origin: ORIGIN })).not.toHaveProperty("offers");
    expect(ebookJsonLd({ ebook: ebook({ priceCents: null }), url, origin: ORIGIN })).not.toHaveProperty("offers");
  });

  it("leaves out a missing description and cover", () => {
    const data = ebookJsonLd({ ebook: ebook({ description: null, coverImageUrl: null }), url, origin: ORIGIN });
    expect(data).not.toHaveProperty("description");
    expect(data).not.toHaveProperty("image");
  });
});

describe("jsonLdScript", () => {
  it("cannot close the script element or open a comment", () => {
    const out = jsonLdScript({ name: "</script><script>alert(1)</script><!--" });
    expect(out).not.toMatch(/[<>]/);
    expect(out).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(out)).toEqual({ name: "</script><script>alert(1)</script><!--" });
  });

  it("escapes U+2028 and U+2029 and round-trips", () => {
    const value = { text: "a\u2028b\u2029c & d" };
    const out = jsonLdScript(value);
    expect(out).not.toMatch(/[\u2028\u2029&]/);
    expect(out).toContain("\\u2028");
    expect(out).toContain("\\u2029");
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe("absoluteUrl", () => {
  it("joins paths to the origin", () => {
    expect(absoluteUrl("/a.png", `${ORIGIN}/`)).toBe(`${ORIGIN}/a.png`);
    expect(absoluteUrl("a.png", ORIGIN)).toBe(`${ORIGIN}/a.png`);
    expect(absoluteUrl("http://x.test/a.png", ORIGIN)).toBe("http://x.test/a.png");
  });
});

describe("home page JSON-LD (issue 46)", () => {
  const data = homeJsonLd(ORIGIN) as { "@context": string; "@graph": Record<string, unknown>[] };
  const ofType = (type: string) => data["@graph"].find((n) => n["@type"] === type)!;

  it("names the WebSite with a search action to the article search, which reads ?q=", () => {
    expect(data["@context"]).toBe("https://schema.org");
    const site = ofType("WebSite");
    expect(site).toMatchObject({ name: "Nuru", url: `${ORIGIN}/` });
    expect(site.potentialAction).toEqual({
      "@type": "SearchAction",
      target: `${ORIGIN}/articles?q={search_term_string}`,
      "query-input": "required name=search_term_string",
    });
  });

  it("names the Organization with its url and an absolute raster logo", () => {
    const org = ofType("Organization");
    expect(org).toMatchObject({ name: "Nuru", url: `${ORIGIN}/` });
    expect(org.logo).toBe(`${ORIGIN}/icons/icon-512.png`);
  });

  it("is safe inside a script element", () => {
    const script = jsonLdScript(homeJsonLd("https://nuru.example/</script>"));
    expect(script).not.toContain("</script>");
    expect(JSON.parse(script)).toEqual(homeJsonLd("https://nuru.example/</script>"));
  });
});
