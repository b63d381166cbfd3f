/**
 * The offline library on her device (ADR 033): saved copies live in Cache Storage, in one cache per person
 * (`nuru-offline-<key>`, the key a non-secret per-person id from the server), never in a cache anyone else's pages
 * read. One small marker entry names the person signed in on this device; the service worker serves saved copies only
 * from that person's cache, and every other person's cache is deleted as soon as a page knows who is signed in.
 *
 * Browser-only code shared by the service worker, the offline page's script (both bundled at build time by
 * scripts/build-service-worker.mjs) and the pages' lazy chunks (saving, the offline library page). It never runs on
 * the server, and no page loads it before she taps Save or opens her library.
 */

import {
  offlineCacheName as cacheName,
  OFFLINE_CACHE_PREFIX as PREFIX,
  OFFLINE_SESSION_COOKIE,
  offlineSessionProof,
} from "./offline-cache-name";
import { cookieValue } from "./cookie-value";

const OWNER_CACHE = "nuru-offline-owner";
const OWNER_URL = "/__nuru/offline-owner";
/** A saved copy opens for 30 days after its last online check of her access (issue 32). */
export const OFFLINE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What can be saved: its kind and id (what the server's check of access names), the address she reads it at (the
 * service worker answers that address with the copy when there is no connection) and the gated address of the copy.
 * Ebook text sections join as a second kind ("ebook-section") with their own two addresses.
 */
export interface SaveTarget {
  kind: string;
  id: string;
  readUrl: string;
  copyUrl: string;
}

export interface SavedItem {
  kind: string;
  id: string;
  url: string;
  title: string;
  bytes: number;
  savedAt: number;
  checkedAt: number;
}

/** Her bookmark of a saved item as the shop last said it (at saving, at each check, when a queued change was sent). */
export interface KnownBookmark {
  bookmarked: boolean;
  /** When the shop said so (ms since 1970, this device's clock; the time of her tap for a change sent late). */
  at: number;
}

const H = {
  kind: "X-Nuru-Kind",
  id: "X-Nuru-Id",
  title: "X-Nuru-Title",
  savedAt: "X-Nuru-Saved-At",
  checkedAt: "X-Nuru-Checked-At",
  bytes: "X-Nuru-Bytes",
  bookmarked: "X-Nuru-Bookmarked",
  bookmarkAt: "X-Nuru-Bookmark-At",
} as const;

const path = (url: string) => new URL(url, self.location.origin).pathname;

/** Where the owner marker keeps a digest of the session proof her copies are bound to. */
const SESSION_HEADER = "X-Nuru-Session";

interface CookieStoreLike {
  get(name: string): Promise<{ value?: string } | null>;
}

/**
 * A digest of the offline session proof in this browser's cookies (offline-session.server.ts), or null when there is
 * none: the worker reads it with the Cookie Store API (it sees no request's cookies), a page with document.cookie. A
 * browser that offers neither to the worker opens no copy offline: failing shut.
 */
async function sessionMark(): Promise<string | null> {
  let value: string | null = null;
  const scope = self as unknown as { cookieStore?: CookieStoreLike; document?: { cookie: string } };
  if (scope.cookieStore) value = (await scope.cookieStore.get(OFFLINE_SESSION_COOKIE).catch(() => null))?.value ?? null;
  else if (scope.document) value = cookieValue(scope.document.cookie, OFFLINE_SESSION_COOKIE);
  const proof = offlineSessionProof(value);
  if (!proof) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(proof));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function ownerMarker(): Promise<{ owner: string | null; session: string | null }> {
  const marker = await (await caches.open(OWNER_CACHE)).match(OWNER_URL);
  return { owner: marker ? (await marker.text()) || null : null, session: marker?.headers.get(SESSION_HEADER) || null };
}

/** Who is signed in on this device as the last page online saw it (null: nobody, or never recorded). */
export async function currentOwner(): Promise<string | null> {
  return (await ownerMarker()).owner;
}

/** Deletes every saved copy on this device and the marker: nobody's copies are left to open. */
async function dropAll(): Promise<void> {
  for (const name of await caches.keys()) if (name.startsWith(PREFIX)) await caches.delete(name);
}

