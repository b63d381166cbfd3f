import { useEffect, useRef } from "react";
import { AuthPanel, type AuthView } from "./auth-panel";
import { signInNotice } from "~/lib/sign-in-href";

/** The sign-in panel in a modal dialog; the same panel is the /signin page when JavaScript is off. */
export function SignInDialog({
  open,
  onClose,
  googleEnabled,
  redirectTo,
  initialView,
  reason,
}: {
  open: boolean;
  onClose: () => void;
  googleEnabled: boolean;
  redirectTo?: string;
  initialView?: AuthView;
  reason?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-label="Sign in"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-6 shadow-xl backdrop:bg-black/40"
    >
      {open ? (
        <>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="absolute top-3 right-3 p-2 text-xl leading-none text-gray-600"
          >
            ×
          </button>
          <AuthPanel
            googleEnabled={googleEnabled}
            redirectTo={redirectTo}
            initialView={initialView}
            notice={signInNotice(reason)}
          />
        </>
      ) : null}
    </dialog>
  );
}
