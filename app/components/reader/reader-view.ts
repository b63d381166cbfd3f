// The reader's page and zoom rules (spec section 10: zoom default 1.2, step 0.2, between 0.5 and 3).
export const ZOOM = { initial: 1.2, step: 0.2, min: 0.5, max: 3 } as const;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return ZOOM.initial;
  return Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(zoom * 100) / 100));
}

export const zoomIn = (zoom: number) => clampZoom(zoom + ZOOM.step);
export const zoomOut = (zoom: number) => clampZoom(zoom - ZOOM.step);
export const zoomLabel = (zoom: number) => `${Math.round(zoom * 100)}%`;

/** The zoom at which a page fills the width available (phones start here). */
export function fitWidthZoom(availableWidth: number, pageWidthAtOne: number): number {
  if (availableWidth <= 0 || pageWidthAtOne <= 0) return ZOOM.initial;
  return clampZoom(Math.floor((availableWidth / pageWidthAtOne) * 100) / 100);
}

/** The page always stays between 1 and the total. */
export function clampPage(page: number, total: number): number {
  if (!Number.isFinite(page) || total < 1) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), total);
}

/** Keys and gestures the reader refuses (spec: PrintScreen, Ctrl+Shift+S, Ctrl+P, Ctrl+Shift+I, F12). */
export function isBlockedKey(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey">): boolean {
  const key = event.key.toLowerCase();
  if (key === "printscreen" || key === "f12") return true;
  const command = event.ctrlKey || event.metaKey;
  if (!command) return false;
  if (key === "p") return true;
  return event.shiftKey && (key === "s" || key === "i");
}

export const BLOCKED_MESSAGE = "Action blocked: Screenshots and printing are disabled for security";
