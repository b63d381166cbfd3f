import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/lib/env.server";
import { fileUrlIsValid, issueFileUrl } from "~/modules/reader/file-url.server";
import { FILE_URL_SECONDS } from "~/modules/reader/file-url";

const ebookId = "6b1c9a4e-8f0a-4c7e-9d55-2f1e0c3b7a10";
const searchOf = (url: string) => new URL(url, "http://x").searchParams;

describe("reader file URLs", () => {
  const now = new Date("2026-11-23T08:00:00Z");
  const { url, expiresAt } = issueFileUrl({ userId: "reader-a", ebookId, now });

  it("work for the reader and ebook they were issued for, until they expire", () => {
    expect(url.startsWith(`/ebook/${ebookId}/file?`)).toBe(true);
    expect(expiresAt - now.getTime() / 1000).toBe(FILE_URL_SECONDS);
    expect(FILE_URL_SECONDS).toBeLessThanOrEqual(3600);
    expect(fileUrlIsValid({ userId: "reader-a", ebookId, search: searchOf(url), now })).toBe(true);
    const later = new Date(now.getTime() + (FILE_URL_SECONDS - 1) * 1000);
    expect(fileUrlIsValid({ userId: "reader-a", ebookId, search: searchOf(url), now: later })).toBe(true);
    const expired = new Date(now.getTime() + FILE_URL_SECONDS * 1000);
    expect(fileUrlIsValid({ userId: "reader-a", ebookId, search: searchOf(url), now: expired })).toBe(false);
  });

  it("do not work for anyone else, another ebook, or with a changed expiry or signature", () => {
    expect(fileUrlIsValid({ userId: "reader-b", ebookId, search: searchOf(url), now })).toBe(false);
    const otherBook = ebookId.replace(/0$/, "1");
    expect(fileUrlIsValid({ userId: "reader-a", ebookId: otherBook, search: searchOf(url), now })).toBe(false);
    const longer = searchOf(url);
    longer.set("e", String(expiresAt + 600));
    expect(fileUrlIsValid({ userId: "reader-a", ebookId, search: longer, now })).toBe(false);
    const forged = searchOf(url);
    forged.set("s", "A".repeat(43));
    expect(fileUrlIsValid({ userId: "reader-a", ebookId, search: forged, now })).toBe(false);
    expect(fileUrlIsValid({ userId: "reader-a", ebookId, search: new URLSearchParams(), now })).toBe(false);
  });

  it("keep the signature they had before the shared signing helper: a URL issued before an upgrade still opens", () => {
    const before = createHmac("sha256", getEnv().AUTH_SECRET)
      .update(`ebook-file|reader-a|${ebookId}|${expiresAt}`)
      .digest("base64url");
    expect(searchOf(url).get("s")).toBe(before);
  });

  it("refuse an expiry further out than an hour even when signed", () => {
    const early = new Date(now.getTime() - 10 * 3600 * 1000);
    const old = issueFileUrl({ userId: "reader-a", ebookId, now: new Date(now.getTime() + 2 * 3600 * 1000) });
    expect(fileUrlIsValid({ userId: "reader-a", ebookId, search: searchOf(old.url), now: early })).toBe(false);
  });
});
