// What a page counts for the owner's analytics (issue 35), carried from its loader to the end of its response. A
// loader notes events (opaque strings the analytics module writes and reads); when the response ends as a page that
// was served (200, or 304 for a browser that already had it), the whole list goes to the one sink the server set.
// The guest page cache keeps a stored page's events and notes them again on every hit, so a page served from the
// cache counts exactly like a rendered one (ADR 016 and the ADR "count, do not track").
import { AsyncLocalStorage } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";

const pageEvents = new AsyncLocalStorage<string[]>();

export interface PageEventRequest {
  userAgent: string | undefined;
  /** A browser's prefetch or prerender (`Sec-Purpose` / `Purpose`): nobody has seen the page yet. */
  prefetch: boolean;
  /** Not someone opening the page: a script's fetch, a frame, an image or other subresource (Sec-Fetch-*). */
  notNavigation: boolean;
  /** Who asked, as the counter tells one reader from another for a day (her session, else her address); never
   *  stored (the counter keeps a keyed hash of it for the day). Undefined when neither is known. */
  reader: string | undefined;
}

/** The session cookie's value (better-auth, prefix "nuru"; `__Secure-` in production). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?nuru\.session_token=([^;]+)/;

/**
 * A page request that is not a navigation: browsers say what a request is for in Sec-Fetch-Mode and Sec-Fetch-Dest.
 * A document counts only when it was navigated to as a page (both absent in old browsers and plain clients); a `.data`
 * request is React Router's client-side navigation (a fetch by design), so it counts as one. A navigation that the
 * offline library's service worker passes on (ADR 033: every page of a reader who has it) keeps its mode but comes
 * with dest "empty" (Chromium); only a navigation has that mode, so it counts too (an islands page's links, ADR 045).
 */
export function isNotNavigation(path: string, headers: Request["headers"]): boolean {
  if (path.endsWith(".data")) return headers["sec-fetch-dest"] !== undefined && headers["sec-fetch-dest"] !== "empty";
  const mode = headers["sec-fetch-mode"];
  const dest = headers["sec-fetch-dest"];
  if (mode === "navigate" && dest === "empty") return false;
  return (mode !== undefined && mode !== "navigate") || (dest !== undefined && dest !== "document");
}

type Sink = (events: readonly string[], request: PageEventRequest) => void;

/** Express middleware: a GET gets a list for its page's events, handed to `sink` when the page was served. */
export function pageEventScope(sink: Sink) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET") return next();
    const events: string[] = [];
    res.once("finish", () => {
      if (events.length === 0 || (res.statusCode !== 200 && res.statusCode !== 304)) return;
      const { headers } = req;
      const purpose = `${headers["sec-purpose"] ?? ""} ${headers.purpose ?? ""} ${headers["x-purpose"] ?? ""} ${headers["x-moz"] ?? ""}`;
      const session = SESSION_COOKIE.exec(headers.cookie ?? "")?.[1];
      const address = headers["x-nuru-client-ip"];
      sink(events, {
        userAgent: headers["user-agent"],
        prefetch: /prefetch|prerender|preview/i.test(purpose),
        notNavigation: isNotNavigation(req.path ?? "", headers),
        reader: session ? `session:${session}` : typeof address === "string" ? `address:${address}` : undefined,
      });
    });
    pageEvents.run(events, next);
  };
}

/** Notes an event for the current page (nothing outside a page request: a test, a job, an action). */
export function notePageEvent(event: string): void {
  pageEvents.getStore()?.push(event);
}

/** The current page's event list itself (the guest page cache copies it when it stores the page). */
export function currentPageEvents(): string[] | undefined {
  return pageEvents.getStore();
}
