import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { shareTargets } from "~/modules/site/share-links";

// Styles in app.css (.share, .share-a): plain links first, so sharing works before (and without) JavaScript.

/**
 * Share actions for a page: links to WhatsApp, Facebook, X and Telegram in the HTML; once the page runs, "Copy link"
 * and, on phones that have it, the system share sheet (Web Share API) are added. No button is in the server's HTML,
 * so nothing shows that cannot work without JavaScript.
 */
export function ShareLinks({ path, title, what }: { path: string; title: string; what: "article" | "ebook" }) {
  const origin = (useRouteLoaderData("root") as { origin?: string } | undefined)?.origin ?? "";
  const url = `${origin}${path}`;
  const [can, setCan] = useState<{ share: boolean; copy: boolean } | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    setCan({ share: typeof navigator.share === "function", copy: !!navigator.clipboard });
  }, []);
  return (
    <div className="share" role="group" aria-label={`Share this ${what}`}>
      <span aria-hidden="true" className="text-sm font-semibold text-gray-700">
        Share
      </span>
      {can?.share ? (
        // CASE: she closes the share sheet -> the promise rejects; nothing to tell her.
        <button type="button" className="share-a" onClick={() => navigator.share({ title, url }).catch(() => {})}>
          Share…
        </button>
      ) : null}
      {can?.copy ? (
        <button
          type="button"
          className="share-a"
          onClick={() =>
            navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          Copy link
        </button>
      ) : null}
      {shareTargets(url, title).map((t) => (
        <a
          key={t.name}
          href={t.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Share on ${t.name} (opens a new tab)`}
          className="share-a"
        >
          {t.name}
        </a>
      ))}
      {can ? (
        <span role="status" className={copied === null ? "sr-only" : "basis-full text-sm text-gray-700"}>
          {copied === null ? "" : copied ? "Link copied." : "Could not copy: copy the address from the address bar."}
        </span>
      ) : null}
    </div>
  );
}
