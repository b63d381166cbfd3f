import { Download } from "~/components/ui/icons";
import type { SaveTarget } from "~/lib/offline-library";
import saveScript from "~/islands/save-offline.ts?worker&url";
import { useT } from "~/lib/i18n/use-t";

/**
 * 'Save for offline' on an islands page (ADR 045; server only): the same button and words as SaveForOffline, all in
 * the page and hidden. It needs JavaScript and Cache Storage, so the page's script (app/islands/article-page.ts)
 * shows the part that fits once it has looked in her offline library, and loads the library's code (`data-code`, a
 * script of its own) when she taps.
 * Without script nothing of it shows.
 */
export function SaveForOfflineIsland({ owner, target }: { owner: string; target: SaveTarget }) {
  const t = useT();
  return (
    <div
      hidden
      data-save-offline={JSON.stringify({ owner, ...target })}
      data-code={saveScript}
      className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm"
    >
      <p hidden data-saved className="font-semibold text-gray-800" role="status">
        {t("offline.saved")}{" "}
        <a href="/library/offline" className="text-brand-700 underline underline-offset-2">
          {t("offline.library")}
        </a>
      </p>
      <button hidden data-save type="button" className="bm bm-off">
        <Download aria-hidden="true" className="h-5 w-5" />
        <span>{t("offline.save")}</span>
      </button>
      <p hidden data-failed className="text-red-700" role="alert">
        {t("offline.failed")}
      </p>
    </div>
  );
}