/**
 * Records who is signed in (null: nobody), bound to the session proof in this browser's cookies, and deletes every
 * other person's saved copies: a device handed to someone else, or a session that ended without signing out, never
 * leaves her copies to the next person. Only the shop's own pages, loaded online for this session, call this.
 */
export async function setOwner(owner: string | null): Promise<void> {
  const session = owner ? await sessionMark() : null;
  const marker = await ownerMarker();
  if (marker.owner !== owner || marker.session !== session)
    await (
      await caches.open(OWNER_CACHE)
    ).put(OWNER_URL, new Response(owner ?? "", { headers: session ? { [SESSION_HEADER]: session } : {} }));
  for (const name of await caches.keys())
    if (name.startsWith(PREFIX) && name !== OWNER_CACHE && (owner === null || name !== cacheName(owner)))
      await caches.delete(name);
}

/**
 * With no connection, who may open the copies on this device: the person recorded by the last page online, only while
 * the session that page was loaded in is still in this browser (its proof cookie unchanged). When it is not (cookies
 * cleared, or the cookie ran out with the session), every copy is deleted unopened (ADR 033, issue 46).
 */
export async function verifiedOwner(): Promise<string | null> {
  const marker = await ownerMarker();
  if (!marker.owner) return null;
  const session = await sessionMark();
  if (session !== null && session === marker.session) return marker.owner;
  await dropAll();
  return null;
}

function itemOf(request: Request, response: Response): SavedItem {
  const h = response.headers;
  return {
    kind: h.get(H.kind) ?? "",
    id: h.get(H.id) ?? "",
    url: path(request.url),
    title: decodeURIComponent(h.get(H.title) ?? ""),
    bytes: Number(h.get(H.bytes) ?? 0),
    savedAt: Number(h.get(H.savedAt) ?? 0),
    checkedAt: Number(h.get(H.checkedAt) ?? 0),
  };
}

const expired = (item: Pick<SavedItem, "checkedAt">, now: number) =>
  !(now - item.checkedAt < OFFLINE_MAX_AGE_MS && item.checkedAt <= now);

/** Fetches the gated copy (her watermark is in it) and keeps it in her cache under the address she reads it at. */
export async function saveForOffline(owner: string, target: SaveTarget): Promise<SavedItem> {
  const response = await fetch(target.copyUrl, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok) throw new Error(response.status === 404 ? "not-readable" : "failed");
  const body = await response.arrayBuffer();
  const now = Date.now();
  const headers = new Headers({
    "Content-Type": response.headers.get("Content-Type") ?? "text/html; charset=utf-8",
    "Content-Security-Policy": response.headers.get("Content-Security-Policy") ?? "default-src 'none'",
    [H.kind]: target.kind,
    [H.id]: target.id,
    [H.title]: response.headers.get(H.title) ?? "",
    [H.savedAt]: String(now),
    [H.checkedAt]: String(now),
    [H.bytes]: String(body.byteLength),
  });
  const bookmarked = response.headers.get(H.bookmarked);
  if (bookmarked === "true" || bookmarked === "false") {
    headers.set(H.bookmarked, bookmarked);
    headers.set(H.bookmarkAt, String(now));
  }
  const request = new Request(path(target.readUrl));
  await (await caches.open(cacheName(owner))).put(request, new Response(body, { headers }));
  await setOwner(owner);
  return itemOf(request, new Response(null, { headers }));
}

/** Her saved copies that may still open, newest first; expired ones are deleted on the way. */
export async function listSaved(owner: string, now = Date.now()): Promise<SavedItem[]> {
  if (!(await caches.has(cacheName(owner)))) return [];
  const cache = await caches.open(cacheName(owner));
  const items: SavedItem[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!response) continue;
    const item = itemOf(request, response);
    if (expired(item, now)) await cache.delete(request);
    else items.push(item);
  }
  return items.sort((a, b) => b.savedAt - a.savedAt);
}

/** Whether this address has a saved copy of hers (the label of the Save button; opening checks its age). */
export async function isSaved(owner: string, url: string): Promise<boolean> {
  return (await caches.has(cacheName(owner))) && Boolean(await (await caches.open(cacheName(owner))).match(path(url)));
}

