// Save for offline on an islands page (ADR 045, ADR 033), for the article's script and text mode's: the box the
// server rendered whole and hidden (components/offline/save-for-offline-island.tsx) is shown only where Cache Storage
// and a service worker are; it says so when the page is saved already (looked up without the library's code), and
// loads the library's code (save-offline.ts, a script of its own) when she taps.
import type { SaveTarget } from "../lib/offline-library";
import type { SaveForOffline } from "./save-offline";
import { say } from "../lib/page-words";

export function saveForOfflineButton() {
  const box = document.querySelector<HTMLElement>("[data-save-offline]");
  if (!box || !("caches" in window) || !("serviceWorker" in navigator)) return;
  const { owner, ...target } = JSON.parse(box.dataset.saveOffline!) as SaveTarget & { owner: string };
  const saved = box.querySelector<HTMLElement>("[data-saved]")!;
  const button = box.querySelector<HTMLButtonElement>("button[data-save]")!;
  const failed = box.querySelector<HTMLElement>("[data-failed]")!;
  const words = button.querySelector("span")!;
  // The button's own words, in the page's language, as the server wrote them ("Save this ebook for offline").
  const label = words.textContent;
  const show = (state: "ready" | "saving" | "saved" | "failed") => {
    box.hidden = false;
    saved.hidden = state !== "saved";
    button.hidden = state === "saved";
    failed.hidden = state !== "failed";
    words.textContent = state === "saving" ? say("Saving…") : label;
    if (state === "saving") button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
  };
  // offlineCacheName(owner) written out (lib/offline-cache-name.ts): has() first, as open() would create her cache.
  const name = `nuru-offline-${owner}`;
  void caches
    .has(name)
    .then((has) => (has ? caches.open(name).then((cache) => cache.match(target.readUrl)) : undefined))
    .then((copy) => show(copy ? "saved" : "ready"));
  button.addEventListener("click", () => {
    if (button.hasAttribute("aria-disabled")) return;
    show("saving");
    // The library's own script (save-offline.ts), whose address the server wrote.
    void import(/* @vite-ignore */ box.dataset.code!)
      .then(() => (window as { nuruSaveForOffline?: SaveForOffline }).nuruSaveForOffline!(owner, target))
      .then(
        () => show("saved"),
        () => show("failed"),
      );
  });
}
