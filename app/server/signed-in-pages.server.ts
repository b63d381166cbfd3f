// Signed-in reader pages rendered once per access level and filled in per request (ADR 049). In front of React
// Router, for the routes whose handle says `sharedRender`: her session and viewer are read (one query, as the page
// would), the page for her access level is rendered once for a stand-in reader who has her access and no identity
// (lib/shared-render.server.ts), and each request gets that page with her own parts filled in (her name, address,
// initial, offline library key, bookmarks, a fresh nonce). Her flash message, the offer of the Swahili page, a query
// the page does not declare, a request without a session: rendered in full as before.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { randomBytes } from "node:crypto";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";
import { wantsDataSaver } from "~/lib/data-saver";
import { offersSwahili } from "~/lib/locale";
import { GUEST_COOKIES, guestCacheAddress, type GuestVisitor } from "~/lib/guest-page-cache.server";
import { currentPageEvents, notePageEvent } from "~/lib/page-events.server";
import {
  fillTemplate,
  personalToken,
  renderAsTemplate,
  splitTemplate,
  type TemplatePart,
} from "~/lib/shared-render.server";
import { accessKey, STAND_IN_USER_ID, standInViewer } from "~/modules/access/shared-access";
import type { RequestViewer } from "~/modules/access/viewer.server";
import { readViewer } from "~/modules/accounts/request-viewer.server";
import { readerInitialOf, readerNameOf } from "~/modules/accounts/reader-name";
import { bookmarksOf } from "~/modules/engagement/page-data.server";
import { offlineKey } from "~/modules/offline/offline-key.server";
import { offlineSessionCookie } from "~/modules/offline/offline-session.server";

/** The session cookie (better-auth, prefix "nuru"; `__Secure-` in production): without it, nobody is signed in. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?nuru\.session_token=/;
/** A one-time message (site/flash.server.ts): such a page is hers alone, rendered in full. */
const FLASH_COOKIE = /(?:^|;\s*)nuru_flash=/;

interface Template {
  parts: TemplatePart[];
  /** The render's headers (no Set-Cookie: a render that sets one is never kept); the policy's nonce is a token. */
  headers: [string, string][];
  storedAt: number;
  /** What the page counted when rendered (page-events.server.ts): counted again for every reader served from it. */
  pageEvents: string[];
}

