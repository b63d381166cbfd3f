import { createContext, useContext } from "react";
import type { EntryContext } from "react-router";
import type { RouteFacts } from "~/lib/route-facts";

// Reader pages without React in the browser (ADR 045): a route opts in with `handle: { islands: true }`; the server
// renders it as always, and the document loads one small plain script (app/islands/reader-page.ts) instead of the
// React client. Components that need script then render their controls whole (every slide, the account menu, the
// scroll-to-top button) for that script to wire up.

/** True while the page is rendered for islands: entry.server provides it (islandsPage). Server only. */
export const IslandsContext = /* @__PURE__ */ createContext(false);

/**
 * Whether this document is an islands page: the page's own route opts in, it rendered without an error (the error
 * page's buttons need React) and it is not for data saver (no script at all).
 */
export function islandsPage(context: EntryContext): boolean {
  const { matches, loaderData, errors } = context.staticHandlerContext;
  const page = matches.at(-1);
  if (!page || errors) return false;
  const handle = context.routeModules[page.route.id]?.handle as RouteFacts | undefined;
  const shell = loaderData.root as { dataSaver?: boolean } | undefined;
  return Boolean(handle?.islands) && !shell?.dataSaver;
}

/**
 * Whether this render is for an islands page. Server only: callers write `import.meta.env.SSR && useIslands()` (a
 * build-time constant, so hooks keep their order in each build), and their islands branches and this module fall
 * out of the browser's build.
 */
export function useIslands(): boolean {
  return useContext(IslandsContext);
}
