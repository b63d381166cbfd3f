import { imageSrcSets, smallestCopyUrl, type ResponsiveImageData } from "~/modules/storage/responsive-image";
import { useLocation } from "react-router";
import { useDataSaver } from "~/components/data-saver";
import { useT } from "~/lib/i18n/use-t";

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
  tapId = "picture",
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
  /** Data saver: this picture's name in the page's `?show=` (unique on the page; letters, digits and dashes). */
  tapId?: string;
}) {
  const dataSaver = useDataSaver();
  if (import.meta.env.SSR && dataSaver) {
    if (whenSavingData === "omit") return null;
    return (
      <TapToShow
        id={tapId}
        src={smallestCopyUrl(image, src)}
        alt={alt}
        width={image?.width ?? width}
        height={image?.height ?? height}
        className={className}
      />
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

/**
 * Data saver (server only; the browser's build drops it): a picture she reads waits for a tap, and the tap reloads the
 * same page with this picture shown in place (`?show=<id>`, added to those already shown, and `#picture-<id>` to come
 * back to it), its smallest copy only. Before issue 46 the tap opened the bare file, leaving the article.
 */
function TapToShow(props: { id: string; src: string; alt: string; width: number; height: number; className?: string }) {
  const { pathname, search } = useLocation();
  const t = useT();
  const query = new URLSearchParams(search);
  const anchor = `picture-${props.id}`;
  if (query.getAll("show").includes(props.id))
    return (
      <img
        id={anchor}
        src={props.src}
        alt={props.alt}
        width={props.width}
        height={props.height}
        className={props.className}
      />
    );
  query.append("show", props.id);
  return (
    <a id={anchor} href={`${pathname}?${query}#${anchor}`} className="img-tap">
      {props.alt ? t("dataSaver.showPicture", { alt: props.alt }) : t("dataSaver.showPictureBare")}
    </a>
  );
}
