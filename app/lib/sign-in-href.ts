import { localeFromPath } from "./locale";

/** Why a sign-in was asked for, shown above the sign-in form (dialog or page). */
export const SIGN_IN_REASONS = {
  purchase: "Sign in required. Please sign in to purchase ebooks.",
  subscribe: "Sign in required. Please sign in or create an account to choose a plan.",
} as const;

export type SignInReason = keyof typeof SIGN_IN_REASONS;

export function signInNotice(reason: string | null | undefined): string | undefined {
  return reason && Object.hasOwn(SIGN_IN_REASONS, reason) ? SIGN_IN_REASONS[reason as SignInReason] : undefined;
}

/**
 * The sign-in link that brings the reader back to `path` (a dialog with JavaScript, the /signin page without); back to
 * a Swahili page, the Swahili sign-in page (issue 50). A Swahili page sending her to an English-only page (checkout)
 * wraps this in `localHref`.
 */
export function signInHref(path: string, reason?: SignInReason): string {
  const page = localeFromPath(path.split(/[?#]/, 1)[0]) === "sw" ? "/sw/signin" : "/signin";
  return `${page}?redirectTo=${encodeURIComponent(path)}${reason ? `&reason=${reason}` : ""}`;
}

/**
 * The page's own address from a loader's request: a client-side navigation asks for `<path>.data` (React Router's
 * data request, with `_routes`), which is no page to come back to after signing in.
 */
export function pageAddressOf(requestUrl: string): string {
  const url = new URL(requestUrl);
  url.searchParams.delete("_routes");
  const pathname = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) : url.pathname;
  return `${pathname === "/_root" ? "/" : pathname}${url.search}`;
}
