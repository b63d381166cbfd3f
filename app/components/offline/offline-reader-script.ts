/**
 * The only script of a saved copy (bundled to /offline-reader.js, precached by the service worker; ADR 033). The copy
 * is served by the worker at the page's own address when there is no connection. This script:
 * - (an ebook's copy) opens at the place asked for (`?s=<section>#b-<paragraph>`, the reader's own links) or else
 *   where she last was on this phone, and keeps her place as she reads: on this phone, and for the shop as a request
 *   the service worker queues while she is offline and sends when she is back (with the time she was there, so the
 *   shop keeps the newest place, and whose place it is, so it never moves anyone else's);
 * - (an ebook's copy) applies her text settings as this phone keeps them (the online reader writes them) and lets her
 *   change them with no connection and no download; each change is kept on the phone and queued for the shop;
 * - (every copy) works the bookmark button: the change shows at once, is kept on the phone and sent through the
 *   worker's queue, and the button says truthfully whether it is only on this phone ("will sync") or reached the shop.
 * It is one file for every language: it holds its words in English, and a copy in another language carries its own
 * for them on this script's element (`data-words`, written by copy-document.server.ts; said with say()).
 */
import { knownBookmark } from "~/lib/offline-library";
import { say } from "~/lib/page-words";
import {
  changeTextSettings,
  TEXT_SETTINGS_CHANGES,
  TEXT_THEMES,
  textSettingsStorageKey,
  type StoredTextSettings,
  type TextSettingsChange,
} from "~/modules/reader/text-settings";

const body = document.body;
const ebook = body.dataset.ebook ?? "";
const owner = body.dataset.owner ?? "";

function readJson<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null") as T | null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or refused storage only loses it on this phone; the shop still gets it.
  }
}

/** Asks the service worker to send what it queued (the connection is back). */
function askReplay() {
  navigator.serviceWorker?.controller?.postMessage({ replay: true });
}

/** A post for the service worker's queue (X-Nuru-Queue): sent now, or kept and sent when she is back online. */
function queuedPost(url: string, queue: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { Accept: "application/json", "X-Nuru-Queue": queue },
    body: new URLSearchParams({ ...fields, takenAt: String(Date.now()), owner }),
  });
}

// ---- Her place in an ebook ----

interface Place {
  section: number;
  offset: number;
}

const here = `nuru-place-${owner}-${ebook}`;
const anchorOf = ({ section, offset }: Place) => document.getElementById(`s-${section}-b-${offset}`);

