/**
 * Registers the installable app's service worker (ADR 033) once the page has loaded and tells it who is signed in
 * (null: nobody), so it keeps only her offline copies. Shared by the React root and the island pages' script
 * (ADR 045). Not fatal when it fails (a sign-out clearing the site at that moment aborts it): the next page registers
 * again. Returns a clean-up that cancels a registration still waiting for the load event.
 */
export function registerOfflineWorker(owner: string | null): () => void {
  if (!("serviceWorker" in navigator)) return () => undefined;
  const sw = navigator.serviceWorker;
  const start = () =>
    void sw
      .register("/sw.js")
      .then(() => sw.ready)
      .then((r) => r.active?.postMessage({ owner }))
      .catch(() => undefined);
  if (document.readyState === "complete") {
    start();
    return () => undefined;
  }
  addEventListener("load", start, { once: true });
  return () => removeEventListener("load", start);
}
