// Short-lived file URLs bound to one reader and one ebook: an HMAC over both and the expiry. A copied URL is
// useless to anyone else (the endpoint checks it against the caller's own session) and after it expires.
import { isSignature, signature } from "~/lib/signature.server";
import { FILE_URL_SECONDS, MAX_FILE_URL_SECONDS, fileUrlPath } from "./file-url";

/** What the URL's signature covers: the reader, the ebook and the expiry. */
function signed(userId: string, ebookId: string, expires: number): string {
  return `${userId}|${ebookId}|${expires}`;
}

export interface FileUrl {
  url: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export function issueFileUrl({ userId, ebookId, now = new Date() }: { userId: string; ebookId: string; now?: Date }) {
  const expiresAt = Math.floor(now.getTime() / 1000) + FILE_URL_SECONDS;
  const query = new URLSearchParams({
    e: String(expiresAt),
    s: signature("ebook-file", signed(userId, ebookId, expiresAt)),
  });
  return { url: `${fileUrlPath(ebookId)}?${query}`, expiresAt } satisfies FileUrl;
}

export function fileUrlIsValid({
  userId,
  ebookId,
  search,
  now = new Date(),
}: {
  userId: string;
  ebookId: string;
  search: URLSearchParams;
  now?: Date;
}): boolean {
  const expires = search.get("e") ?? "";
  const given = search.get("s") ?? "";
  if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{43}$/.test(given)) return false;
  const expiresAt = Number(expires);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  // CASE: expired, or an expiry further out than we ever issue (a forged or replayed-from-the-future URL).
  if (expiresAt <= nowSeconds || expiresAt > nowSeconds + MAX_FILE_URL_SECONDS) return false;
  return isSignature(given, "ebook-file", signed(userId, ebookId, expiresAt));
}