export interface SignedInPagesOptions {
  build: ServerBuild;
  /** Routes whose handle says `sharedRender` (route-facts.ts). */
  isSharedPage: (path: string) => boolean;
  /** The query parameters the page at a path reads (`guestQuery`): any other one is rendered in full. */
  pageQuery: (path: string) => ReadonlySet<string>;
  /** The visitor's country as the pages decide it (the guest page cache's function). */
  visitor: (req: ExpressRequest) => Promise<GuestVisitor>;
  /** The request headers `visitor` reads besides cookies (her address, a CDN's country header): the template render
   *  gets these and nothing else of hers (`templateRequest`). */
  visitorHeaders: readonly string[];
  /** Says `X-Shared-Render: hit|miss` (tests, measuring). Never in production: a hit tells her that another reader
   *  of her exact access level, country and data saver opened this page within the minute. */
  revealState?: boolean;
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/** The request React Router is given, as @react-router/express builds it (the template render is a GET). */
function fetchRequest(req: ExpressRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(pageUrl(req), { method: "GET", headers });
}

function pageUrl(req: ExpressRequest): string {
  const host = req.get("host") ?? "localhost";
  return new URL(`${req.protocol}://${host}${req.originalUrl}`).href;
}

/**
 * The request a template is rendered from: the address, the cookies a guest page may carry (country, data saver,
 * language) and the headers the key's country is decided from, and nothing else of the reader who started it. Her
 * session cookie above all stays out: a loader that read the session itself instead of the request's viewer would
 * otherwise put her data into a page served to others; without it, such a loader sees a guest. Also out: her
 * Accept-Language (the offer of the Swahili page is never in a template), her User-Agent (a crawler's gets the page
 * all at once: the first reader would decide the template's form for everyone) and whatever else she sends.
 */
export function templateRequest(req: ExpressRequest, visitorHeaders: readonly string[]): Request {
  const headers = new Headers();
  const cookies = (req.headers.cookie ?? "")
    .split(";")
    .map((c) => c.trim())
    .filter((c) => GUEST_COOKIES.has(c.slice(0, c.indexOf("=")).trim()));
  if (cookies.length > 0) headers.set("cookie", cookies.join("; "));
  for (const name of ["save-data", ...visitorHeaders]) {
    const value = req.headers[name.toLowerCase()];
    if (typeof value === "string") headers.set(name, value);
  }
  return new Request(pageUrl(req), { method: "GET", headers });
}

export function createSignedInPages(options: SignedInPagesOptions) {
  const handle = createRequestHandler(options.build, "production");
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 200;
  const now = options.now ?? Date.now;
  // Least recently used first (a hit re-inserts).
  const entries = new Map<string, Template>();
  // One render per key at a time: readers arriving while it renders wait for it.
  const rendering = new Map<string, Promise<Template | null>>();
  /** Bumped by every clear: a page rendered before a change is not kept after it. */
  let generation = 0;
  const stats = { hits: 0, misses: 0, bypassed: 0, refused: 0 };

  /** Renders the page for the stand-in; null when it is not a plain 200 page (then it is rendered in full). */
  async function render(req: ExpressRequest, who: RequestViewer): Promise<Template | null> {
    const counted = currentPageEvents();
    const before = counted?.length ?? 0;
    // What it counted is kept with the template; a page not kept (or a failed render) is rendered in full for her
    // instead, and counts then.
    const made = await renderTemplate(req, who).catch((error: unknown) => {
      if (counted) counted.length = before;
      throw error;
    });
    if (counted && !made) counted.length = before;
    return made && { ...made, pageEvents: counted ? counted.slice(before) : [] };
  }

  async function renderTemplate(req: ExpressRequest, who: RequestViewer): Promise<Omit<Template, "pageEvents"> | null> {
    const standIn: RequestViewer = {
      viewer: standInViewer(who.viewer),
      user: {
        id: STAND_IN_USER_ID,
        email: personalToken("email"),
        fullName: personalToken("name"),
        role: who.user!.role,
      },
      bookmarks: { articles: [], ebooks: [] },
    };
    const response = await renderAsTemplate(standIn, () => handle(templateRequest(req, options.visitorHeaders)));
    const html = /^text\/html/i.test(response.headers.get("Content-Type") ?? "");
    if (response.status !== 200 || !html || response.headers.has("Set-Cookie")) {
      await response.body?.cancel();
      return null;
    }
    let page = await response.text();
    const policy = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]{16,})'/.exec(policy)?.[1];
    if (!nonce) return null;
    page = page.replaceAll(nonce, personalToken("nonce"));
    const parts = splitTemplate(page);
    // Nothing of hers may be in it (the stand-in never saw her; this checks it did not reach the page another way).
    if (!parts || !personalFree(page, who)) {
      stats.refused++;
      return null;
    }
    const headers: [string, string][] = [];
    for (const [name, value] of response.headers) {
      if (name === "set-cookie" || name === "cache-control" || name === "content-length") continue;
      headers.push([name, name === "content-security-policy" ? value.replaceAll(nonce, NONCE_MARK) : value]);
    }
    return { parts, headers, storedAt: now() };
  }

  function personalFree(page: string, who: RequestViewer): boolean {
    const user = who.user!;
    const marks = [user.id, user.email, offlineKey(user.id), user.fullName?.trim() ?? ""];
    return marks.every((mark) => mark.length < 4 || !page.includes(mark));
  }

  async function middleware(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    if (req.method !== "GET" || !options.isSharedPage(req.path) || req.originalUrl.length > 512) return next();
    const cookie = req.headers.cookie ?? "";
    if (!SESSION_COOKIE.test(cookie) || FLASH_COOKIE.test(cookie)) return next();
    if (offersSwahili(req.path, { acceptLanguage: req.headers["accept-language"], cookie })) return next();
    const place = guestCacheAddress(req.path, req.originalUrl, options.pageQuery(req.path));
    // A search or a later page is rendered in full: only pages at their own address share a render.
    if (!place || place.variant) {
      stats.bypassed++;
      return next();
    }
    let served = false;
    try {
      const request = fetchRequest(req);
      const who = await readViewer(request);
      if (!who.user || !who.viewer.user) return next();
      const [visitor, bookmarks, offlineCookie] = await Promise.all([
        options.visitor(req),
        bookmarksOf(who),
        offlineSessionCookie(request, true),
      ]);
      const saver = wantsDataSaver(cookie, req.get("save-data")) ? "saver" : "full";
      const key = `${visitor.country}|${saver}|${accessKey(who.viewer)}|${place.address}`;
      let template = entries.get(key);
      const hit = template !== undefined && now() - template.storedAt < ttlMs;
      if (hit) {
        stats.hits++;
        entries.delete(key);
        entries.set(key, template!);
        for (const event of template!.pageEvents) notePageEvent(event);
      } else {
        stats.misses++;
        let pending = rendering.get(key);
        const waited = pending !== undefined;
        if (!pending) {
          const startedIn = generation;
          pending = render(req, who).then((made) => {
            if (made && generation === startedIn) {
              entries.delete(key);
              entries.set(key, made);
              while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
            }
            return made;
          });
          rendering.set(key, pending);
          const mine = pending;
          // Only its own entry: a clear may have let a newer render of this key begin meanwhile.
          void mine.finally(() => rendering.get(key) === mine && rendering.delete(key)).catch(() => {});
        }
        template = (await pending) ?? undefined;
        // The render this request waited for counted its page for whoever started it: this one counts too.
        if (template && waited) for (const event of template.pageEvents) notePageEvent(event);
      }
      if (!template) return next();
      const user = who.user;
      const nonce = randomBytes(16).toString("base64");
      const saved = { article: new Set(bookmarks.articles), ebook: new Set(bookmarks.ebooks) };
      const page = fillTemplate(template.parts, {
        fields: {
          name: readerNameOf(user),
          email: user.email,
          initial: readerInitialOf(user),
          owner: offlineKey(user.id),
          nonce,
        },
        on: (slot) => {
          // bm:<article|ebook>:<id>: her bookmark toggles.
          const [kind, type, id] = slot.split(":");
          return kind === "bm" && (type === "article" || type === "ebook") && saved[type].has(id!);
        },
      });
      if (page === null) return next();
      res.status(200);
      for (const [name, value] of template.headers)
        res.setHeader(name, name === "content-security-policy" ? value.replaceAll(NONCE_MARK, nonce) : value);
      res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
      if (options.revealState) res.setHeader("X-Shared-Render", hit ? "hit" : "miss");
      if (offlineCookie) res.append("Set-Cookie", offlineCookie);
      served = true;
      res.end(compressed(req, res, page));
    } catch (error) {
      // A failed read or render: the page is rendered in full, as without this, and answers as that render does.
      if (!served) {
        console.error("Shared render failed; rendering in full:", error);
        next();
      }
    }
  }

  return {
    middleware,
    /** Every kept page goes (content changed: any page may show it). */
    clear() {
      generation++;
      entries.clear();
      // A render begun before the change is not kept, and nobody arriving after it waits for it either (it may hold
      // what the change took away: an article that became premium).
      rendering.clear();
    },
    stats,
    size: () => entries.size,
  };
}

/**
 * Her page compressed here, cheaply: it is compressed anew for every request, so brotli quality 3 or gzip level 3
 * (measured on the signed-in home page, 41 KB: 0.23-0.25 ms of CPU against 0.51 ms for the compression middleware's
 * gzip level 6, for 3-7 % more bytes). Already encoded, the compression middleware passes it on as it is.
 */
function compressed(req: ExpressRequest, res: ExpressResponse, page: string): Buffer {
  const body = Buffer.from(page);
  const accepts = String(req.headers["accept-encoding"] ?? "");
  const encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : null;
  res.append("Vary", "Accept-Encoding");
  if (!encoding) return body;
  const out =
    encoding === "br"
      ? brotliCompressSync(body, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 3, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : gzipSync(body, { level: 3 });
  res.setHeader("Content-Encoding", encoding);
  return out;
}

/** Where the policy's nonce goes in a kept page's headers (a header cannot hold the page's token characters). */
const NONCE_MARK = "{nonce}";
