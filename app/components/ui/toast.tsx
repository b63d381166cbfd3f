import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { useT } from "~/lib/i18n/use-t";

export interface ToastMessage {
  kind: "success" | "error";
  title: string;
  message?: string;
}

// One toast at a time (spec): the shell's toast (after a redirect) and a page's own toast are separate components,
// so the newest one to appear takes this slot and any other hides.
let shownId: string | null = null;
const listeners = new Set<() => void>();

function showOnly(id: string | null) {
  shownId = id;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * One toast at a time (spec); errors are announced assertively. It sits at the bottom of the screen (above the
 * phone's tab bar), away from the header's account menu.
 */
export function Toast({ toast }: { toast: ToastMessage | null }) {
  const id = useId();
  const [visible, setVisible] = useState<ToastMessage | null>(toast);
  const t = useT();
  const shown = useSyncExternalStore(
    subscribe,
    () => shownId === id,
    () => true,
  );
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    showOnly(id);
    const timer = setTimeout(() => setVisible(null), 6000);
    return () => {
      clearTimeout(timer);
      if (shownId === id) showOnly(null);
    };
  }, [toast, id]);
  if (!visible || !shown) return null;
  const destructive = visible.kind === "error";
  return (
    <div
      role={destructive ? "alert" : "status"}
      data-testid="toast"
      className={`fixed inset-x-4 bottom-20 z-50 mx-auto max-w-sm rounded-lg border p-4 shadow-lg md:right-6 md:bottom-6 md:left-auto ${
        destructive ? "border-red-700 bg-red-700 text-white" : "border-emerald-200 bg-white text-gray-900"
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="font-semibold">{visible.title}</p>
          {visible.message ? <p className="mt-1 text-sm">{visible.message}</p> : null}
        </div>
        <button
          type="button"
          aria-label={t("toast.dismiss")}
          onClick={() => setVisible(null)}
          className="-m-1 p-1 text-lg leading-none"
        >
          ×
        </button>
      </div>
    </div>
  );
}
