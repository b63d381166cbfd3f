// Image URLs of responsive copies. The <ResponsiveImage> component imports only the type and the column's sizes:
// the srcset strings are built on the server, so no code for them ships in the article page's JavaScript, which
// has a budget (docs/decisions/006-javascript-budget.md).

/**
 * A stored image as pages draw it: the original's URL, its size when known, and its responsive copies as ready
 * srcset strings (built on the server, so the browser gets no code for it): `srcSet` for the <img> (the original's
 * format) and `sources` for the <picture> (AVIF, WebP). Without copies (GIFs, old data) `srcSet` is null.
 */
export interface ResponsiveImageData {
  src: string;
  width: number | null;
  height: number | null;
  srcSet: string | null;
  sources: { type: string; srcSet: string }[];
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

/** `srcset` of one format: every width of the copies, e.g. "/media/images/a-320w.webp 320w, ...". */
export function variantSrcSet(src: string, variants: VariantList, format: string): string {
  return variants.widths.map((w) => `${variantUrl(src, w, format)} ${w}w`).join(", ");
}

/** The MIME type a <source> announces for a format, so browsers skip formats they cannot show. */
export const imageType = (format: string) => `image/${format === "jpg" ? "jpeg" : format}`;

/** What pages need to draw the image at `src`: its size and, when it has copies, their srcset strings. */
export function responsiveImageData(
  src: string,
  width: number | null,
  height: number | null,
  variants: VariantList | null,
): ResponsiveImageData {
  if (!variants?.widths.length) return { src, width, height, srcSet: null, sources: [] };
  const fallback = variants.formats[variants.formats.length - 1];
  return {
    src,
    width,
    height,
    srcSet: variantSrcSet(src, variants, fallback),
    sources: variants.formats
      .slice(0, -1)
      .map((format) => ({ type: imageType(format), srcSet: variantSrcSet(src, variants, format) })),
  };
}

/** `sizes` of an image across the article column (max-w-3xl less its padding), or the phone's width less margins. */
export const ARTICLE_COLUMN_SIZES = "(min-width: 768px) 736px, calc(100vw - 2rem)";
