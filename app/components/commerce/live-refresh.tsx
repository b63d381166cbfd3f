import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";

/**
 * How a page that waits for a payment looks again (pay-mpesa, payment-status). As an islands page (ADR 045): its own
 * script, which reads the page again in place and never while it is hidden (islands/live-page.ts), and, for a browser
 * without JavaScript, a meta refresh inside <noscript> (a browser running script ignores it). Rendered by React, or for
 * data saver (no script at all): the meta refresh itself. `url`: the address of the next look, when it has its own.
 */
export function LiveRefresh({ seconds, url, script }: { seconds: number | null; url?: string; script: string }) {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const refresh = seconds ? (
    <meta httpEquiv="refresh" content={url ? `${seconds};url=${url}` : String(seconds)} />
  ) : null;
  if (!islands) return refresh;
  return (
    <>
      {refresh ? <noscript>{refresh}</noscript> : null}
      <script type="module" src={script} nonce={nonce} />
    </>
  );
}
