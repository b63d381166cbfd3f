import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import { RefreshMeta } from "./noscript-refresh";

/**
 * How a page that waits for a payment looks again (pay-mpesa, payment-status). As an islands page (ADR 045): its own
 * script, which reads the page again in place and never while it is hidden (islands/live-page.ts); for a browser
 * without JavaScript the root layout writes a meta refresh inside <noscript> in the head, from the route's
 * `noscriptRefresh` (noscript-refresh.tsx). Rendered by React, or for data saver (no script at all): the meta refresh
 * itself. `url`: the address of the next look, when it has its own.
 */
export function LiveRefresh({ seconds, url, script }: { seconds: number | null; url?: string; script: string }) {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  if (!islands) return seconds ? <RefreshMeta refresh={{ seconds, url }} /> : null;
  return <script type="module" src={script} nonce={nonce} />;
}
