import { useEffect } from "react";
import type { AuthView } from "./auth-panel";
import { plainLinkClick } from "~/lib/plain-link-click";

export interface SignInRequest {
  redirectTo?: string;
  view?: AuthView;
  /** Why she is asked to sign in (`reason` of the link); the dialog shows the matching notice. */
  reason?: string;
}

/**
 * With JavaScript, links to /signin (Unlock Premium Content, Login to Read, Sign in to comment...) open the
 * sign-in dialog over the page instead of leaving it. Without JavaScript they stay links to the /signin page.
 */
export function useSignInLinks(enabled: boolean, open: (request: SignInRequest) => void) {
  useEffect(() => {
    if (!enabled) return;
    function onClick(event: MouseEvent) {
      const url = plainLinkClick(event, "a[href]");
      if (url?.pathname !== "/signin") return;
      // On the sign-in page itself its own links (Forgot your password?, the tabs) switch the panel in place.
      if (window.location.pathname === "/signin") return;
      event.preventDefault();
      const view = url.searchParams.get("view");
      open({
        redirectTo: url.searchParams.get("redirectTo") ?? undefined,
        view: view === "signup" || view === "reset" || view === "code" ? view : undefined,
        reason: url.searchParams.get("reason") ?? undefined,
      });
    }
    // Capturing on window runs before React Router's link handler, which then leaves the click alone.
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, [enabled, open]);
}
