// Loaded on the first tap of a bookmark button (kept out of every page's JavaScript; the service worker precaches it,
// so a tap with no connection still works): shows the state she asked for at once and sends it with the time of the
// tap, marked for the service worker's queue (ADR 033). With no connection the worker keeps the post and answers
// `queued`; it is sent when she is back online, and the shop applies it only if nothing later changed that bookmark.
import type { EngagementResult } from "~/modules/engagement/schemas";
import { say } from "~/lib/page-words";

export type Shown = { on: boolean; note?: string };

export async function tap(
  form: HTMLFormElement,
  on: boolean,
  owner: string | undefined,
  show: (s: Shown) => void,
  revalidate: () => unknown,
) {
  show({ on });
  const takenAt = String(Date.now());
  // Only the last tap's answer is shown (an earlier one may arrive later).
  form.dataset.takenAt = takenAt;
  const body = new URLSearchParams();
  new FormData(form).forEach((v, k) => body.set(k, String(v)));
  body.set("bookmarked", String(on));
  body.set("takenAt", takenAt);
  if (owner) body.set("owner", owner);
  let r: EngagementResult | null = null;
  try {
    const res = await fetch(form.action, {
      method: "POST",
      body,
      headers: { Accept: "application/json", "X-Nuru-Queue": "bookmark" },
    });
    r = (await res.json()) as EngagementResult;
  } catch {
    // No connection and no worker to keep it.
  }
  if (form.dataset.takenAt !== takenAt) return;
  if (r?.ok && r.queued) {
    show({ on, note: say(on ? "Saved on this phone, will sync" : "Removed on this phone, will sync") });
    return whenSent(form, takenAt, show);
  }
  // The refusal's words (read in place: this file stays out of the forms' shared code, ADR 033's offline tap).
  if (!r?.ok) return show({ on: !on, note: r ? r.error.message : say("No connection. Please try again.") });
  void revalidate();
}

/**
 * A tap the service worker queued: it tells open pages when it reached the shop (ADR 033), and the button then says
 * so, with the shop's answer. Listened for only after such a tap, so no page pays for it otherwise.
 */
function whenSent(form: HTMLFormElement, takenAt: string, show: (s: Shown) => void) {
  const worker = navigator.serviceWorker;
  if (!worker) return;
  const id = new FormData(form).get("contentId");
  const onMessage = (event: MessageEvent) => {
    const sent = (event.data as { bookmarkSent?: { id: string; takenAt: number; bookmarked: boolean } })?.bookmarkSent;
    if (!sent || sent.id !== id || String(sent.takenAt) !== takenAt) return;
    worker.removeEventListener("message", onMessage);
    if (form.dataset.takenAt !== takenAt) return;
    show({ on: sent.bookmarked, note: say(sent.bookmarked ? "Bookmarked · synced" : "Bookmark removed · synced") });
  };
  worker.addEventListener("message", onMessage);
  worker.startMessages();
  // The connection back while she is still here: the worker sends what waits now (a page load would also ask).
  addEventListener("online", () => worker.controller?.postMessage({ replay: true }), { once: true });
}
