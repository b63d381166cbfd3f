import { getStorage } from "./storage.server";
import { objectResponse } from "./object-response.server";

const MEDIA_HEADERS = {
  "Cache-Control": "public, max-age=31536000, immutable",
  // SVG can carry script; this keeps it inert even when opened directly.
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

/** Serves an object from the public bucket. Keys are unique per upload, so the answer never changes. */
export async function readPublicMedia(request: Request, key: string): Promise<Response> {
  try {
    return await objectResponse({ storage: getStorage(), bucket: "public", key, request, headers: MEDIA_HEADERS });
  } catch {
    // An unsafe key or an unreadable file: nothing to serve.
    return new Response("Not found", { status: 404 });
  }
}
