/** The sign-in link that brings the reader back to `path` (a dialog with JavaScript, the /signin page without). */
export function signInHref(path: string): string {
  return `/signin?redirectTo=${encodeURIComponent(path)}`;
}
