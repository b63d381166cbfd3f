export const SHOP_NAME = "Nuru";

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
  matches,
}: {
  title: string;
  description: string;
  path: string;
  matches: readonly (RootMatch | undefined)[];
}) {
  const fullTitle = title === SHOP_NAME ? title : `${title} | ${SHOP_NAME}`;
  const url = `${originFrom(matches)}${path}`;
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
    { name: "twitter:card", content: "summary" },
  ];
}
