import { useMatches } from "react-router";
import type { RouteFacts } from "~/lib/route-facts";

/** When a waiting page looks again by itself: every `seconds`, at `url` when the next look has an address of its own. */
export interface PageRefresh {
  seconds: number;
  url?: string;
}

/** The meta refresh of a waiting page: `<meta http-equiv=refresh>`. */
export function RefreshMeta({ refresh }: { refresh: PageRefresh }) {
  return (
    <meta
      httpEquiv="refresh"
      content={refresh.url ? `${refresh.seconds};url=${refresh.url}` : String(refresh.seconds)}
    />
  );
}

/**
 * For an islands page (ADR 045) that waits for a payment, in the document's head: a meta refresh inside <noscript>,
 * so a browser without JavaScript looks again by itself while one running the page's script ignores it (the script
 * looks again in place, and never while the page is hidden). HTML allows <noscript> with a <meta> only in the head,
 * so the route says when through its handle (`noscriptRefresh`, from its loader data) and the root layout puts it here.
 */
export function NoscriptRefresh() {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const facts = matches[i]!.handle as RouteFacts | undefined;
    if (!facts?.noscriptRefresh) continue;
    const refresh = facts.noscriptRefresh(matches[i]!.loaderData);
    return refresh ? (
      <noscript>
        <RefreshMeta refresh={refresh} />
      </noscript>
    ) : null;
  }
  return null;
}
