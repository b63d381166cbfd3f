// The article page's own script on an islands page (ADR 045), after the reader pages' one (reader-page.ts: the
// header, the account menu, bookmarks, the toast, the service worker). Plain DOM code for the article's few controls
// that need script: the share sheet and Copy link, the video's tap to play, the review and comment forms sent in
// place, and Save for offline (save-offline-button.ts, shared with text mode). Each works from what the server
// rendered and does nothing when it is not on the page; without script the page still works (plain links and forms,
// as data saver shows). No timer, poll or animation.
import type { EngagementResult } from "../modules/engagement/schemas";
import { say } from "../lib/page-words";
import { saveForOfflineButton } from "./save-offline-button";

/** Share…, where the browser has a share sheet (Web Share API), and Copy link, with a spoken and shown answer. */
function shareButtons() {
  for (const row of document.querySelectorAll<HTMLElement>("[data-share-url]")) {
    const url = row.dataset.shareUrl ?? location.href;
    const title = row.dataset.shareTitle ?? document.title;
    const button = (label: string, act: () => void) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "share-a";
      b.textContent = label;
      b.addEventListener("click", act);
      row.append(b);
    };
    const status = document.createElement("span");
    status.setAttribute("role", "status");
    status.className = "sr-only";
    const tell = (words: string) => {
      status.className = "basis-full text-sm text-gray-700";
      status.textContent = words;
    };
    // CASE: she closes the share sheet -> the promise rejects; nothing to tell her.
    if (typeof navigator.share === "function")
      button(say("Share…"), () => void navigator.share({ title, url }).catch(() => undefined));
    if (navigator.clipboard)
      button(say("Copy link"), () =>
        navigator.clipboard.writeText(url).then(
          () => tell(say("Link copied.")),
          () => tell(say("Could not copy: copy the address from the address bar.")),
        ),
      );
    row.append(status);
  }
}

/** The video player loads only when she taps play: no third-party request before that. */
function videos() {
  document.addEventListener("click", (e) => {
    const link = (e.target as Element).closest?.<HTMLAnchorElement>("a[data-embed]");
    if (!link) return;
    e.preventDefault();
    const embed = link.dataset.embed!;
    const player = document.createElement("iframe");
    player.src = `${embed}${embed.includes("?") ? "&" : "?"}autoplay=1`;
    player.title = link.dataset.title ?? "Video";
    player.allow = "autoplay; encrypted-media; picture-in-picture";
    player.allowFullscreen = true;
    player.className = "absolute inset-0 h-full w-full";
    link.replaceWith(player);
  });
}

/** What each form's button says while it is sent (SubmitButton's busy labels in comment-form and review-form). */
const BUSY: Record<string, string> = {
  comment: say("Posting..."),
  review: say("Submitting..."),
};

/**
 * The review and comment forms: sent without leaving the page (the shop's JSON answer, as the React forms had), the
 * outcome shown under the button she tapped and brought into view, the form emptied once it is taken. The shop
 * checks what she wrote (an empty comment is refused there with the same words).
 */
function engagementForms() {
  document.addEventListener("submit", (e) => {
    const form = e.target as HTMLFormElement;
    const intent = (form.elements.namedItem("intent") as HTMLInputElement | null)?.value ?? "";
    if (!(intent in BUSY) || form.getAttribute("action") !== "/engagement") return;
    e.preventDefault();
    if (form.dataset.sending) return;
    form.dataset.sending = "1";
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
    const label = button?.textContent ?? "";
    if (button) {
      button.disabled = true;
      button.textContent = BUSY[intent]!;
    }
    const body = new URLSearchParams();
    new FormData(form).forEach((v, k) => body.append(k, String(v)));
    void fetch(form.action, { method: "POST", body, headers: { Accept: "application/json" } })
      .then((res) => res.json() as Promise<EngagementResult>)
      .then(
        (answer) =>
          answer.ok
            ? { ok: true, title: answer.title, message: answer.message }
            : { ok: false, title: answer.error.title, message: answer.error.message },
        () => ({
          ok: false,
          title: say("Not sent"),
          message: say("No connection. Please try again."),
        }),
      )
      .then((notice) => {
        delete form.dataset.sending;
        if (button) {
          button.disabled = false;
          button.textContent = label;
        }
        if (notice.ok) form.reset();
        showNotice(form, notice);
      });
  });
}

/** FormNotice's box after the form: green status on success, red alert on a refusal, scrolled into view. */
function showNotice(form: HTMLFormElement, notice: { ok: boolean; title: string; message: string }) {
  const next = form.nextElementSibling;
  if (next?.hasAttribute("data-form-notice")) next.remove();
  const box = document.createElement("div");
  box.dataset.formNotice = "";
  box.setAttribute("role", notice.ok ? "status" : "alert");
  // Clear of the sticky header and the phone's tab bar when scrolled into view.
  box.className = `mt-4 scroll-mt-20 scroll-mb-20 rounded-md p-3 text-sm ${notice.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-700 text-white"}`;
  const title = document.createElement("p");
  title.className = "font-semibold";
  title.textContent = notice.title;
  const message = document.createElement("p");
  message.textContent = notice.message;
  box.append(title, message);
  form.after(box);
  box.scrollIntoView({ block: "nearest" });
}

shareButtons();
videos();
engagementForms();
saveForOfflineButton();
