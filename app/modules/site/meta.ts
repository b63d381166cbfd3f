export const SHOP_NAME = "Nuru";

/** The size every Open Graph image is drawn at (og-image-svg.ts): the 1.91:1 card WhatsApp and Facebook show. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The Open Graph image address of each page kind (routes/og-image.ts answers them). */
export const ogImagePath = {
  home: () => "/og/home.jpg",
  article: (id: string) => `/og/article/${id}.jpg`,
  ebook: (id: string) => `/og/ebook/${id}.jpg`,
  category: (slug: string) => `/og/category/${slug}.jpg`,
};

interface RootMatch {
  id: string;
  loaderData?: unknown;
}

/** The shop's public origin, read from the root loader so canonical links are absolute. */
export function originFrom(matches: readonly (RootMatch | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/** Title, description, canonical link and social tags for a page. */
export function pageMeta({
  title,
  description,
  path,
  image,
  matches,
}: {
  title: string;
  description: string;
  path: string;
  /** The page's Open Graph image (ogImagePath above), 1200x630: shown large when the link is shared. */
  image?: string;
  matches: readonly (RootMatch | undefined)[];
}) {
  const fullTitle = title === SHOP_NAME ? title : `${title} | ${SHOP_NAME}`;
  const origin = originFrom(matches);
  const url = `${origin}${path}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
    { property: "og:site_name", content: SHOP_NAME },
    // X reads og:title and og:description when its own title and description tags are missing: the description
    // once more on every page would only be bytes (issue 14).
    ...(image
      ? [
          // Absolute, as WhatsApp, Facebook and X require; the size lets them lay out the preview before fetching it.
          { property: "og:image", content: `${origin}${image}` },
          { property: "og:image:width", content: String(OG_IMAGE_SIZE.width) },
          { property: "og:image:height", content: String(OG_IMAGE_SIZE.height) },
          { name: "twitter:card", content: "summary_large_image" },
        ]
      : [{ name: "twitter:card", content: "summary" }]),
  ];
}
