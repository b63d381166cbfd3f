// Conditional GET (RFC 9110 §13): a client that already has the current copy gets 304 and no body. Feed readers,
// sitemap crawlers and browsers ask with If-None-Match (the ETag they were given) or If-Modified-Since (the
// Last-Modified they were given); when both are sent, the ETag decides (issue 46 items 10 and 12).
import { createHash } from "node:crypto";

/** A strong ETag for a body: its SHA-256, so every process answers the same bytes with the same tag. */
export function bodyEtag(body: string | Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === "*") return true;
  const own = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === own);
}

/** Whether the client's copy is the current one: its ETag, else (no If-None-Match) its date, to the second. */
export function notModified(headers: Headers, { etag, lastModified }: { etag?: string; lastModified?: Date | null }) {
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) return etag !== undefined && etagMatches(ifNoneMatch, etag);
  const ifModifiedSince = headers.get("if-modified-since");
  if (!ifModifiedSince || !lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  if (Number.isNaN(since)) return false;
  return Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

/**
 * A whole generated document (a feed, the sitemap) with its ETag and Last-Modified, or 304 when the client has it.
 * `lastModified` is the newest change the document shows; a change it cannot date (an item removed) still changes the
 * ETag, which clients send first.
 */
export function documentResponse(
  request: Request,
  body: string,
  { headers, lastModified }: { headers: Record<string, string>; lastModified?: Date | null },
): Response {
  const etag = bodyEtag(body);
  const validators: Record<string, string> = {
    ETag: etag,
    ...(lastModified ? { "Last-Modified": lastModified.toUTCString() } : {}),
  };
  if (notModified(request.headers, { etag, lastModified }))
    return new Response(null, { status: 304, headers: { ...headers, ...validators } });
  return new Response(body, { headers: { ...headers, ...validators } });
}
