import { lazy, Suspense } from "react";
import type { ToastMessage } from "./toast";

// The toast's code loads only when there is a message to show.
const Toast = lazy(() => import("./toast").then((m) => ({ default: m.Toast })));

export function LazyToast({ toast }: { toast: ToastMessage | null }) {
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <Toast toast={toast} />
    </Suspense>
  );
}
