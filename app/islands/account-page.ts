// The reader's own pages' script when they are islands pages (ADR 045): My Library (/dashboard), Account, her
// gifts, a receipt and her e-mail preferences. Loaded beside reader-page.ts on those pages only, so the other reader
// pages do not carry it. Every control on them is a plain link or form that works without it (as data saver shows);
// this adds what React added: a button's busy label while its form is sent, the question before cancelling a
// renewal, the answers that stay on the page (a gift's claim link, saved e-mail choices) put in place instead of a
// page load, Copy link beside a gift's claim link, and a receipt's Print button. No timer, poll or animation.
import { showToast } from "./page-toast";
import { say as inPageWords } from "../lib/page-words";

/** A form (or a submit button) marked `data-in-place`: its answer is this page again, put in place. */
const IN_PLACE = "data-in-place";

const submitterOf = (event: SubmitEvent) => (event.submitter instanceof HTMLButtonElement ? event.submitter : null);

/** The button's busy label (`data-busy-label`) while its form is sent; a second tap sends nothing more. */
function showBusy(button: HTMLButtonElement | null) {
  const busy = button?.dataset.busyLabel;
  if (!button || !busy) return () => undefined;
  const idle = button.textContent;
  // After this turn: a button disabled now would leave its name and value out of what the form sends.
  setTimeout(() => {
    button.disabled = true;
    button.textContent = busy;
  });
  const reset = () => {
    button.disabled = false;
    button.textContent = idle;
  };
  // Back to this page from the next one (the browser's page cache): the button works again.
  addEventListener("pageshow", reset, { once: true });
  return reset;
}

/**
 * The form sent without leaving the page: the shop answers with this page rendered again (the claim link, the
 * notice under the form), and its main part is put in place, as React did. A reload then sends nothing again (a
 * gift's link is made anew each time it is asked for). If the answer does not come, the form is sent as a page.
 */
async function sendInPlace(form: HTMLFormElement, submitter: HTMLButtonElement | null) {
  const body = new FormData(form);
  if (submitter?.name) body.append(submitter.name, submitter.value);
  const reset = showBusy(submitter);
  const main = document.querySelector("main");
  const buttons = main ? [...main.querySelectorAll("button")] : [];
  const at = submitter ? buttons.indexOf(submitter) : -1;
  try {
    const response = await fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(body as unknown as string[][]),
      credentials: "same-origin",
    });
    // CASE: the shop answered with a redirect elsewhere -> she goes there (the action is done).
    if (response.redirected && new URL(response.url).pathname !== location.pathname) {
      location.assign(response.url);
      return;
    }
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.querySelector("main");
    if (!main || !fresh) throw new Error("not a page");
    main.replaceChildren(...[...fresh.childNodes].map((node) => document.importNode(node, true)));
    // CASE: answered with a redirect back here -> its message came with the page read after it.
    const toast = page.querySelector("[data-testid=toast]");
    if (toast) {
      const [title, message] = [...toast.querySelectorAll("p")].map((p) => p.textContent ?? "");
      showToast(toast.getAttribute("role") === "alert" ? "error" : "success", title ?? "", message);
    }
    wire(main);
    // Focus where it was (the same button in the new page), and the outcome where she can see it.
    main.querySelectorAll("button")[at]?.focus({ preventScroll: true });
    main.querySelector("[data-testid=gift-share], [role=alert], [role=status]")?.scrollIntoView({ block: "nearest" });
  } catch {
    reset();
    form.setAttribute(IN_PLACE, "off");
    form.requestSubmit(submitter);
  }
}

/** Every form on the page: `data-confirm` asks first; then in place, or sent as a page with its busy label. */
function forms() {
  document.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    if (event.defaultPrevented || !form.closest("main")) return;
    const question = form.dataset.confirm;
    if (question && !confirm(question)) {
      event.preventDefault();
      return;
    }
    const submitter = submitterOf(event);
    const inPlace =
      form.getAttribute(IN_PLACE) !== "off" && (form.hasAttribute(IN_PLACE) || submitter?.hasAttribute(IN_PLACE));
    if (!inPlace) {
      showBusy(submitter);
      return;
    }
    event.preventDefault();
    void sendInPlace(form, submitter);
  });
}

/** Copy link beside each gift's claim link (where the browser lets a page copy), and the link selected on focus. */
function giftLinks(root: ParentNode) {
  for (const box of root.querySelectorAll<HTMLElement>("[data-testid=gift-share]")) {
    const input = box.querySelector("input");
    const status = box.querySelector<HTMLElement>("[role=status]");
    if (!input || !status) continue;
    input.addEventListener("focus", () => input.select());
    if (!navigator.clipboard) continue;
    const say = (words: string) => {
      status.className = "text-sm text-gray-800";
      status.textContent = words;
    };
    const copy = document.createElement("button");
    copy.type = "button";
    copy.className =
      "min-h-11 rounded-full border border-brand-600 px-5 py-2 font-semibold text-brand-700 hover:bg-rose-50";
    // The page's own words for what this writes (a Swahili page's data-words; English as written).
    copy.textContent = inPageWords("Copy link");
    copy.addEventListener("click", () =>
      navigator.clipboard.writeText(input.value).then(
        () => say(inPageWords("Link copied.")),
        () => say(inPageWords("Could not copy: select the link above and copy it.")),
      ),
    );
    status.before(copy);
  }
}

/** The receipt's Print button (hidden until now): the browser's print dialog. */
function printButtons(root: ParentNode) {
  for (const button of root.querySelectorAll<HTMLButtonElement>("button[data-print]")) {
    button.hidden = false;
    button.addEventListener("click", () => print());
  }
}

function wire(root: ParentNode) {
  giftLinks(root);
  printButtons(root);
}

forms();
wire(document);
