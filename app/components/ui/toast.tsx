import { useEffect, useState } from "react";

export interface ToastMessage {
  kind: "success" | "error";
  title: string;
  message?: string;
}

/** One toast at a time (spec); errors are announced assertively. */
export function Toast({ toast }: { toast: ToastMessage | null }) {
  const [visible, setVisible] = useState<ToastMessage | null>(toast);
  useEffect(() => {
    setVisible(toast);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(null), 6000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!visible) return null;
  const destructive = visible.kind === "error";
  return (
    <div
      role={destructive ? "alert" : "status"}
      data-testid="toast"
      className={`fixed inset-x-4 top-20 z-50 mx-auto max-w-sm rounded-lg border p-4 shadow-lg md:top-auto md:right-6 md:bottom-6 md:left-auto ${
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
          aria-label="Dismiss"
          onClick={() => setVisible(null)}
          className="-m-1 p-1 text-lg leading-none"
        >
          ×
        </button>
      </div>
    </div>
  );
}
