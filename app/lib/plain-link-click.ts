/**
 * The address of the link a click followed, when it is a plain click (main button, no modifier key, not taken by an
 * earlier handler) on a same-window, same-site link matching `selector`; otherwise null, and the click is left to the
 * browser or to whoever else handles it.
 */
export function plainLinkClick(event: MouseEvent, selector: string): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.(selector);
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self")) return null;
  if (link.hasAttribute("download")) return null;
  const url = new URL(link.href);
  return url.origin === window.location.origin ? url : null;
}
