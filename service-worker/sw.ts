/**
 * Nuru's service worker (ADR 033), bundled and given its precache list at build time by
 * scripts/build-service-worker.mjs (esbuild, then Serwist's injectManifest).
 *
 * What it does, and nothing more:
 * - precaches the light offline page (English and Swahili), its script, the app icons and the manifest (nothing
 *   personal: the same files for everyone);
 * - sends every page request of the shop to the network first; only when the network fails does it answer, with the
 *   saved copy of that address from the offline library of the person signed in on this device (her own cache), only
 *   while the session that saved it is still in this browser (its proof cookie, read with the Cookie Store API), or
 *   else the offline page;
 * - caches no page, no data and no admin page at run time (admin pages are not even handled);
 * - queues reading places, text settings and bookmark changes sent while there is no connection, and sends them when it
 *   is back (each once), telling open pages which bookmark changes reached the shop.
 */
import { BackgroundSyncQueue, NetworkOnly, Serwist, type PrecacheEntry, type SerwistGlobalConfig } from "serwist";
import { currentOwner, findSaved, recheckSaved, recordSentBookmark, setOwner } from "~/lib/offline-library";
import { localeFromPath, type Locale } from "~/lib/locale";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

/** The offline page in the language of the page that could not load (issue 50; scripts/offline-pages.mjs). */
const OFFLINE_PAGE = { en: "/offline.html", sw: "/offline-sw.html" } as const satisfies Record<Locale, string>;

/**
 * Reading places made with no connection (the offline ebook copy's script, and the text reader when the network
 * drops), kept in IndexedDB by Serwist's queue and sent again when the browser says the connection is back (a sync
 * event) or when a page of the shop next loads online (below). Each carries the time she was there and whose place it
 * is: the shop keeps the newest place and refuses one that is not the signed-in person's. The shop's same-origin
 * check applies as to any post: the browser gives the worker's replay this origin. Sign-out's Clear-Site-Data empties
 * the queue with the rest of the site's storage. Kept at most 30 days (a saved copy expires by then).
 */
// Bookmarks set on or off with no connection, and text settings changed in an offline ebook copy, wait in the same
// queue: each carries the time she chose it and whose it is, and the shop applies it only when nothing changed it later.
/** The replay under way in this worker, if any (declared before the queue, whose fallback may replay at once). */
let replaying: Promise<boolean> | undefined;
const places = new BackgroundSyncQueue("nuru-reading-places", {
  maxRetentionTime: 30 * 24 * 60,
  // Failing makes the browser try its sync event again later.
  onSync: async () => {
    if (!(await replay())) throw new Error("Queued posts could not be sent yet.");
  },
});

/**
 * A bookmark change queued offline has reached the shop: her saved copy of the item records the shop's answer, and
 * open pages (an offline copy, the page she tapped on) hear it, so they can say "synced" truthfully.
 */
async function bookmarkSent(request: Request, response: Response) {
  if (request.headers.get("X-Nuru-Queue") !== "bookmark" || !response.ok) return;
  const sent = new URLSearchParams(await request.text());
  const answer = (await response.json().catch(() => null)) as { ok?: boolean; bookmarked?: boolean } | null;
  const owner = await currentOwner();
  const kind = sent.get("contentType") ?? "";
  const id = sent.get("contentId") ?? "";
  const takenAt = Number(sent.get("takenAt"));
  if (!answer?.ok || typeof answer.bookmarked !== "boolean" || !owner || sent.get("owner") !== owner) return;
  await recordSentBookmark(owner, { kind, id }, { bookmarked: answer.bookmarked, at: takenAt });
  for (const client of await self.clients.matchAll({ type: "window" }))
    client.postMessage({ bookmarkSent: { kind, id, takenAt, bookmarked: answer.bookmarked } });
}

/**
 * Sends what the queue holds, oldest first, each once: an entry leaves the queue before it is sent and goes back only
 * when the network fails (the shop's answer, whatever it is, ends it). One replay at a time in this worker, whichever
 * asked (the browser's sync event, a page of the shop, an offline copy that saw the connection come back). True when
 * the queue is empty.
 */
function replay(): Promise<boolean> {
  replaying ??= (async () => {
    try {
      for (let entry = await places.shiftRequest(); entry; entry = await places.shiftRequest()) {
        let response: Response;
        try {
          response = await fetch(entry.request.clone());
        } catch {
          await places.unshiftRequest(entry);
          return false;
        }
        await bookmarkSent(entry.request, response).catch(() => undefined);
      }
      return true;
    } finally {
      replaying = undefined;
    }
  })();
  return replaying;
}

async function sendPlaces(owner: string | null) {
  if (owner === null) {
    // Nobody is signed in on this device any more: nothing queued is anyone's to send.
    await replaying;
    while (await places.shiftRequest());
    return;
  }
  // When the connection is still down, the entries stay queued for the next try.
  await replay();
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      // A reading place or text settings (marked by the page that sends them): to the network, or into the queue when
      // that fails.
      matcher: ({ request, sameOrigin }) =>
        sameOrigin &&
        request.method === "POST" &&
        ["position", "settings"].includes(request.headers.get("X-Nuru-Queue") ?? ""),
      method: "POST",
      handler: new NetworkOnly({
        plugins: [{ fetchDidFail: async ({ request }) => places.pushRequest({ request }) }],
      }),
    },
    {
      // A bookmark set on or off (bookmark-post.ts): the same, and the page hears that it was kept for later.
      matcher: ({ request, sameOrigin }) =>
        sameOrigin && request.method === "POST" && request.headers.get("X-Nuru-Queue") === "bookmark",
      method: "POST",
      handler: new NetworkOnly({
        plugins: [
          {
            fetchDidFail: async ({ request }) => places.pushRequest({ request }),
            // No page shows this title: each words "kept for later" itself, in its own language (bookmark-post.ts
            // and the offline copy's script, from `queued`), so the worker needs no catalogue.
            handlerDidError: async () =>
              Response.json({ ok: true, intent: "bookmark", queued: true, title: "Saved offline", message: "" }),
          },
        ],
      }),
    },
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.mode === "navigate" && !/^\/admin(\/|-|$)/.test(url.pathname),
      handler: new NetworkOnly({
        plugins: [
          {
            // No connection (or the shop cannot be reached): her saved copy of this page, else the offline page.
            handlerDidError: async ({ request }) =>
              (await findSaved(request.url)) ??
              (await serwist.matchPrecache(OFFLINE_PAGE[localeFromPath(new URL(request.url).pathname)])) ??
              Response.error(),
          },
        ],
      }),
    },
  ],
});

// A page of the shop tells who is signed in (root.tsx): anyone else's saved copies are deleted, places queued
// offline are sent, and online her copies are checked with the shop (access ended: deleted; still hers: another 30
// days). Only the shop's own pages can send this.
self.addEventListener("message", (event) => {
  // An offline copy saw the connection come back: send what waits, for whoever is signed in on this device (nothing
  // is sent for nobody; the owner's own pages may also ask).
  if (event.data?.replay === true) {
    event.waitUntil(currentOwner().then((owner) => (owner ? replay() : undefined)));
    return;
  }
  const owner: unknown = event.data?.owner;
  if (!(owner === null || (typeof owner === "string" && /^[0-9a-f]{24}$/.test(owner)))) return;
  event.waitUntil(
    (async () => {
      await setOwner(owner);
      await sendPlaces(owner);
      if (owner) await recheckSaved(owner);
    })(),
  );
});

serwist.addEventListeners();
