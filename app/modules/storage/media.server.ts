import { getStorage } from "./storage.server";

/** Serves an object from the public bucket. Keys are unique per upload, so the answer never changes. */
export async function readPublicMedia(key: string): Promise<Response> {
  let object;
  try {
    object = await getStorage().get("public", key);
  } catch {
    object = null;
  }
  if (!object) return new Response("Not found", { status: 404 });
  return new Response(object.bytes as BodyInit, {
    headers: {
      "Content-Type": object.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      // SVG can carry script; this keeps it inert even when opened directly.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}
