/** The furthest page a list reads; beyond the last real page a list is simply empty. */
export const MAX_PAGE = 100_000;

/** A page number from a URL as a safe offset source: 1..MAX_PAGE (huge, negative or NaN values included). */
export function clampPage(page: number | undefined): number {
  return Math.min(MAX_PAGE, Math.max(1, Math.floor(Number.isFinite(page) ? page! : 1)));
}
