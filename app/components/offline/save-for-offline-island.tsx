import { Download } from "~/components/ui/icons";
import type { SaveTarget } from "~/lib/offline-library";
import saveScript from "~/islands/save-offline.ts?worker&url";
import { useLocalHref, useT } from "~/lib/i18n/use-t";

/**
 * 'Save for offline' on an islands page (ADR 045; server only): the same button and words as SaveForOffline, all in
 * the page and hidden. It needs JavaScript and Cache Storage, so the page's script (app/islands/save-offline-button.ts,
 * from the article's and text mode's scripts) shows the part that fits once it has looked in her offline library, and
 * loads the library's code (`data-code`, a script of its own) when she taps.
 * Without script nothing of it shows.
 */
export function SaveForOfflineIsland({
  owner,
  target,
  label,
  inReader = false,
}: {
  owner: string;
  target: SaveTarget;
  /** The button's words; "Save for offline" when not given. */
  label?: string;
  /** In the text reader: the reader's theme colours (light, sepia, dark) instead of the page's. */
  inReader?: boolean;
}) {
  const t = useT();
  const localHref = useLocalHref();
  return (
    <div
      hidden
      data-save-offline={JSON.stringify({ owner, ...target })}
      data-code={saveScript}
      className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm"
    >
      <p hidden data-saved className={`font-semibold ${inReader ? "" : "text-gray-800"}`} role="status">
        {t("offline.saved")}{" "}
        <a
          href={localHref("/library/offline")}
          className={`${inReader ? "" : "text-brand-700 "}underline underline-offset-2`}
        >
          {t("offline.library")}
        </a>
      </p>
      <button
        hidden
        data-save
        type="button"
        className={
          inReader
            ? "inline-flex min-h-11 items-center gap-2 rounded-full border border-current px-4 font-semibold"
            : "bm bm-off"
        }
      >
        <Download aria-hidden="true" className="h-5 w-5" />
        <span>{label ?? t("offline.save")}</span>
      </button>
      <p hidden data-failed className={inReader ? "font-semibold" : "text-red-700"} role="alert">
        {t("offline.failed")}
      </p>
    </div>
  );
}
