// Rendered HTML of public pages for visitors without a session, kept in process and served again until content
// changes (ADR 016). Only a request with no cookie but the country choice is a guest; the key holds the visitor's
// country, because prices (and the footer) depend on it. Anything personal never enters: a response that sets a
// cookie, is not a 200 HTML page, or was asked for with a session or a flash cookie.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import onHeaders from "on-headers";
import { DATA_SAVER_COOKIE, wantsDataSaver } from "./data-saver";
import { currentPageEvents, notePageEvent } from "./page-events.server";
import { LOCALE_COOKIE, offersSwahili } from "./locale";

/**
 * Cookies a guest may carry: her country choice and her data saver choice (both part of the key), and her language
 * choice (not in the key: the language is in the address, ADR 048). Any other cookie means "not a plain guest".
 */
export const GUEST_COOKIES: ReadonlySet<string> = new Set(["nuru_country", DATA_SAVER_COOKIE, LOCALE_COOKIE]);

/** A CDN may keep a guest page briefly and serve it stale while it asks again; browsers always revalidate (ETag). */
export const GUEST_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=30";
/** Prices decided by the visitor's IP: a shared cache cannot vary by IP, so only her browser keeps it. */
export const GUEST_IP_CACHE_CONTROL = "private, max-age=0, must-revalidate";

/** Headers of the first response that every copy repeats (Set-Cookie never reaches a stored response). */
const KEPT_HEADERS = [
  "content-type",
  "content-security-policy",
  "link",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "strict-transport-security",
  "x-content-type-options",
];

interface Entry {
  headers: [string, string][];
  etag: string;
  /** The page without the render's nonce (its policy allows the inline scripts by hash), and compressed copies. */
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  storedAt: number;
  cacheControl: string;
  vary: string;
  /** What the page counted when it was rendered (page-events.server.ts): counted again on every hit. */
  pageEvents: string[];
}

export interface GuestVisitor {
  country: string;
  /** How the country was decided: a CDN can only be told to vary by a cookie or a header. */
  source: "choice" | "cdn" | "ip" | "default";
}

export interface GuestPageCacheOptions {
  /** Public pages, the same for every guest of one country: routes whose handle says `guestPage` (route-facts.ts). */
  isPublicPage: (path: string) => boolean;
  /** The visitor's country as the pages decide it (same function, same inputs). */
  visitor: (req: ExpressRequest) => Promise<GuestVisitor>;
  /** The CDN's country header, if one is trusted (Vary names it). */
  countryHeader?: string;
  /** A safety net: entries are rendered again after this long even without a change notification. */
  ttlMs?: number;
  /** The query parameters the page at a path reads (route-facts.ts `guestQuery`); any other one bypasses the cache. */
  guestQuery?: (path: string) => ReadonlySet<string>;
  /** Pages at their own address (no query, the path as links write it): what most guests ask for. */
  maxEntries?: number;
  /** Every other form (a search, a list's page, another spelling of the path): kept apart, so however many of them a
   *  client asks for, they only ever push out each other, never the pages above. */
  maxVariants?: number;
  /** Variants of one path: a flood of searches on one list leaves the other lists' variants alone. */
  maxVariantsPerPath?: number;
  maxEntryBytes?: number;
  now?: () => number;
}

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((part) => part.split("=", 1)[0]!.trim())
    .filter(Boolean);
}

export function isGuestPageRequest(
  req: Pick<ExpressRequest, "method" | "path" | "headers" | "originalUrl">,
  isPublicPage: (path: string) => boolean,
): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.originalUrl.length > 512) return false;
  if (!isPublicPage(req.path)) return false;
  // The offer of the Swahili page is for her alone (ADR 048): that response is personal, never kept or served here.
  if (offersSwahili(req.path, { acceptLanguage: req.headers["accept-language"], cookie: req.headers.cookie }))
    return false;
  return cookieNames(req.headers.cookie).every((name) => GUEST_COOKIES.has(name));
}

