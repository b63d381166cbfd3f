/** Why a sign-in was asked for, shown above the sign-in form (dialog or page). */
export const SIGN_IN_REASONS = {
  purchase: "Sign in required. Please sign in to purchase ebooks.",
  subscribe: "Sign in required. Please sign in or create an account to choose a plan.",
} as const;

export type SignInReason = keyof typeof SIGN_IN_REASONS;

export function signInNotice(reason: string | null | undefined): string | undefined {
  return reason && Object.hasOwn(SIGN_IN_REASONS, reason) ? SIGN_IN_REASONS[reason as SignInReason] : undefined;
}

/** The sign-in link that brings the reader back to `path` (a dialog with JavaScript, the /signin page without). */
export function signInHref(path: string, reason?: SignInReason): string {
  return `/signin?redirectTo=${encodeURIComponent(path)}${reason ? `&reason=${reason}` : ""}`;
}
