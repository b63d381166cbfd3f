// Image URLs of responsive copies, for the server and the <ResponsiveImage> component alike: the component builds
// the srcset strings from a few numbers (issue 14: they were whole strings in every page's data), with a few lines
// that fit the article page's JavaScript budget (docs/decisions/006-javascript-budget.md).

/**
 * A stored image as pages draw it: the original's URL, its size when known, and which of its copies to offer:
 * `widths` (those its slot needs) in `formats` (AVIF for the <picture>'s one <source>, then the original's format
 * for the <img>; AVIF is the smallest copy of every image we make, and browsers without it take the <img>'s). The
 * srcset strings follow from these (`imageSrcSets`), so pages carry a few numbers per image instead of a dozen
 * URLs, twice (markup and hydration data). Without copies (GIFs, old data) both lists are empty.
 */
export interface ResponsiveImageData extends VariantList {
  src: string;
  width: number | null;
  height: number | null;
}

/** A stored image's copies: widths ascending, formats best first (avif, webp, then the original's own). */
export interface VariantList {
  widths: number[];
  formats: string[];
}

/** The URL of one copy: the original's name with `-<width>w.<format>` in place of its extension. */
export function variantUrl(src: string, width: number, format: string): string {
  return src.replace(/\.[a-z0-9]+$/i, `-${width}w.${format}`);
}

/**
 * `srcset` of one format: every width of the copies ("/media/images/a-320w.avif 320w, ..."), or, `byDensity`, the
 * copies for 1x and 2x screens ("/media/images/a-640w.avif, /media/images/a-960w.avif 2x"), which needs no `sizes`.
 * One copy needs no descriptor at all.
 */
export function variantSrcSet(src: string, variants: VariantList, format: string, byDensity = false): string {
  const { widths } = variants;
  if (widths.length === 1) return variantUrl(src, widths[0], format);
  if (byDensity && widths.length === 2)
    return `${variantUrl(src, widths[0], format)}, ${variantUrl(src, widths[1], format)} 2x`;
  return widths.map((w) => `${variantUrl(src, w, format)} ${w}w`).join(", ");
}

/** Whether a srcset `variantSrcSet` makes of these copies picks by width, so the element needs `sizes`. */
export function srcSetNeedsSizes(variants: VariantList, byDensity = false): boolean {
  return variants.widths.length > (byDensity ? 2 : 1);
}

/**
 * Where an image is drawn, in device pixels: `min`, its box at 1x on the screens that show it smallest that
 * matter; `max`, its box at 2x where it is widest. A srcset for a slot offers only the copies between: every
 * candidate costs about 60 bytes of HTML and as much again in the page's hydration data, per format.
 */
export interface ImageSlot {
  min: number;
  max: number;
}

/**
 * Slots of the images lists and the home page draw many of (their `sizes` are beside the components). Article
 * cards: 358 CSS px on desktops (640 at 1x), 358-398 on phones (960 at 2x). Ebook covers: about 171 CSS px on
 * phones, up to 358 on desktops (320 and 640). A row's thumbnail: 112 CSS px everywhere (one 320 px copy). The
 * featured ad's cover: 128-176 CSS px. Hero slides: the full width, from a 2x phone to a 1920 px desktop.
 */
export const IMAGE_SLOTS = {
  articleCard: { min: 358, max: 716 },
  articleRow: { min: 112, max: 224 },
  ebookCard: { min: 160, max: 600 },
  adCover: { min: 128, max: 352 },
  hero: { min: 640, max: 1920 },
} as const satisfies Record<string, ImageSlot>;

/** The widths a slot needs: from the first copy at least `min` wide through the first at least `max` wide. */
export function widthsForSlot(widths: number[], slot: ImageSlot | undefined): number[] {
  if (!slot) return widths;
  const first = widths.findIndex((w) => w >= slot.min);
  const last = widths.findIndex((w) => w >= slot.max);
  return widths.slice(first < 0 ? widths.length - 1 : first, last < 0 ? widths.length : last + 1);
}

/** The MIME type a <source> announces for a format, so browsers skip formats they cannot show. */
export const imageType = (format: string) => `image/${format === "jpg" ? "jpeg" : format}`;

/** What pages need to draw the image at `src`: its size and, when it has copies, those `slot` needs. */
export function responsiveImageData(
  src: string,
  width: number | null,
  height: number | null,
  variants: VariantList | null,
  slot?: ImageSlot,
): ResponsiveImageData {
  if (!variants?.widths.length) return { src, width, height, widths: [], formats: [] };
  const fallback = variants.formats[variants.formats.length - 1];
  return {
    src,
    width,
    height,
    widths: widthsForSlot(variants.widths, slot),
    formats: variants.formats.includes("avif") && fallback !== "avif" ? ["avif", fallback] : [fallback],
  };
}

/**
 * What the markup of an image needs, built where the markup is (server and browser alike) from `image.src`:
 * `sources`, the <picture>'s AVIF srcset, best first; and the <img>'s own: with an AVIF source, one copy in the
 * original's format (the slot's widest) as `src` and no srcset, since every current browser takes the AVIF and a
 * second srcset per image cost about 200 bytes of HTML (issue 14); without one, the original format's `srcSet`.
 * `byDensity` is for slots of about one width on every screen (cards, rows, covers: IMAGE_SLOTS, whose two copies
 * are the 1x and the 2x one): their srcsets then need no `sizes` (`needsSizes` false), about 80 bytes less each.
 */
export function imageSrcSets(
  image: ResponsiveImageData | null | undefined,
  byDensity = false,
): {
  src: string | null;
  srcSet: string | null;
  sources: { type: string; srcSet: string }[];
  needsSizes: boolean;
} {
  if (!image?.widths.length) return { src: null, srcSet: null, sources: [], needsSizes: false };
  const fallback = image.formats[image.formats.length - 1];
  const needsSizes = srcSetNeedsSizes(image, byDensity);
  const sources = image.formats
    .slice(0, -1)
    .map((f) => ({ type: imageType(f), srcSet: variantSrcSet(image.src, image, f, byDensity) }));
  if (!sources.length)
    return { src: null, srcSet: variantSrcSet(image.src, image, fallback, byDensity), sources, needsSizes };
  const src = variantUrl(image.src, image.widths[image.widths.length - 1], fallback);
  return { src, srcSet: null, sources, needsSizes };
}

/** The smallest copy of an image (its narrowest width in its best format), or the original without copies. */
export function smallestCopyUrl(image: ResponsiveImageData | null | undefined, src: string): string {
  return image?.widths.length && image.formats.length ? variantUrl(image.src, image.widths[0], image.formats[0]) : src;
}

/** `sizes` of an image across the article column (max-w-3xl less its padding), or the phone's width less margins. */
export const ARTICLE_COLUMN_SIZES = "(min-width: 768px) 736px, calc(100vw - 2rem)";
