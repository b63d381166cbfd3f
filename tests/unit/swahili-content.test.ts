// Content in either language (issue 50, ADR 048): an article's translation link and alternates, the words of the line
// and of the feed's title, a home row's language mark, and the editor's Translation select.
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { articleTranslationFacts, pageAlternatesOf } from "~/lib/page-alternates";
import { translator } from "~/lib/i18n/i18n";
import { articleRow } from "~/modules/content/card-data";
import { localizedCategory } from "~/modules/content/category-words";
import { TranslationSelect } from "~/components/admin/admin-form-parts";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

describe("an article and its translation", () => {
  it("links an English article to the Swahili page of its translation, with the same alternates on both", () => {
    const english = articleTranslationFacts(A, { id: B, language: "sw" });
    expect(english).toEqual({
      translation: { language: "sw", href: `/sw/article/${B}` },
      alternates: { en: `/article/${A}`, sw: `/sw/article/${B}` },
    });
    const swahili = articleTranslationFacts(B, { id: A, language: "en" });
    expect(swahili).toEqual({
      translation: { language: "en", href: `/article/${A}` },
      alternates: { en: `/article/${A}`, sw: `/sw/article/${B}` },
    });
  });

  it("does the same for an ebook and its translation", () => {
    expect(articleTranslationFacts(B, { id: A, language: "en" }, "ebook")).toEqual({
      translation: { language: "en", href: `/ebook/${A}` },
      alternates: { en: `/ebook/${A}`, sw: `/sw/ebook/${B}` },
    });
    expect(translator("sw")("ebook.readInEnglish")).toBe("Soma kitabu pepe hiki kwa Kiingereza");
    expect(translator("en")("ebook.readInSwahili")).toBe("Read this ebook in Swahili");
  });

  it("takes the alternates from the page's own loader only, and only whole", () => {
    const alternates = { en: "/article/a", sw: "/sw/article/b" };
    expect(pageAlternatesOf([{ loaderData: {} }, { loaderData: { alternates } }])).toEqual(alternates);
    expect(pageAlternatesOf([{ loaderData: { alternates } }, { loaderData: {} }])).toBeNull();
    expect(pageAlternatesOf([{ loaderData: { alternates: { en: "/x" } } }])).toBeNull();
    expect(pageAlternatesOf([{ loaderData: undefined }])).toBeNull();
    expect(pageAlternatesOf([])).toBeNull();
  });

  it("says the line and the feed's title in the page's language", () => {
    const en = translator("en");
    const sw = translator("sw");
    expect(en("article.readInSwahili")).toBe("Read this article in Swahili");
    expect(en("article.readInEnglish")).toBe("Read this article in English");
    expect(sw("article.readInEnglish")).toBe("Soma makala hii kwa Kiingereza");
    expect(sw("article.readInSwahili")).toBe("Soma makala hii kwa Kiswahili");
    // The English head keeps its words.
    expect(en("shell.rssTitle")).toBe("Nuru: new articles");
    expect(sw("shell.rssTitle")).toBe("Nuru: makala mpya");
  });
});

describe("a home page row", () => {
  const row = {
    id: A,
    title: "Sahani ya Afya",
    imageUrl: null,
    accessType: "free" as const,
    access: "full" as const,
    readingMinutes: 2,
    categories: [{ name: "Weight Loss" }],
  };
  it("carries its language when not English (marked on a page of the other language), nothing for English", () => {
    expect(articleRow({ ...row, language: "sw" })).toMatchObject({ language: "sw" });
    expect("language" in articleRow({ ...row, language: "en" })).toBe(false);
    expect("language" in articleRow(row)).toBe(false);
  });
  it("names its category in the page's language: Swahili where set, else English marked lang en", () => {
    const named = { ...row, categories: [{ name: "Weight Loss", nameSw: "Kupunguza Uzito" }] };
    expect(articleRow(named, "sw").categories).toEqual([{ name: "Kupunguza Uzito" }]);
    expect(articleRow(row, "sw").categories).toEqual([{ name: "Weight Loss", lang: "en" }]);
    // An English page's data is what it was.
    expect(articleRow(named).categories).toEqual([{ name: "Weight Loss" }]);
  });
});

describe("a category's words", () => {
  const row = { name: "Skin & Beauty", nameSw: "Ngozi na Urembo", description: "Care.", descriptionSw: null };
  it("are the English ones, unmarked, on an English page", () => {
    expect(localizedCategory(row, "en")).toEqual({ name: "Skin & Beauty", description: "Care." });
  });
  it("are the Swahili ones on a Swahili page, the English kept and marked where none is set", () => {
    expect(localizedCategory(row, "sw")).toEqual({
      name: "Ngozi na Urembo",
      description: "Care.",
      descriptionLang: "en",
    });
    expect(localizedCategory({ ...row, nameSw: "", description: null }, "sw")).toEqual({
      name: "Skin & Beauty",
      nameLang: "en",
      description: null,
    });
  });
});

describe("the editor's Translation select", () => {
  const choices = [
    { id: A, title: "The Kenyan Plate Method", language: "en", published: true },
    { id: B, title: "Sahani ya Afya", language: "sw", published: false },
  ];
  const render = (language: string, defaultValue = "") =>
    renderToStaticMarkup(createElement(TranslationSelect, { id: "t", language, defaultValue, choices }));

  it("offers the articles of the other language, and none", () => {
    const english = render("en");
    expect(english).toContain('name="translationId"');
    expect(english).toContain('<option value="" selected="">None</option>');
    expect(english).toContain(`<option value="${B}">Sahani ya Afya (draft)</option>`);
    expect(english).not.toContain("The Kenyan Plate Method");
    const swahili = render("sw", A);
    expect(swahili).toContain(`<option value="${A}" selected="">The Kenyan Plate Method</option>`);
    expect(swahili).not.toContain("Sahani ya Afya");
  });
});
