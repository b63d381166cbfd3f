import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Download } from "~/components/ui/icons";
import type { SaveTarget } from "~/lib/offline-library";

type State = "unsupported" | "ready" | "saving" | "saved" | "failed";

/**
 * 'Save for offline' on something she may read in full now (ADR 031). It needs JavaScript and Cache Storage, so the
 * server renders nothing and the button appears once the page runs; its code (the offline library) loads then, in a
 * chunk the page shares with the service worker's start-up, never with the page itself.
 */
export function SaveForOffline({ owner, target, title }: { owner: string; target: SaveTarget; title: string }) {
  const [state, setState] = useState<State>("unsupported");
  useEffect(() => {
    if (!("caches" in window) || !("serviceWorker" in navigator)) return;
    let live = true;
    void import("~/lib/offline-library").then(async (m) => {
      const saved = (await m.listSaved(owner)).some((item) => item.url === target.readUrl);
      if (live) setState(saved ? "saved" : "ready");
    });
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
          <Link to="/library/offline" className="text-brand-700 underline underline-offset-2">
            Offline library
          </Link>
        </p>
      ) : (
        <>
          <button
            type="button"
            className="bm bm-off"
            aria-label={`Save ${title} for offline reading`}
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
