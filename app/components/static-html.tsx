import { createContext, useContext, useLayoutEffect, useRef } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { isServerOnly, type ServerOnly } from "~/lib/server-only";

export { isServerOnly, type ServerOnly };

/** The server's values for ServerOnly markers, provided by entry.server while it renders a document. */
export const ServerOnlyData = /* @__PURE__ */ createContext<ReadonlyMap<string, unknown> | null>(null);

// Marks HTML the server rendered; hydration leaves the attribute, an element the browser made lacks it.
const SERVER_RENDERED = "data-kept";

type StaticHtmlProps<T> = { value: T | ServerOnly; children: (value: T) => React.ReactNode };

function RenderedOnServer<T>({ value, children }: StaticHtmlProps<T>) {
  const serverData = useContext(ServerOnlyData);
  if (!isServerOnly(value)) return <>{children(value)}</>;
  return <div {...{ [SERVER_RENDERED]: "" }}>{children(serverData?.get(value.serverOnly) as T)}</div>;
}

function KeptInBrowser<T>({ value, children }: StaticHtmlProps<T>) {
  const kept = isServerOnly(value);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (kept && !ref.current?.hasAttribute(SERVER_RENDERED)) void revalidator.revalidate();
    // Once, when the part is first shown without its HTML; the revalidator changes on every load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kept]);
  if (!kept) return <>{children(value as T)}</>;
  return (
    <div
      ref={ref}
      // A plain click on a link to this site navigates as a <Link> would.
      onClick={(event) => {
        const link = (event.target as Element).closest("a");
        if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if (!link || link.target || link.origin !== location.origin) return;
        event.preventDefault();
        void navigate(link.pathname + link.search + link.hash);
      }}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: "" }}
    />
  );
}

/**
 * `children(value)`; when `value` was rendered once on the server (a first page load), the server's HTML for it
 * is kept as it is: React does not hydrate it and the page's data does not repeat it (ADR 022). Its links still
 * navigate within the app. Should the HTML be missing (React had to render the page afresh), the page's data is
 * fetched again and the part renders from it. (`import.meta.env.SSR` is a build-time constant: each build keeps
 * its own side.)
 */
export const StaticHtml: <T>(props: StaticHtmlProps<T>) => React.ReactNode = import.meta.env.SSR
  ? RenderedOnServer
  : KeptInBrowser;
