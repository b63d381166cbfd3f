import { useMemo } from "react";
import { refusalOf } from "~/lib/action-result";
import type { ToastMessage } from "./toast";

/** The error toast for an action's refusal (its title and message), or null when the answer is not a refusal. */
export function refusalToast(answer: unknown): ToastMessage | null {
  const refusal = refusalOf(answer);
  return refusal ? { kind: "error", title: refusal.error.title, message: refusal.error.message } : null;
}

/** `refusalToast`, kept while the answer is the same: a new object each render would show the toast again. */
export function useRefusalToast(answer: unknown): ToastMessage | null {
  return useMemo(() => refusalToast(answer), [answer]);
}
