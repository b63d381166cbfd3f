/**
 * Nuru's service worker (ADR 033), bundled and given its precache list at build time by
 * scripts/build-service-worker.mjs (esbuild, then Serwist's injectManifest).
 *
 * What it does, and nothing more:
 * - precaches the light offline page, its script, the app icons and the manifest (nothing personal: the same files
 *   for everyone);
 * - sends every page request of the shop to the network first; only when the network fails does it answer, with the
 *   saved copy of that address from the offline library of the person signed in on this device (her own cache), or
 *   else the offline page;
 * - caches no page, no data and no admin page at run time (admin pages are not even handled).
 */
import { NetworkOnly, Serwist, type PrecacheEntry, type SerwistGlobalConfig } from "serwist";
import { findSaved, recheckSaved, setOwner } from "~/lib/offline-library";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

const OFFLINE_PAGE = "/offline.html";

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.mode === "navigate" && !/^\/admin(\/|-|$)/.test(url.pathname),
      handler: new NetworkOnly({
        plugins: [
          {
            // No connection (or the shop cannot be reached): her saved copy of this page, else the offline page.
            handlerDidError: async ({ request }) =>
              (await findSaved(request.url)) ?? (await serwist.matchPrecache(OFFLINE_PAGE)) ?? Response.error(),
          },
        ],
      }),
    },
  ],
});

// A page of the shop tells who is signed in (root.tsx): anyone else's saved copies are deleted, and online hers are
// checked with the shop (access ended: deleted; still hers: another 30 days). Only the shop's own pages can send this.
self.addEventListener("message", (event) => {
  const owner: unknown = event.data?.owner;
  if (!(owner === null || (typeof owner === "string" && /^[0-9a-f]{24}$/.test(owner)))) return;
  event.waitUntil(
    (async () => {
      await setOwner(owner);
      if (owner) await recheckSaved(owner);
    })(),
  );
});

serwist.addEventListeners();
