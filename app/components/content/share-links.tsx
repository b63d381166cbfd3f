import { lazy, Suspense } from "react";
import { useRouteLoaderData } from "react-router";
import { shareTargets } from "~/modules/site/share-links";
import { useNearViewport } from "~/components/ui/when-near-viewport";
import { useLocalHref, useT } from "~/lib/i18n/use-t";

// Styles in app.css (.share, .share-a): plain links first, so sharing works before (and without) JavaScript.

// Copy link and the share sheet: loaded when the row comes near the screen, so an article's first load does not
// carry their code (the article page's JavaScript budget, catalogue.test.ts).
const ShareButtons = lazy(() => import("./share-buttons"));

/**
 * Share actions for an article or ebook: links to WhatsApp, Facebook, X and Telegram in the HTML; once the page runs,
 * "Copy link" and, where the browser has one, the system share sheet (Web Share API) are added. No button is in the
 * server's HTML, so nothing shows that cannot work without JavaScript. On an islands page (ADR 045) its script adds
 * them (app/islands/article-page.ts).
 */
export function ShareLinks({ path, title }: { path: string; title: string }) {
  const origin = (useRouteLoaderData("root") as { origin?: string } | undefined)?.origin ?? "";
  const t = useT();
  const localHref = useLocalHref();
  // The page in her language: a Swahili page shares its Swahili address.
  const url = `${origin}${localHref(path)}`;
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    // The address and title for an islands page's script (ADR 045), which adds the two buttons there.
    <div
      ref={ref}
      className="share"
      role="group"
      aria-label={t("share.group")}
      data-share-url={url}
      data-share-title={title}
    >
      <span aria-hidden="true">{t("share.group")}</span>
      {shareTargets(url, title).map((target) => (
        <a
          key={target.name}
          href={target.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t("share.on", { name: target.name })}
          className="share-a"
        >
          {target.name}
        </a>
      ))}
      {near ? (
        <Suspense fallback={null}>
          <ShareButtons url={url} title={title} />
        </Suspense>
      ) : null}
    </div>
  );
}
