// Text mode's own script on an islands page (ADR 045), after the reader pages' one (reader-page.ts: the service
// worker, the toast). The server renders the whole reader (components/reader/text-reader.tsx): sections are links,
// settings are forms, menus are `<details>`, in English or Swahili. This adds what needs script: her place saved as
// she reads, her settings kept on the phone for her offline copies, the arrow keys, Escape and swipes, copying and
// printing refused with a toast, and Save for offline. Data saver pages carry no script, and the reader still works.
import type { TextReaderFacts } from "../components/reader/text-reader";
import { BLOCKED_MESSAGE } from "../components/reader/reader-view";
import { blockReaderActions } from "../components/reader/block-actions";
import { settingsToKeep, textSettingsStorageKey, type StoredTextSettings } from "../modules/reader/text-settings";
import { say } from "../lib/page-words";
import { showToast } from "./page-toast";
import { saveForOfflineButton } from "./save-offline-button";
import { watchSwipes } from "./swipes";

const facts = JSON.parse(
  document.querySelector<HTMLScriptElement>("script[data-text-reader]")!.dataset.textReader!,
) as TextReaderFacts;
const reader = document.querySelector<HTMLElement>("[data-reader]")!;
const scroller = reader.querySelector<HTMLElement>("[data-text-scroller]")!;

/** The index of the block at the top of the scroller: where she is. */
function topBlock(): number {
  const top = scroller.getBoundingClientRect().top;
  for (const block of scroller.querySelectorAll<HTMLElement>("[data-block]")) {
    if (block.getBoundingClientRect().bottom > top + 4) return Number(block.dataset.block);
  }
  return 0;
}

/** Sends her place to the shop, unless it is the place last sent. */
function placeSender(owner: string | null) {
  let sent = `${facts.section}:${Number(/^#b-(\d+)$/.exec(location.hash)?.[1] ?? 0)}`;
  return (at: number) => {
    if (sent === `${facts.section}:${at}`) return;
    sent = `${facts.section}:${at}`;
    // With the time she was there and whose place it is: if the connection is down, the service worker queues it
    // and sends it later (ADR 033), and the shop keeps the newest place.
    const place = {
      intent: "text-position",
      section: String(facts.section),
      offset: String(at),
      takenAt: String(Date.now()),
    };
    void fetch(`/ebook/${facts.ebookId}/reading`, {
      method: "POST",
      body: new URLSearchParams(owner ? { ...place, owner } : place),
      headers: { Accept: "application/json", "X-Nuru-Queue": "position" },
      credentials: "same-origin",
      keepalive: true,
    }).catch(() => undefined);
  };
}

/**
 * Where she is, as she reads: the settings forms send her back to this paragraph, the percent follows her, and her
 * place reaches the shop once she stops scrolling (and at once when she leaves).
 */
function followPlace() {
  const send = placeSender(facts.owner);
  const percent = reader.querySelector<HTMLElement>("[data-percent]");
  const { start, end } = facts.progress;
  let at = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;
  const place = () => {
    at = topBlock();
    for (const input of reader.querySelectorAll<HTMLInputElement>('form input[name="at"]')) input.value = String(at);
    clearTimeout(timer);
    timer = setTimeout(() => send(at), 700);
  };
  const read = () => {
    frame = 0;
    place();
    const room = scroller.scrollHeight - scroller.clientHeight;
    const share = room > 0 ? scroller.scrollTop / room : 1;
    // The number only: the words around it are the page's language, as the server wrote them.
    if (percent)
      percent.textContent = percent.textContent!.replace(/\d+/, String(Math.round(start + (end - start) * share)));
  };
  scroller.addEventListener("scroll", () => (frame ||= requestAnimationFrame(read)), { passive: true });
  window.addEventListener("pagehide", () => send(at));
  // A link to a paragraph (her saved place, after a settings change) opens there; a section otherwise at its top.
  const target = /^#b-\d+$/.test(location.hash) ? scroller.querySelector(location.hash) : null;
  target?.scrollIntoView({ block: "start" });
  place();
}

/**
 * Keeps her text settings on this phone, where her offline ebook copies read them (ADR 033): the shop's, unless a
 * newer change made offline is still on its way.
 */
function settingsOnPhone(owner: string | null) {
  if (!owner) return;
  const key = textSettingsStorageKey(owner);
  const { fontSize, lineHeight, theme, at } = facts.settings;
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? "null") as StoredTextSettings | null;
    localStorage.setItem(key, JSON.stringify(settingsToKeep(stored, { fontSize, lineHeight, theme, at })));
  } catch {
    // No storage (private mode, full): her copies open with the settings they were saved with.
  }
}

/** The address of one of the reader's links (previous, next, close), when it is on the page. */
const linkTo = (go: "previous" | "next" | "close") =>
  reader.querySelector<HTMLAnchorElement>(`a[data-go="${go}"]`)?.href ?? null;

const KEYS: Record<string, "next" | "previous" | "close" | undefined> = {
  ArrowRight: "next",
  ArrowLeft: "previous",
  Escape: "close",
};

/** Arrow keys turn sections, Escape closes; a swipe across the text turns sections too. Each is a page load. */
function turnPages() {
  const go = (to: string | null) => {
    if (!to) return false;
    location.assign(to);
    return true;
  };
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if ((event.target as HTMLElement | null)?.closest("input, select, textarea, summary, button")) return;
    const to = KEYS[event.key];
    if (to && go(linkTo(to))) event.preventDefault();
  });
  watchSwipes(scroller, (dx, dy) => {
    if (Math.abs(dx) < 60 || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    go(linkTo(dx < 0 ? "next" : "previous"));
  });
}

followPlace();
settingsOnPhone(facts.owner);
turnPages();
// Copying, saving and printing refused while the reader is open, and she is told so.
blockReaderActions(() => showToast("error", say(BLOCKED_MESSAGE)));
saveForOfflineButton();