export async function removeSaved(owner: string, url: string): Promise<void> {
  await (await caches.open(cacheName(owner))).delete(path(url));
}

/**
 * Online, on a visit: asks the server which of her saved items she may still read (access ends with a refund, a
 * reversal or the end of her plan), deletes the rest and restarts the 30 days of those she may.
 */
export async function recheckSaved(owner: string, checkUrl = "/library/offline/check"): Promise<void> {
  const items = await listSaved(owner);
  if (items.length === 0 || !navigator.onLine) return;
  // A read, so a GET (no form body; the answer is private and never stored).
  const query = new URLSearchParams(items.map(({ kind, id }) => ["item", `${kind}:${id}`]));
  // Her bookmarks as the shop has them when it answers (queued changes were sent before this check).
  const asked = Date.now();
  const response = await fetch(`${checkUrl}?${query}`, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok) return;
  const answer = (await response.json()) as {
    owner: string | null;
    readable: { kind: string; id: string }[];
    bookmarked?: string[];
  };
  // The answer is about whoever the session belongs to now: only hers may change her library.
  if (answer.owner !== owner) return;
  const { readable } = answer;
  const still = new Set(readable.map((r) => `${r.kind}:${r.id}`));
  const marked = new Set(answer.bookmarked ?? []);
  const cache = await caches.open(cacheName(owner));
  const now = String(Date.now());
  for (const item of items) {
    if (!still.has(`${item.kind}:${item.id}`)) {
      await cache.delete(item.url);
      continue;
    }
    const copy = await cache.match(item.url);
    if (!copy) continue;
    const headers = new Headers(copy.headers);
    headers.set(H.checkedAt, now);
    if (answer.bookmarked && Number(headers.get(H.bookmarkAt) ?? 0) < asked) {
      headers.set(H.bookmarked, String(marked.has(`${item.kind}:${item.id}`)));
      headers.set(H.bookmarkAt, String(asked));
    }
    await cache.put(item.url, new Response(await copy.arrayBuffer(), { headers }));
  }
}

/** Her bookmark of the saved copy at this address as the shop last said it; null when not known. */
export async function knownBookmark(owner: string, url: string): Promise<KnownBookmark | null> {
  if (!(await caches.has(cacheName(owner)))) return null;
  const copy = await (await caches.open(cacheName(owner))).match(path(url));
  const bookmarked = copy?.headers.get(H.bookmarked);
  if (!copy || (bookmarked !== "true" && bookmarked !== "false")) return null;
  return { bookmarked: bookmarked === "true", at: Number(copy.headers.get(H.bookmarkAt) ?? 0) };
}

/**
 * For the service worker, once a bookmark change queued offline has reached the shop: her saved copy of that item
 * (if any) records the shop's answer as of her tap, so the copy says "synced" the next time it opens, even offline.
 */
export async function recordSentBookmark(
  owner: string,
  item: { kind: string; id: string },
  known: KnownBookmark,
): Promise<void> {
  if (!(await caches.has(cacheName(owner)))) return;
  const cache = await caches.open(cacheName(owner));
  for (const request of await cache.keys()) {
    const copy = await cache.match(request);
    if (!copy || copy.headers.get(H.kind) !== item.kind || copy.headers.get(H.id) !== item.id) continue;
    if (Number(copy.headers.get(H.bookmarkAt) ?? 0) > known.at) continue;
    const headers = new Headers(copy.headers);
    headers.set(H.bookmarked, String(known.bookmarked));
    headers.set(H.bookmarkAt, String(known.at));
    await cache.put(request, new Response(await copy.arrayBuffer(), { headers }));
  }
}

/** For the service worker, with no connection: the saved copy of this address for the person signed in, if any. */
export async function findSaved(url: string, now = Date.now()): Promise<Response | null> {
  const owner = await verifiedOwner();
  if (!owner || !(await caches.has(cacheName(owner)))) return null;
  const copy = await (await caches.open(cacheName(owner))).match(path(url));
  if (!copy || expired(itemOf(new Request(path(url)), copy), now)) return null;
  return copy;
}
