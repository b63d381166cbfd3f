import { describe, expect, it } from "vitest";
import { ebooksOfAd, takeUnshown } from "~/modules/home/shown-once";

const items = (...ids: string[]) => ids.map((id) => ({ id }));

describe("the home page's sections, each item once (issue 46)", () => {
  it("fills each section with items the sections above do not show, and shows fewer rather than repeat", () => {
    const shown = new Set(["a"]);
    expect(takeUnshown(items("a", "b", "c", "d"), shown, 2)).toEqual(items("b", "c"));
    expect(takeUnshown(items("b", "c", "d", "e"), shown, 3)).toEqual(items("d", "e"));
    expect(takeUnshown(items("a", "b"), shown, 2)).toEqual([]);
    expect([...shown]).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("counts the featured ad's ebook, named or linked", () => {
    const id = "0d9f6c1e-8a57-4c6b-9b0e-3f1a2b4c5d6e";
    const other = "1b0c5a52-3d7e-4c5e-9d51-7c1f1f0b2a11";
    expect(
      ebooksOfAd({ ebookId: id, primaryButtonLink: `/ebook/${other}?from=ad`, secondaryButtonLink: "/ebooks" }),
    ).toEqual([id, other]);
    expect(
      ebooksOfAd({ ebookId: null, primaryButtonLink: "https://x.example/ebook/1", secondaryButtonLink: null }),
    ).toEqual([]);
    expect(ebooksOfAd(null)).toEqual([]);
  });
});
