import { SHOP_NAME } from "~/lib/shop-name";
import { localeFromPath, localeHref, type Locale } from "~/lib/locale";
import { translator, type Translate } from "~/lib/i18n/i18n";
import { swahiliShareImage } from "./og-card-words";

export { SHOP_NAME };

interface RootMatch {
  id: string;
  /** The address the match rendered at: the page's own (the last match) says its language. */
  pathname?: string;
  loaderData?: unknown;
}

/** The shop's public origin, read from the root loader so canonical links are absolute. */
export function originFrom(matches: readonly (RootMatch | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/** The language of the page being described (its address says it, issue 50). */
/* @__NO_SIDE_EFFECTS__ */
export function metaLocale(matches: readonly (RootMatch | undefined)[]): Locale {
  return localeFromPath(matches.at(-1)?.pathname ?? "/");
}

/** The page's words for its title and description, in its language. */
/* @__NO_SIDE_EFFECTS__ */
export function metaT(matches: readonly (RootMatch | undefined)[]): Translate {
  return translator(metaLocale(matches));
}

/**
 * Title, description, canonical link and social tags for a page. `path` is the English address; a Swahili page's
 * canonical is its own "/sw" address (the root layout names both languages of such a page, LanguageAlternates).
 */
export function pageMeta({
  title,
  description,
  path,
  image,
  imageAlt,
  type = "website",
  matches,
}: {
  title: string;
  description: string;
  path: string;
  /**
   * The page's Open Graph image (routes/og-image.ts: /og/home.jpg, /og/<article|ebook|category>/<id or slug>.jpg),
   * 1200x630: shown large when the link is shared.
   */
  image?: string;
  /** What the image shows, for readers of the preview who cannot see it (og:image:alt); the title by default. */
  imageAlt?: string;
  /** og:type: "article" on an article's page (a parameter, not a rewrite of the list: the common chunk stays small). */
  type?: "website" | "article";
  matches: readonly (RootMatch | undefined)[];
}) {
  const fullTitle = title === SHOP_NAME ? title : `${title} | ${SHOP_NAME}`;
  const origin = originFrom(matches);
  // Server only: the browser renders English pages only (ADR 048), so the common chunk carries none of this.
  const swahili = import.meta.env.SSR && metaLocale(matches) === "sw";
  const url = import.meta.env.SSR ? origin + localeHref(path, metaLocale(matches)) : origin + path;
  // A Swahili page shares its card drawn with Swahili words, and says its language to the scraper (issue 50).
  if (swahili && image) ({ image, imageAlt } = swahiliShareImage(image, imageAlt));
  const picture = image && origin + image;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:site_name", content: SHOP_NAME },
    ...(swahili
      ? [
          { property: "og:locale", content: "sw_KE" },
          { property: "og:locale:alternate", content: "en_KE" },
        ]
      : []),
    // X reads og:title and og:description when its own title and description tags are missing: the description
    // once more on every page would only be bytes (issue 14).
    { name: "twitter:card", content: picture ? "summary_large_image" : "summary" },
    // Absolute, as WhatsApp, Facebook and X require; the size (og-image-svg.ts draws every card at it) lets them lay
    // out the preview before fetching it. X falls back to og:image, but not every client does (issue 46: six pages
    // shared with no picture), hence twitter:image too. One list, so the common client chunk stays small.
    ...(picture
      ? [
          { property: "og:image", content: picture },
          { property: "og:image:width", content: "1200" },
          { property: "og:image:height", content: "630" },
          { property: "og:image:alt", content: imageAlt ?? fullTitle },
          { name: "twitter:image", content: picture },
        ]
      : []),
  ];
}
