// Facts about a route that the HTTP server needs before React Router runs (the guest page cache, the cross-site
// request check, body limits) are declared on the route itself, as its `handle`, and the server derives its lists
// from the build's routes at start-up (issue 31 item 8): a new route says what it is where it is written, and no list
// beside app/routes.ts can drift from it.

export interface RouteFacts {
  /** Server-rendered without React in the browser: the page loads the small islands script instead (ADR 045). */
  islands?: true;
  /** An islands page that waits (a payment): when a browser without JavaScript looks again, from the route's loader
   *  data; the root layout writes it in the head (components/commerce/noscript-refresh.tsx). */
  noscriptRefresh?: (loaderData: unknown) => { seconds: number; url?: string } | null;
  /** Signed-in readers with the same access share one render of it, their own parts filled in per request (ADR 049).
   *  Only for a page whose every personal part is a token or a choice (lib/shared-render.server.ts). */
  sharedRender?: true;
  /** The same page for every guest of one country: the guest page cache may keep it (ADR 016). */
  guestPage?: true;
  /** The query parameters a guest page reads (a search, a list's page, a filter). A guest request carrying any other
   *  parameter is neither served from nor stored in the guest page cache, and only these make up the key, so random
   *  query strings cannot fill or empty it (issue 46 item 1). */
  guestQuery?: readonly string[];
  /** Takes POSTs made by other sites' servers, with no Origin of ours; what the request carries authorises it. */
  crossSitePosts?: true;
  /** The largest body its form may send, when above the 64 KB every other form gets (request-guards.ts). */
  formBodyLimit?: number;
  /** Its loader notes page events for the owner's analytics (issue 35): only these requests (and their `.data`
   *  twins) open a page-event scope, so other pages do not pay for one. */
  countsViews?: true;
}

/** The part of React Router's server build this reads: each route's place in the tree and its module's handle. */
export type BuildRoutes = Record<
  string,
  { id: string; parentId?: string; path?: string; index?: boolean; module: { handle?: unknown } } | undefined
>;

export interface RouteFactIndex {
  isGuestPage(path: string): boolean;
  /** Pages signed-in readers of one access level share a render of (ADR 049); never a `.data` request. */
  isSharedPage(path: string): boolean;
  /** The query parameters the guest page at `path` declares it reads (none when it declares none). */
  guestQuery(path: string): ReadonlySet<string>;
  takesCrossSitePosts(path: string): boolean;
  countsViews(path: string): boolean;
  /** Forms allowed more than the default body limit, as request-guards.ts reads them. */
  largeForms: { path: RegExp; bytes: number }[];
  /** The full path patterns carrying each fact (tests, the start banner). */
  patterns: { guestPage: string[]; crossSitePosts: string[]; countsViews: string[] };
}

/** A route's full pattern: its ancestors' paths joined ("admin/orders/:id" -> "/admin/orders/:id"; index -> its parent's). */
export function fullPattern(routes: BuildRoutes, id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path.replace(/^\/+|\/+$/g, ""));
  }
  return `/${parts.filter(Boolean).join("/")}`;
}

/** The pattern as React Router matches it: `:param` one segment, `*` the rest, case-insensitive, an optional
 *  trailing slash. */
export function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .join("");
  return new RegExp(`^${body}/?$`, "i");
}

function factsOf(handle: unknown): RouteFacts {
  return handle && typeof handle === "object" ? (handle as RouteFacts) : {};
}

export function indexRouteFacts(routes: BuildRoutes): RouteFactIndex {
  const guestPage: string[] = [];
  const sharedPage: string[] = [];
  const crossSitePosts: string[] = [];
  const countsViews: string[] = [];
  const largeForms: RouteFactIndex["largeForms"] = [];
  const guestQueries: { path: RegExp; params: readonly string[] }[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const facts = factsOf(route.module.handle);
    const pattern = fullPattern(routes, route.id);
    if (facts.guestPage) guestPage.push(pattern);
    if (facts.sharedRender) sharedPage.push(pattern);
    if (facts.guestPage && facts.guestQuery)
      guestQueries.push({ path: patternToRegExp(pattern), params: facts.guestQuery });
    if (facts.crossSitePosts) crossSitePosts.push(pattern);
    if (facts.countsViews) countsViews.push(pattern);
    if (facts.formBodyLimit) largeForms.push({ path: patternToRegExp(pattern), bytes: facts.formBodyLimit });
  }
  const matcher = (patterns: string[]) => {
    const expressions = [...new Set(patterns)].map((pattern) => patternToRegExp(pattern));
    return (path: string) => expressions.some((expression) => expression.test(path));
  };
  const isGuestPattern = matcher(guestPage);
  const isSharedPattern = matcher(sharedPage);
  const isCountingPattern = matcher(countsViews);
  return {
    // A page's data twin (`/article/x.data`) is personal to no one either, but it is not the page: never kept.
    isGuestPage: (path) => !path.endsWith(".data") && isGuestPattern(path),
    isSharedPage: (path) => !path.endsWith(".data") && isSharedPattern(path),
    guestQuery: (path) => new Set(guestQueries.find((route) => route.path.test(path))?.params ?? []),
    takesCrossSitePosts: matcher(crossSitePosts),
    countsViews: (path) => isCountingPattern(path.endsWith(".data") ? path.slice(0, -".data".length) : path),
    largeForms,
    patterns: {
      guestPage: [...new Set(guestPage)].sort(),
      crossSitePosts: [...new Set(crossSitePosts)].sort(),
      countsViews: [...new Set(countsViews)].sort(),
    },
  };
}
