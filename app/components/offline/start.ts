import { recheckSaved, setOwner } from "~/lib/offline-library";

/**
 * Loaded after the page's `load` event (root.tsx), never with the page itself: registers the service worker, records
 * who is signed in on this device (deleting anyone else's saved copies) and, online, asks the server which of her
 * saved items she may still read (ADR 031).
 */
export async function startOffline(owner: string | null): Promise<void> {
  if (!("serviceWorker" in navigator) || !("caches" in window)) return;
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await setOwner(owner);
  if (owner && navigator.onLine) await recheckSaved(owner);
}
