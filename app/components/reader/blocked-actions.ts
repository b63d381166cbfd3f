import { useCallback, useEffect, useState } from "react";
import type { ToastMessage } from "~/components/ui/toast";
import { BLOCKED_MESSAGE, isBlockedKey } from "./reader-view";

/** Refuses copying, saving and printing while the reader is open, and says so. */
export function useBlockedActions(onBlocked: () => void) {
  useEffect(() => {
    const block = (event: Event) => {
      event.preventDefault();
      onBlocked();
    };
    const onKey = (event: KeyboardEvent) => {
      if (isBlockedKey(event)) block(event);
    };
    const events = ["contextmenu", "selectstart", "dragstart", "copy", "cut", "paste"] as const;
    for (const name of events) document.addEventListener(name, block, true);
    document.addEventListener("keydown", onKey, true);
    // Some systems deliver only the release of PrintScreen.
    document.addEventListener("keyup", onKey, true);
    window.addEventListener("beforeprint", onBlocked);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      for (const name of events) document.removeEventListener(name, block, true);
      document.removeEventListener("keydown", onKey, true);
      document.removeEventListener("keyup", onKey, true);
      window.removeEventListener("beforeprint", onBlocked);
      document.body.style.overflow = overflow;
    };
  }, [onBlocked]);
}

/** The readers' blocking ({@link useBlockedActions}) with its toast: what to show after a refused copy or print. */
export function useBlockedActionsToast(): ToastMessage | null {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const onBlocked = useCallback(() => setToast({ kind: "error", title: BLOCKED_MESSAGE }), []);
  useBlockedActions(onBlocked);
  return toast;
}
