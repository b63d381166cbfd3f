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
}

type Sink = (events: readonly string[], request: PageEventRequest) => void;

/** Express middleware: a GET gets a list for its page's events, handed to `sink` when the page was served. */
export function pageEventScope(sink: Sink) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET") return next();
    const events: string[] = [];
    res.once("finish", () => {
      if (events.length === 0 || (res.statusCode !== 200 && res.statusCode !== 304)) return;
      const purpose = `${req.headers["sec-purpose"] ?? ""} ${req.headers.purpose ?? ""}`;
      sink(events, { userAgent: req.headers["user-agent"], prefetch: /prefetch|prerender/i.test(purpose) });
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
