// Shared by the server (article bodies) and the <ResponsiveImage> component, so it stays tiny: it ships in the
// article page's JavaScript, which has a budget (docs/decisions/006-javascript-budget.md).

/** A stored image as pages draw it: the original's URL, its size when known, and its responsive copies. */
export interface ResponsiveImageData {
  src: string;
  width: number | null;
  height: number | null;
  /** Widths of the copies beside the original, ascending; empty when there are none (GIFs, outside URLs). */
  widths: number[];
  /** Their formats (file extensions), best first: avif, webp, then the original's own (jpg or png). */
  formats: string[];
}

/** The URL of one copy: the original's name with `-<width>w.<format>` in place of its extension. */
export function variantUrl(src: string, width: number, format: string): string {
  return src.replace(/\.[a-z0-9]+$/i, `-${width}w.${format}`);
}

/** `srcset` of one format: every width of the copies, e.g. "/media/images/a-320w.webp 320w, ...". */
export function variantSrcSet(image: ResponsiveImageData, format: string): string {
  return image.widths.map((w) => `${variantUrl(image.src, w, format)} ${w}w`).join(", ");
}

/** The MIME type a <source> announces for a format, so browsers skip formats they cannot show. */
export const imageType = (format: string) => `image/${format === "jpg" ? "jpeg" : format}`;

/** `sizes` of an image across the article column (max-w-3xl less its padding), or the phone's width less margins. */
export const ARTICLE_COLUMN_SIZES = "(min-width: 768px) 736px, calc(100vw - 2rem)";
