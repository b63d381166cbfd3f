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
