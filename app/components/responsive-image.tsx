import { imageSrcSets, smallestCopyUrl, type ResponsiveImageData } from "~/modules/storage/responsive-image";
import { useDataSaver } from "~/components/data-saver";

/**
 * One of our images: a <picture> offering its AVIF copies, so the browser picks the smallest file for the box
 * `sizes` describes, and one copy in the original's format on the <img> for browsers without AVIF. Without
 * copies (outside URLs, GIFs,
 * old data) it is a plain <img>. Width and height are always set so the box is reserved before the file arrives.
 * `priority` is for the page's largest image (LCP): fetched at once and first; every other image waits until near.
 * `byDensity` is for the slots of IMAGE_SLOTS (about one width on every screen): their two copies are offered for
 * 1x and 2x screens and `sizes` is then left out of the HTML; `sizes` still says the box for images without a slot.
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
  byDensity,
  className,
  whenSavingData = "omit",
}: {
  image: ResponsiveImageData | null | undefined;
  src: string;
  alt: string;
  /** The size to reserve when the image's own is unknown. */
  width: number;
  height: number;
  sizes: string;
  priority?: boolean;
  byDensity?: boolean;
  className?: string;
  /**
   * Data saver: "omit" draws nothing (card pictures: the card reads without one); "tap" draws a link to the
   * smallest copy in the image's place (a picture that is part of what she reads).
   */
  whenSavingData?: "omit" | "tap";
}) {
  const dataSaver = useDataSaver();
  if (import.meta.env.SSR && dataSaver) {
    if (whenSavingData === "omit") return null;
    return (
      <a href={smallestCopyUrl(image, src)} className="img-tap">
        {alt ? `Show picture: ${alt}` : "Show picture"}
      </a>
    );
  }
  const { src: copy, srcSet, sources, needsSizes } = imageSrcSets(image, byDensity);
  const img = (
    <img
      src={copy ?? src}
      srcSet={srcSet ?? undefined}
      sizes={srcSet && needsSizes ? sizes : undefined}
      alt={alt}
      width={image?.width ?? width}
      height={image?.height ?? height}
      loading={priority ? undefined : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
  // app.css gives every <picture> display: contents: the <img> stays the box the layout styles.
  return sources.length ? (
    <picture>
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={needsSizes ? sizes : undefined} />
      ))}
      {img}
    </picture>
  ) : (
    img
  );
}
