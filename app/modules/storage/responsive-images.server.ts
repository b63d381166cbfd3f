import { and, eq, inArray } from "drizzle-orm";
import { publicRead } from "~/lib/public-reads.server";
import { getDb } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { responsiveImageData, type ImageSlot, type ResponsiveImageData } from "./responsive-image";
import { assertSafeKey } from "./storage.server";

// Pages store image URLs as text (articles, ebooks, hero slides, the featured ad). This finds, in one query per
// page, which of them are our own uploads and what is known about each: size and responsive copies.

/** What is known about `url`, with the copies `slot` needs (all of them without a slot). */
export type ImageLookup = (url: string | null | undefined, slot?: ImageSlot) => ResponsiveImageData | null;

/** The public-bucket key behind one of our media URLs (/media/... or under MEDIA_BASE_URL); null otherwise. */
export function publicKeyOfUrl(url: string): string | null {
  const cdn = getEnv().MEDIA_BASE_URL?.replace(/\/$/, "");
  const key = url.startsWith("/media/")
    ? url.slice("/media/".length)
    : cdn && url.startsWith(`${cdn}/`)
      ? url.slice(cdn.length + 1)
      : null;
  if (!key) return null;
  try {
    assertSafeKey(key);
    return key;
  } catch {
    return null;
  }
}

/**
 * What is known about each of `urls`, answered by the returned lookup: null for outside URLs and for files with
 * no record (old data), which pages draw as a plain <img>.
 */
export async function lookupImages(urls: Iterable<string | null | undefined>): Promise<ImageLookup> {
  const keyOfUrl = new Map<string, string>();
  for (const url of urls) {
    const key = url ? publicKeyOfUrl(url) : null;
    if (url && key) keyOfUrl.set(url, key);
  }
  const keys = [...new Set(keyOfUrl.values())].sort();
  // Public files only, and a file's copies never change once it is recorded (an upload is recorded before any page
  // can name it): shared between requests like the lists that name them (ADR 021).
  const rows = keys.length
    ? await publicRead(`media:${keys.join("\n")}`, () =>
        getDb()
          .select({
            key: mediaAssets.key,
            width: mediaAssets.width,
            height: mediaAssets.height,
            variants: mediaAssets.variants,
          })
          .from(mediaAssets)
          .where(and(eq(mediaAssets.bucket, "public"), inArray(mediaAssets.key, keys))),
      )
    : [];
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return (url, slot) => {
    const row = url ? byKey.get(keyOfUrl.get(url) ?? "") : undefined;
    if (!url || !row) return null;
    return responsiveImageData(url, row.width, row.height, row.variants, slot);
  };
}

/** `items` each with `image`: what `lookup` knows about the URL `urlOf` picks (null when nothing), for `slot`. */
export function withImage<T>(
  items: T[],
  lookup: ImageLookup,
  urlOf: (item: T) => string | null | undefined,
  slot?: ImageSlot,
): (T & { image: ResponsiveImageData | null })[] {
  return items.map((item) => ({ ...item, image: lookup(urlOf(item), slot) }));
}

/** One list's items each with `image` (one query). Pages with several lists use lookupImages once instead. */
export async function withImages<T>(items: T[], urlOf: (item: T) => string | null | undefined, slot?: ImageSlot) {
  return withImage(items, await lookupImages(items.map((item) => urlOf(item))), urlOf, slot);
}
