// Which copies a page offers for an image (issue 14: every candidate is HTML and hydration data).
import { describe, expect, it } from "vitest";
import { IMAGE_SLOTS, imageSrcSets, responsiveImageData, widthsForSlot } from "~/modules/storage/responsive-image";

describe("widthsForSlot", () => {
  it("keeps the copies from the first at least min wide through the first at least max wide", () => {
    expect(widthsForSlot([320, 640, 960, 1200], IMAGE_SLOTS.articleCard)).toEqual([640, 960]);
    expect(widthsForSlot([320, 640, 960, 1280, 1920], IMAGE_SLOTS.articleCard)).toEqual([640, 960]);
    expect(widthsForSlot([320, 640, 800], IMAGE_SLOTS.ebookCard)).toEqual([320, 640]);
    expect(widthsForSlot([320, 640, 960, 1200], IMAGE_SLOTS.hero)).toEqual([640, 960, 1200]);
  });

  it("offers the largest copy when all are narrower than the slot, and every copy without a slot", () => {
    expect(widthsForSlot([320, 480], IMAGE_SLOTS.articleCard)).toEqual([480]);
    expect(widthsForSlot([320, 640, 960], undefined)).toEqual([320, 640, 960]);
  });
});

describe("responsiveImageData and imageSrcSets", () => {
  const variants = { widths: [320, 640, 960, 1200], formats: ["avif", "webp", "jpg"] };

  it("offers AVIF in a <source> in the slot's widths and one copy in the original's format on the <img>", () => {
    const image = responsiveImageData("/media/images/a.jpg", 1200, 675, variants, IMAGE_SLOTS.articleCard);
    expect(image).toEqual({
      src: "/media/images/a.jpg",
      width: 1200,
      height: 675,
      widths: [640, 960],
      formats: ["avif", "jpg"],
    });
    expect(imageSrcSets(image)).toEqual({
      src: "/media/images/a-960w.jpg",
      srcSet: null,
      sources: [{ type: "image/avif", srcSet: "/media/images/a-640w.avif 640w, /media/images/a-960w.avif 960w" }],
      needsSizes: true,
    });
  });

  it("offers a fixed slot's two copies for 1x and 2x screens, and one copy alone, without sizes", () => {
    const card = responsiveImageData("/media/images/a.jpg", 1200, 675, variants, IMAGE_SLOTS.articleCard);
    expect(imageSrcSets(card, true)).toEqual({
      src: "/media/images/a-960w.jpg",
      srcSet: null,
      sources: [{ type: "image/avif", srcSet: "/media/images/a-640w.avif, /media/images/a-960w.avif 2x" }],
      needsSizes: false,
    });
    const row = responsiveImageData("/media/images/a.jpg", 1200, 675, variants, IMAGE_SLOTS.articleRow);
    expect(imageSrcSets(row).sources).toEqual([{ type: "image/avif", srcSet: "/media/images/a-320w.avif" }]);
    expect(imageSrcSets(row).needsSizes).toBe(false);
    // More copies than two (no slot) still pick by width, with sizes, even when asked for densities.
    const all = responsiveImageData("/media/images/a.jpg", 1200, 675, variants);
    expect(imageSrcSets(all, true).needsSizes).toBe(true);
    expect(imageSrcSets(all, true).sources[0].srcSet).toContain(" 320w, ");
    // Without AVIF the original's format carries the srcset.
    const jpgOnly = responsiveImageData("/media/images/b.jpg", 1200, 675, { widths: [640, 960], formats: ["jpg"] });
    expect(imageSrcSets(jpgOnly, true)).toEqual({
      src: null,
      srcSet: "/media/images/b-640w.jpg, /media/images/b-960w.jpg 2x",
      sources: [],
      needsSizes: false,
    });
  });

  it("draws a plain <img> for images without copies", () => {
    const image = responsiveImageData("/media/images/g.gif", 300, 200, null);
    expect(image).toEqual({ src: "/media/images/g.gif", width: 300, height: 200, widths: [], formats: [] });
    expect(imageSrcSets(image)).toEqual({ src: null, srcSet: null, sources: [], needsSizes: false });
    expect(imageSrcSets(null)).toEqual({ src: null, srcSet: null, sources: [], needsSizes: false });
  });

  it("keeps a PNG's own format as the fallback", () => {
    const image = responsiveImageData("/media/images/p.png", 800, 600, {
      widths: [320, 640],
      formats: ["avif", "webp", "png"],
    });
    expect(image.formats).toEqual(["avif", "png"]);
  });
});
