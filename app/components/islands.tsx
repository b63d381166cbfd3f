import { createContext, useContext } from "react";
import type { EntryContext } from "react-router";
import type { RouteFacts } from "~/lib/route-facts";
import { localeFromPath } from "~/lib/locale";

// Reader pages without React in the browser (ADR 045): a route opts in with `handle: { islands: true }`; the server
// renders it as always, and the document loads one small plain script (app/islands/reader-page.ts) instead of the
// React client. Components that need script then render their controls whole (every slide, the account menu, the
// scroll-to-top button) for that script to wire up.

/** True while the page is rendered for islands: entry.server provides it (islandsPage). Server only. */
export const IslandsContext = /* @__PURE__ */ createContext(false);

/**
 * Whether this document is an islands page: not for data saver (no script at all), and either a Swahili document
 * (issue 50, ADR 048: the browser's build holds English words only, so a "/sw" page, its error page included, is never
 * rendered by React in the browser) or a page whose own route opts in and rendered without an error (an English error
 * page's "Try again" button needs React).
 */
export function islandsPage(context: EntryContext): boolean {
  const { matches, loaderData, errors, location } = context.staticHandlerContext;
  const shell = loaderData.root as { dataSaver?: boolean } | undefined;
  if (shell?.dataSaver) return false;
  if (localeFromPath(location.pathname) === "sw") return true;
  const page = matches.at(-1);
  if (!page || errors) return false;
  const handle = context.routeModules[page.route.id]?.handle as RouteFacts | undefined;
  return Boolean(handle?.islands);
}

/**
 * Whether this render is for an islands page. Server only: callers write `import.meta.env.SSR && useIslands()` (a
 * build-time constant, so hooks keep their order in each build), and their islands branches and this module fall
 * out of the browser's build.
 */
export function useIslands(): boolean {
  return useContext(IslandsContext);
}
