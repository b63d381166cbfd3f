import type { IncomingHttpHeaders } from "node:http";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True for reads, and for writes whose Origin (or, failing that, Referer) is the shop itself: the
 * configured public origin or the host the request was sent to. Browsers always send Origin on
 * cross-site form posts and fetches, so a forged request is refused. X-Forwarded-Host names the host only behind
 * a trusted proxy (TRUST_PROXY); otherwise anyone could send it.
 */
export function isSameOriginOrSafe(
  method: string,
  headers: IncomingHttpHeaders,
  publicUrl: string,
  trustProxy = false,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  const source = headers.origin ?? headers.referer;
  if (!source || source === "null") return false;
  let origin: string;
  try {
    origin = new URL(source).origin;
  } catch {
    return false;
  }
  if (origin === new URL(publicUrl).origin) return true;
  const raw = trustProxy ? headers["x-forwarded-host"] : undefined;
  const forwarded = (Array.isArray(raw) ? raw[0] : raw)?.split(",")[0]?.trim();
  const host = forwarded || headers.host;
  return typeof host === "string" && (origin === `http://${host}` || origin === `https://${host}`);
}
