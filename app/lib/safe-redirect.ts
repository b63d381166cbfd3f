// The one place that decides whether a redirect target taken from a request (a query parameter, a form field,
// a Referer) stays on the shop. Anything else falls back to a fixed local path.

/** A stand-in origin: only the path part of the target is ever returned. */
const SITE = "http://nuru.invalid";

/**
 * The target as a local path (`/path?query#hash`), or `fallback` when it could leave the site: not starting with
 * one slash, protocol-relative after normalising (`//x`, `/\x`, `/..//x`, `/%2e%2e//x`), or holding control
 * characters or backslashes (browsers drop tabs and newlines and read `\` as `/`, so `/\t/x` becomes `//x`).
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(target, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The local path of a same-origin URL (e.g. a Referer), or `fallback` for other origins and malformed values. */
export function sameOriginPath(value: string | null, requestUrl: string, fallback = "/"): string {
  if (!value) return fallback;
  let url: URL;
  let own: URL;
  try {
    url = new URL(value);
    own = new URL(requestUrl);
  } catch {
    return fallback;
  }
  if (url.origin !== own.origin) return fallback;
  return safeRedirectPath(`${url.pathname}${url.search}`, fallback);
}
