import { imageSrcSets, type ResponsiveImageData } from "~/modules/storage/responsive-image";

/**
 * One of our images: a <picture> offering its AVIF copies, so the browser picks the smallest file for the box
 * `sizes` describes, and one copy in the original's format on the <img> for browsers without AVIF. Without
 * copies (outside URLs, GIFs,
 * old data) it is a plain <img>. Width and height are always set so the box is reserved before the file arrives.
 * `priority` is for the page's largest image (LCP): fetched at once and first; every other image waits until near.
 * Kept this small on purpose: it is in the article page's JavaScript budget. The srcsets are built from the
 * image's copy widths and formats, not carried whole in the page's data (issue 14).
 */
export function ResponsiveImage({
  image,
  src,
  alt,
  width,
  height,
  sizes,
  priority,
  className,
}: {
  image: ResponsiveImageData | null | undefined;
  src: string;
  alt: string;
  /** The size to reserve when the image's own is unknown. */
  width: number;
  height: number;
  sizes: string;
  priority?: boolean;
  className?: string;
}) {
  const { src: copy, srcSet, sources } = imageSrcSets(image);
  const img = (
    <img
      src={copy ?? src}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={image?.width ?? width}
      height={image?.height ?? height}
      loading={priority ? undefined : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
  // display: contents keeps the <img> the box the layout styles, as it was before the <picture>.
  return sources.length ? (
    <picture className="contents">
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  ) : (
    img
  );
}