/**
 * Where a guest request is kept: `null` when it carries a query parameter its page does not declare (such a request
 * is neither served from nor stored in the cache: the page may show it, e.g. in a sign-in link, and nothing a client
 * invents can take a slot). Declared parameters are sorted, so their order does not make another entry. `variant`
 * says whether it is anything but the page at its own address.
 */
export function guestCacheAddress(
  path: string,
  originalUrl: string,
  declared: ReadonlySet<string>,
): { address: string; variant: boolean } | null {
  const at = originalUrl.indexOf("?");
  const params = new URLSearchParams(at === -1 ? "" : originalUrl.slice(at + 1));
  const kept: [string, string][] = [];
  for (const [name, value] of params) {
    if (!declared.has(name)) return null;
    if (value !== "") kept.push([name, value]);
  }
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  // The path as the shop's links write it; `/Pricing` and `/pricing/` are the same page but other entries.
  const canonical = path === "/" || (path === path.toLowerCase() && !path.endsWith("/"));
  return { address: query ? `${path}?${query}` : path, variant: query !== "" || !canonical };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

export function createGuestPageCache(options: GuestPageCacheOptions) {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const maxVariants = options.maxVariants ?? 200;
  const maxVariantsPerPath = options.maxVariantsPerPath ?? 20;
  const maxEntryBytes = options.maxEntryBytes ?? 1024 * 1024;
  const now = options.now ?? Date.now;
  const guestQuery = options.guestQuery ?? (() => new Set<string>());
  // Two pools, each least recently used first (Map keeps insertion order; a hit re-inserts): pages at their own
  // address, and variants (searches, later pages, other spellings), which a client can multiply and so only ever
  // evict each other. Variants remember their path for the per-path cap.
  const entries = new Map<string, Entry>();
  const variants = new Map<string, Entry & { path: string }>();
  /** Bumped by every clear: a page rendered before a change must not be stored after it. */
  let generation = 0;
  const stats = { hits: 0, misses: 0, stored: 0, cleared: 0, bypassed: 0 };

  function headersFor(visitor: GuestVisitor) {
    // Save-Data: a browser that asks to save data gets the data-saver page (lib/data-saver.ts).
    const vary = [
      "Accept-Encoding",
      "Cookie",
      "Save-Data",
      ...(options.countryHeader ? [options.countryHeader] : []),
    ].join(", ");
    return { cacheControl: visitor.source === "ip" ? GUEST_IP_CACHE_CONTROL : GUEST_CACHE_CONTROL, vary };
  }

  function serve(req: ExpressRequest, res: ExpressResponse, entry: Entry) {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Cache-Control", entry.cacheControl);
    res.setHeader("Vary", entry.vary);
    res.setHeader("ETag", entry.etag);
    res.setHeader("X-Guest-Cache", "hit");
    if (etagMatches(req.headers["if-none-match"], entry.etag)) {
      res.removeHeader("Content-Type");
      res.status(304).end();
      return;
    }
    const accepts = String(req.headers["accept-encoding"] ?? "");
    const [body, encoding] = /\bbr\b/.test(accepts)
      ? [entry.br, "br"]
      : /\bgzip\b/.test(accepts)
        ? [entry.gzip, "gzip"]
        : [entry.body, null];
    // Already encoded: the compression middleware leaves it alone.
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.length));
    res.status(200);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  function store(
    key: string,
    place: { variant: boolean; path: string },
    res: ExpressResponse,
    chunks: Buffer[],
    meta: ReturnType<typeof headersFor>,
    pageEvents: string[],
  ) {
    const rendered = Buffer.concat(chunks);
    if (rendered.length === 0 || rendered.length > maxEntryBytes) return;
    const policy = String(res.getHeader("Content-Security-Policy") ?? "");
    const nonce = /'nonce-([A-Za-z0-9+/=]{16,})'/.exec(policy)?.[1];
    // Without the render's nonce to swap for hashes, the page would repeat one nonce to everyone: not kept.
    if (!nonce) return;
    // A nonce is good for one response. Every copy is the same page, so its inline scripts are allowed by their
    // hashes instead, and the render's nonce leaves the page.
    const page = rendered.toString("utf8").replaceAll(` nonce="${nonce}"`, "");
    if (page.includes(nonce)) return;
    const hashes = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
      .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes!))
      .map(([, , code]) => `'sha256-${createHash("sha256").update(code!, "utf8").digest("base64")}'`);
    const headers: [string, string][] = [];
    for (const name of KEPT_HEADERS) {
      const value = res.getHeader(name);
      if (value === undefined) continue;
      const text = Array.isArray(value) ? value.join(", ") : String(value);
      // 'self' loads the shop's own modules, which 'strict-dynamic' would otherwise have to vouch for.
      headers.push([
        name,
        name === "content-security-policy"
          ? text.replace(/'nonce-[^']+'( 'strict-dynamic')?/, [...new Set(hashes)].join(" "))
          : text,
      ]);
    }
    const body = Buffer.from(page);
    const entry: Entry = {
      headers,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`,
      body,
      gzip: gzipSync(body, { level: 6 }),
      br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
      storedAt: now(),
      pageEvents,
      ...meta,
    };
    stats.stored++;
    if (!place.variant) {
      entries.delete(key);
      entries.set(key, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return;
    }
    variants.delete(key);
    const path = place.path.toLowerCase();
    const samePath = [...variants].filter(([, kept]) => kept.path === path);
    // The path's least recently used variant makes room for its new one; then the pool's oldest, whatever its path.
    for (const [oldKey] of samePath.slice(0, Math.max(0, samePath.length - maxVariantsPerPath + 1)))
      variants.delete(oldKey);
    variants.set(key, { ...entry, path });
    while (variants.size > maxVariants) variants.delete(variants.keys().next().value!);
  }

  async function middleware(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    if (!isGuestPageRequest(req, options.isPublicPage)) return next();
    const found = guestCacheAddress(req.path, req.originalUrl, guestQuery(req.path));
    if (!found) {
      stats.bypassed++;
      return next();
    }
    const place = { ...found, path: req.path };
    let visitor: GuestVisitor;
    try {
      visitor = await options.visitor(req);
    } catch {
      return next();
    }
    // A reader who chose data saver is never sent the normal page, nor anyone else hers.
    const saver = wantsDataSaver(req.headers.cookie, req.get("save-data")) ? "saver" : "full";
    const key = `${visitor.country}|${saver}|${place.address}`;
    const pool: Map<string, Entry> = place.variant ? variants : entries;
    const hit = pool.get(key);
    if (hit && now() - hit.storedAt < ttlMs) {
      stats.hits++;
      pool.delete(key);
      pool.set(key, hit);
      for (const event of hit.pageEvents) notePageEvent(event);
      return serve(req, res, hit);
    }
    stats.misses++;
    const meta = headersFor(visitor);
    const startedIn = generation;
    const counted = currentPageEvents();
    let cacheable = false;
    onHeaders(res, () => {
      cacheable =
        res.statusCode === 200 &&
        /^text\/html/i.test(String(res.getHeader("Content-Type") ?? "")) &&
        res.getHeader("Set-Cookie") === undefined;
      if (!cacheable) return;
      res.setHeader("Cache-Control", meta.cacheControl);
      res.setHeader("Vary", meta.vary);
      res.setHeader("X-Guest-Cache", "miss");
    });
    if (req.method === "HEAD") return next();
    const chunks: Buffer[] = [];
    let size = 0;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ExpressResponse;
    // Every chunk is kept until the end: the first write sends the headers, so whether the page may be stored is
    // only known once it has started.
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (size > maxEntryBytes || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buffer.length;
      if (size <= maxEntryBytes) chunks.push(buffer);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      if (cacheable && size <= maxEntryBytes && generation === startedIn)
        store(key, place, res, chunks, meta, [...(counted ?? [])]);
      return end(chunk, ...rest);
    }) as typeof res.end;
    next();
  }

  return {
    middleware,
    /** Every entry goes (content changed somewhere: any page may show it). */
    clear() {
      generation++;
      stats.cleared++;
      entries.clear();
      variants.clear();
    },
    stats,
    size: () => entries.size + variants.size,
  };
}
