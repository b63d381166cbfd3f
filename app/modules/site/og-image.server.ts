// Open Graph images (issue 34): the card of og-image-svg.ts for a page, rendered by sharp (librsvg) and kept in
// memory. Rendering costs tens of milliseconds of CPU, so each distinct card is drawn once: the key is a hash of
// the SVG itself, so an edited title draws a new card and the old one ages out, with no change notification needed.
import { createHash } from "node:crypto";
import { singleton } from "~/lib/singleton.server";
import { OG_HEIGHT, OG_WIDTH, ogCardSvg, type OgCard } from "./og-image-svg";

export const OG_CONTENT_TYPE = "image/jpeg";

// Loaded on the first card, not at start: libvips adds about 28 MB to a process that may never draw one (issue 51).
let sharpModule: Promise<typeof import("sharp").default> | undefined;
const loadSharp = () => (sharpModule ??= import("sharp").then((m) => m.default));

export interface RenderedOgImage {
  bytes: Buffer;
  etag: string;
}

/**
 * Cards kept: about 50 KB each, so the cache stays near 13 MB. Cards come only from published content (a request
 * cannot make up a title), so the number of distinct cards is the number of pages, not what requests ask for.
 */
const MAX_KEPT = 256;
const kept = singleton("og-images", () => new Map<string, Promise<RenderedOgImage>>());

/** The card as a JPEG (mozjpeg: a gradient and text in ~40 KB, well under WhatsApp's 300 KB preview limit). */
export function renderOgImage(card: OgCard): Promise<RenderedOgImage> {
  const svg = ogCardSvg(card);
  const etag = `"og-${createHash("sha256").update(svg).digest("base64url").slice(0, 27)}"`;
  const found = kept.get(etag);
  if (found) {
    // Most recently used last: the oldest is dropped when full.
    kept.delete(etag);
    kept.set(etag, found);
    return found;
  }
  // The promise is kept, so requests arriving while it renders wait for the same render.
  const rendering = loadSharp()
    .then((sharp) =>
      sharp(Buffer.from(svg), { density: 72 })
        .resize(OG_WIDTH, OG_HEIGHT)
        .jpeg({ quality: 82, mozjpeg: true, chromaSubsampling: "4:2:0" })
        .toBuffer(),
    )
    .then((bytes) => ({ bytes, etag }));
  kept.set(etag, rendering);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  rendering.catch(() => {
    if (kept.get(etag) === rendering) kept.delete(etag);
  });
  return rendering;
}

/** Shared caches may keep a card for an hour, and serve it a day longer while they ask again (ETag). */
export const OG_CACHE_CONTROL = "public, max-age=3600, stale-while-revalidate=86400";

function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

/** The HTTP answer for a card: 304 when the client has it, the JPEG otherwise (HEAD: the headers). */
export async function ogImageResponse(request: Request, card: OgCard): Promise<Response> {
  const image = await renderOgImage(card);
  const headers = { "Cache-Control": OG_CACHE_CONTROL, ETag: image.etag };
  if (etagMatches(request.headers.get("if-none-match"), image.etag))
    return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : new Uint8Array(image.bytes), {
    headers: { ...headers, "Content-Type": OG_CONTENT_TYPE, "Content-Length": String(image.bytes.length) },
  });
}
