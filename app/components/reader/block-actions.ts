import { isBlockedKey } from "./reader-view";

/**
 * Refuses copying, saving and printing while a reader is open, and calls `onBlocked` each time (a reader says so in a
 * toast); the page does not scroll behind the reader. Returns what undoes it. Plain DOM, shared by the readers'
 * scripts (app/islands/pdf-reader-page.ts, app/islands/text-reader-page.ts).
 */
export function blockReaderActions(onBlocked: () => void): () => void {
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
}
