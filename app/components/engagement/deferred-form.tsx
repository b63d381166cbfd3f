import { Suspense, type ReactNode } from "react";
import { useNearViewport } from "~/components/ui/when-near-viewport";
import { useDataSaver } from "~/components/data-saver";
import { useIslands } from "~/components/islands";
import { useT } from "~/lib/i18n/use-t";

/** Where a review or comment form appears once its code has loaded. */
function FormLoading({ what }: { what: "review" | "comment" }) {
  const t = useT();
  return (
    <p className="mt-4 text-sm text-gray-600">
      {what === "review" ? t("engagement.loadingReview") : t("engagement.loadingComment")}
      <noscript>{what === "review" ? t("engagement.noScriptReview") : t("engagement.noScriptComment")}</noscript>
    </p>
  );
}

/**
 * Renders a lazily loaded form once the reader gets near it; until then, and while it loads, a short notice. On a
 * data-saver page, the form itself, rendered by the server.
 */
export function DeferredForm({ what, children }: { what: "review" | "comment"; children: ReactNode }) {
  const [formArea, near] = useNearViewport<HTMLDivElement>();
  const dataSaver = useDataSaver();
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  // Data saver: no script will ever load the form (issue 46: "Loading the review form..." forever), so the server
  // renders it in place, a plain form post (the server build imports the form, not lazily: see the blocks). An islands
  // page (ADR 045) the same: its script sends the form in place and shows the answer under it.
  if (import.meta.env.SSR && (dataSaver || islands)) return <div>{children}</div>;
  return (
    <div ref={formArea}>
      {near ? <Suspense fallback={<FormLoading what={what} />}>{children}</Suspense> : <FormLoading what={what} />}
    </div>
  );
}
