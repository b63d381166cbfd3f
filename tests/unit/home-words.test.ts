// The hero slides' and the featured ad's words by the page's language (issue 50, ADR 048): a Swahili page shows each
// Swahili word the admin set and the English of each she left empty (named so the element is marked lang="en"), and
// links to the Swahili pages; an English page is exactly as saved.
import { describe, expect, it } from "vitest";
import { adIn, langOf, slideIn } from "~/modules/home/home-words";

const slide = {
  title: "Wellness that fits Kenyan life",
  subtitle: "Practical guides",
  imageUrl: "/media/images/a.jpg",
  primaryButtonText: "Explore articles",
  primaryButtonLink: "/articles",
  secondaryButtonText: "About Nuru",
  secondaryButtonLink: "https://example.org/about",
  titleSw: "Afya njema inayoendana na maisha ya Kenya",
  subtitleSw: null,
  primaryButtonTextSw: "Gundua makala",
  secondaryButtonTextSw: "",
};

describe("slideIn", () => {
  it("on an English page: the English words and links as saved, nothing marked", () => {
    expect(slideIn(slide, "en")).toEqual({
      title: "Wellness that fits Kenyan life",
      subtitle: "Practical guides",
      imageUrl: "/media/images/a.jpg",
      primaryButtonText: "Explore articles",
      primaryButtonLink: "/articles",
      secondaryButtonText: "About Nuru",
      secondaryButtonLink: "https://example.org/about",
    });
  });

  it("on a Swahili page: the Swahili words set, the English of the others marked, shop links in Swahili", () => {
    const shown = slideIn(slide, "sw");
    expect(shown).toMatchObject({
      title: "Afya njema inayoendana na maisha ya Kenya",
      subtitle: "Practical guides",
      primaryButtonText: "Gundua makala",
      primaryButtonLink: "/sw/articles",
      secondaryButtonText: "About Nuru",
      // Another site's address is left as it is.
      secondaryButtonLink: "https://example.org/about",
    });
    expect(langOf(shown, "title")).toBeUndefined();
    expect(langOf(shown, "primaryButtonText")).toBeUndefined();
    expect(langOf(shown, "subtitle")).toBe("en");
    expect(langOf(shown, "secondaryButtonText")).toBe("en");
  });

  it("a link to a page with no Swahili version keeps its one address", () => {
    expect(slideIn({ ...slide, primaryButtonLink: "/support?x=1" }, "sw").primaryButtonLink).toBe("/support?x=1");
  });
});

describe("adIn", () => {
  const ad = {
    headline: "Glute Foundations",
    subtext: null,
    coverImageUrl: null,
    primaryButtonText: "Get the programme",
    primaryButtonLink: "/ebook/123",
    secondaryButtonText: "Browse all ebooks",
    secondaryButtonLink: "/ebooks",
    headlineSw: null,
    subtextSw: null,
    primaryButtonTextSw: "Pata mpango wa mazoezi",
    secondaryButtonTextSw: "Tazama vitabu pepe vyote",
  };
  it("says the ad in Swahili where written, marks the English headline, and links to the Swahili pages", () => {
    const shown = adIn(ad, "sw");
    expect(shown).toMatchObject({
      headline: "Glute Foundations",
      subtext: null,
      primaryButtonText: "Pata mpango wa mazoezi",
      primaryButtonLink: "/sw/ebook/123",
      secondaryButtonText: "Tazama vitabu pepe vyote",
      secondaryButtonLink: "/sw/ebooks",
    });
    expect(shown.inEnglish).toEqual(["headline"]);
  });
  it("is as saved on an English page", () => {
    const shown = adIn(ad, "en");
    expect(shown.primaryButtonText).toBe("Get the programme");
    expect(shown.secondaryButtonLink).toBe("/ebooks");
    expect(langOf(shown, "headline")).toBeUndefined();
  });
});
