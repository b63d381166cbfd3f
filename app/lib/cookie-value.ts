/**
 * The raw value of the first cookie with this name in a Cookie header (as browsers send it and cookie parsers read
 * it: the first one wins), or null. Not decoded: each caller checks the value against what it expects.
 */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const split = part.indexOf("=");
    if (split !== -1 && part.slice(0, split).trim() === name) return part.slice(split + 1).trim();
  }
  return null;
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Set-Cookie for one of her preferences (data saver, language, country): a year, the whole site, sent on top-level
 * navigations from elsewhere too (Lax). A preference grants nothing. HttpOnly unless a page's script reads it.
 */
export function preferenceCookieHeader(name: string, value: string, secure: boolean, httpOnly = true): string {
  return [
    `${name}=${value}`,
    "Path=/",
    `Max-Age=${ONE_YEAR_SECONDS}`,
    "SameSite=Lax",
    ...(httpOnly ? ["HttpOnly"] : []),
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
