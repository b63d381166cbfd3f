// A page rendered on the server as a person reads it: its text with tags removed, the few entities React writes
// decoded, and every run of white space (the amounts' no-break spaces included) one plain space.
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";

export function visibleText(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** A route's component at `url` with the loader data given (no loader runs), as visible text. */
export function routeText(Component: ComponentType<never>, path: string, url: string, loaderData: unknown): string {
  const Stub = createRoutesStub([{ id: "page", path, loader: () => loaderData, Component: Component as never }]);
  return visibleText(
    renderToString(createElement(Stub, { initialEntries: [url], hydrationData: { loaderData: { page: loaderData } } })),
  );
}