function askedPlace(): Place | null {
  const asked = new URLSearchParams(location.search).get("s");
  if (asked === null || !/^\d+$/.test(asked)) return null;
  return { section: Number(asked), offset: Number(/^#b-(\d+)$/.exec(location.hash)?.[1] ?? 0) };
}

function storedPlace(): Place | null {
  const stored = readJson<Place>(here);
  return stored && Number.isInteger(stored.section) && Number.isInteger(stored.offset) ? stored : null;
}

/** The paragraph at the top of the screen, under the copy's sticky bar: her place. */
function topPlace(): Place | null {
  const top = document.querySelector(".bar")?.getBoundingClientRect().bottom ?? 0;
  for (const block of document.querySelectorAll<HTMLElement>("[data-block]")) {
    if (block.getBoundingClientRect().bottom > Math.max(top, 0) + 4) {
      const section = block.closest<HTMLElement>("[data-section]");
      if (!section) return null;
      return { section: Number(section.dataset.section), offset: Number(block.dataset.block) };
    }
  }
  return null;
}

let sent = "";
function keepPlace() {
  const place = topPlace();
  if (!place || !ebook || !owner) return;
  const key = `${place.section}:${place.offset}`;
  if (key === sent) return;
  sent = key;
  writeJson(here, place);
  void queuedPost(`/ebook/${encodeURIComponent(ebook)}/reading`, "position", {
    intent: "text-position",
    section: String(place.section),
    offset: String(place.offset),
  }).catch(() => undefined);
}

if (ebook) {
  const start = askedPlace() ?? storedPlace();
  const anchor = start ? anchorOf(start) : null;
  if (anchor) anchor.scrollIntoView({ block: "start" });
  sent = start ? `${start.section}:${start.offset}` : "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  addEventListener(
    "scroll",
    () => {
      clearTimeout(timer);
      timer = setTimeout(keepPlace, 700);
    },
    { passive: true },
  );
  addEventListener("pagehide", keepPlace);
}

// ---- Her text settings (an ebook's copy) ----

const validSettings = (s: StoredTextSettings | null): s is StoredTextSettings =>
  Boolean(s) &&
  Number.isInteger(s!.fontSize) &&
  Number.isInteger(s!.lineHeight) &&
  (TEXT_THEMES as readonly string[]).includes(s!.theme) &&
  Number.isFinite(s!.at);

function applySettings(settings: StoredTextSettings) {
  // She stays on the paragraph she was reading when the text grows or shrinks (at the top of the page, she stays there).
  const place = ebook && scrollY > 0 ? topPlace() : null;
  body.style.setProperty("--fs", `${settings.fontSize}px`);
  body.style.setProperty("--lh", String(settings.lineHeight / 10));
  for (const theme of TEXT_THEMES) body.classList.toggle(`t-${theme}`, theme === settings.theme);
  const size = document.querySelector('[data-show="size"]');
  if (size) size.textContent = `${settings.fontSize} px`;
  const spacing = document.querySelector('[data-show="spacing"]');
  if (spacing) spacing.textContent = (settings.lineHeight / 10).toFixed(1);
  for (const theme of TEXT_THEMES)
    document.querySelector(`[data-change="${theme}"]`)?.setAttribute("aria-pressed", String(theme === settings.theme));
  const anchor = place ? anchorOf(place) : null;
  if (anchor) anchor.scrollIntoView({ block: "start" });
}

const shipped = body.dataset.settings ? (JSON.parse(body.dataset.settings) as StoredTextSettings) : null;
if (validSettings(shipped) && owner) {
  const key = textSettingsStorageKey(owner);
  // The phone's own settings when newer than the ones the copy was saved with (the online reader keeps them there,
  // and so do changes made here).
  const stored = readJson<StoredTextSettings>(key);
  let settings = validSettings(stored) && stored.at >= shipped.at ? stored : shipped;
  if (settings !== shipped) applySettings(settings);
  document.addEventListener("click", (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>("button[data-change]");
    const change = button?.dataset.change as TextSettingsChange | undefined;
    if (!change || !TEXT_SETTINGS_CHANGES.includes(change)) return;
    settings = { ...changeTextSettings(settings, change), at: Date.now(), pending: true };
    applySettings(settings);
    writeJson(key, settings);
    void queuedPost(`/ebook/${encodeURIComponent(ebook)}/reading`, "settings", {
      intent: "text-settings",
      fontSize: String(settings.fontSize),
      lineHeight: String(settings.lineHeight),
      theme: settings.theme,
    }).catch(() => undefined);
  });
}

// ---- Her bookmark of this copy ----

/** A change she made on this phone: synced once the shop has it. */
interface LocalBookmark {
  on: boolean;
  at: number;
  synced: boolean;
}

const form = document.querySelector<HTMLFormElement>("form[data-bookmark]");
if (form && owner) {
  const button = form.querySelector<HTMLButtonElement>("button")!;
  const note = form.querySelector<HTMLElement>("[data-bookmark-note]")!;
  const label = form.querySelector<HTMLElement>("[data-label]")!;
  const kind = new FormData(form).get("contentType") as string;
  const id = new FormData(form).get("contentId") as string;
  const title = button.dataset.title ?? "";
  const localKey = `nuru-bookmark-${owner}-${kind}-${id}`;
  let on = button.getAttribute("aria-pressed") === "true";
  let retry: ReturnType<typeof setInterval> | undefined;

  const show = (state: boolean, message: string) => {
    on = state;
    button.setAttribute("aria-pressed", String(state));
    // The whole name is one sentence in the copy's words, so each language places the title itself.
    button.setAttribute("aria-label", say(`${state ? "Remove bookmark" : "Bookmark"} ${title}`));
    // The visible words are part of the button's name (as on the shop's cards).
    label.textContent = say(state ? "Remove" : "Bookmark");
    note.textContent = message;
  };
  const pending = (state: boolean) =>
    say(state ? "Saved on this phone, will sync" : "Removed on this phone, will sync");
  const synced = (state: boolean) => say(state ? "Bookmarked · synced" : "Bookmark removed · synced");

  /**
   * While a change waits and the phone says it is online, ask the worker to send it now and then; never while the
   * page is hidden (nothing runs while she is elsewhere, issue 51): the asking stops and starts again, at once, when
   * she comes back.
   */
  let waiting = false;
  const askEvery5s = () => {
    clearInterval(retry);
    retry = undefined;
    if (!waiting || document.visibilityState === "hidden") return;
    retry = setInterval(() => (navigator.onLine ? askReplay() : undefined), 5_000);
    if (navigator.onLine) askReplay();
  };
  document.addEventListener("visibilitychange", askEvery5s);
  const waitForSync = () => {
    waiting = true;
    askEvery5s();
  };
  const settled = (state: boolean, at: number) => {
    const local = readJson<LocalBookmark>(localKey);
    if (local && local.at > at) return; // a later tap still waits
    waiting = false;
    clearInterval(retry);
    if (local) writeJson(localKey, { ...local, on: state, synced: true });
    show(state, synced(state));
  };

  // What the shop last said (at saving, at a check, when a change from here reached it), against her taps here.
  void knownBookmark(owner, location.pathname)
    .catch(() => null)
    .then((known) => {
      const local = readJson<LocalBookmark>(localKey);
      const base = known ?? { bookmarked: on, at: 0 };
      if (local && local.at > base.at) {
        if (local.synced) show(local.on, synced(local.on));
        else {
          show(local.on, pending(local.on));
          waitForSync();
        }
      }
      // CASE: the shop has heard from this phone since her tap (a sent change, a later check): synced, unless the
      // bookmark was changed again elsewhere (then it simply shows as the shop has it).
      else show(base.bookmarked, local?.on === base.bookmarked ? synced(base.bookmarked) : "");
    });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const previous = on;
    const wanted = !on;
    const at = Date.now();
    writeJson(localKey, { on: wanted, at, synced: false } satisfies LocalBookmark);
    show(wanted, pending(wanted));
    void fetch("/engagement", {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", "X-Nuru-Queue": "bookmark" },
      body: new URLSearchParams({
        intent: "bookmark",
        contentType: kind,
        contentId: id,
        bookmarked: String(wanted),
        takenAt: String(at),
        owner,
      }),
    })
      .then(
        (response) =>
          response.json() as Promise<{ ok: boolean; queued?: boolean; bookmarked?: boolean; message?: string }>,
      )
      .then((answer) => {
        if (readJson<LocalBookmark>(localKey)?.at !== at) return; // a later tap answers for itself
        // CASE: no connection: the worker kept it and sends it when she is back.
        if (answer.ok && answer.queued) return waitForSync();
        if (answer.ok) return settled(answer.bookmarked ?? wanted, at);
        localStorage.removeItem(localKey);
        show(previous, answer.message ?? say("Could not update the bookmark."));
      })
      .catch(() => {
        // CASE: no connection and no worker to keep it (it is not installed any more).
        if (readJson<LocalBookmark>(localKey)?.at !== at) return;
        localStorage.removeItem(localKey);
        show(previous, say("No connection. Please try again."));
      });
  });

  // The worker sent a change queued here (now, or since this copy opened): the shop has it.
  navigator.serviceWorker?.addEventListener("message", (event: MessageEvent) => {
    const sentNow = (
      event.data as { bookmarkSent?: { kind: string; id: string; takenAt: number; bookmarked: boolean } }
    )?.bookmarkSent;
    if (sentNow && sentNow.kind === kind && sentNow.id === id) settled(sentNow.bookmarked, sentNow.takenAt);
  });
  navigator.serviceWorker?.startMessages();
}

// The connection is back: whatever waits in the worker's queue (places, settings, bookmarks) goes now; while the page
// is hidden, when she comes back to it (nothing runs while she is elsewhere, issue 51).
const askWhenSeen = () => {
  if (document.visibilityState !== "hidden" && navigator.onLine) askReplay();
};
addEventListener("online", askWhenSeen);
document.addEventListener("visibilitychange", askWhenSeen);
