import { useCallback, useEffect, useState } from "react";
import type { ToastMessage } from "~/components/ui/toast";
import { BLOCKED_MESSAGE } from "./reader-view";
import { blockReaderActions } from "./block-actions";

/** Refuses copying, saving and printing while the reader is open, and says so. */
export function useBlockedActions(onBlocked: () => void) {
  useEffect(() => blockReaderActions(onBlocked), [onBlocked]);
}

/** The readers' blocking ({@link useBlockedActions}) with its toast: what to show after a refused copy or print. */
export function useBlockedActionsToast(): ToastMessage | null {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const onBlocked = useCallback(() => setToast({ kind: "error", title: BLOCKED_MESSAGE }), []);
  useBlockedActions(onBlocked);
  return toast;
}
