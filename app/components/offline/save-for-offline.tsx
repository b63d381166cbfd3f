import { useEffect, useState } from "react";
import { Download } from "~/components/ui/icons";
import type { SaveTarget } from "~/lib/offline-library";

type State = "unsupported" | "ready" | "saving" | "saved" | "failed";

/**
 * 'Save for offline' on something she may read in full now (ADR 033). It needs JavaScript and Cache Storage, so the
 * server renders nothing and the button appears once the page runs. This component loads only for a signed-in reader
 * who may read the article (article.tsx, rendered by React after a navigation from a React page; its islands page and
 * text mode use save-for-offline-island.tsx), and the offline library's code only when she taps (ADR 006's budget).
 */
export function SaveForOffline({ owner, target }: { owner: string; target: SaveTarget }) {
  const [state, setState] = useState<State>("unsupported");
  useEffect(() => {
    if (!("caches" in window) || !("serviceWorker" in navigator)) return;
    let live = true;
    // offlineCacheName(owner) (lib/offline-cache-name.ts), written out: importing it costs this page a chunk.
    const name = `nuru-offline-${owner}`;
    // Whether it is saved already, without the library's code (has() first: open() would create her cache).
    void caches
      .has(name)
      .then((has) => (has ? caches.open(name).then((cache) => cache.match(target.readUrl)) : undefined))
      .then((saved) => live && setState(saved ? "saved" : "ready"));
    return () => {
      live = false;
    };
  }, [owner, target.readUrl]);
  if (state === "unsupported") return null;

  async function save() {
    setState("saving");
    try {
      await (await import("~/lib/offline-library")).saveForOffline(owner, target);
      setState("saved");
    } catch {
      setState("failed");
    }
  }

  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      {state === "saved" ? (
        <p className="font-semibold text-gray-800" role="status">
          Saved on this phone ·{" "}
          <a href="/library/offline" className="text-brand-700 underline underline-offset-2">
            Offline library
          </a>
        </p>
      ) : (
        <>
          <button
            type="button"
            className="bm bm-off"
            aria-disabled={state === "saving" ? true : undefined}
            onClick={() => state !== "saving" && void save()}
          >
            <Download aria-hidden="true" className="h-5 w-5" />
            <span>{state === "saving" ? "Saving…" : "Save for offline"}</span>
          </button>
          {state === "failed" ? (
            <p className="text-red-700" role="alert">
              Could not save it. Check your connection and try again.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
