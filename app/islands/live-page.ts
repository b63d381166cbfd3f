// A page that waits for a payment (M-Pesa's prompt, Pesapal's answer) looks again by itself, as an islands page
// (ADR 045): the server marks the part that changes `data-live-page`, with how long to wait (`data-poll-seconds`)
// and, when the next look has an address of its own, `data-poll-url`. The page is read again and that part put in
// place, until the server's answer no longer asks for another look. Nothing runs while the page is hidden (issue 51
// item 4): the timer stops, and she gets a fresh look as soon as she comes back. Without script a meta refresh in
// <noscript> does the same by reloading the page.

const LIVE = "[data-live-page]";

/** Starts looking again while the page asks for it; `placed` runs on the part the page starts with and each new one. */
export function livePage(placed: (part: HTMLElement) => void = () => undefined) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = false;
  const current = () => document.querySelector<HTMLElement>(LIVE);

  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    const seconds = Number(current()?.dataset.pollSeconds);
    if (!seconds) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (document.visibilityState === "hidden") due = true;
      else void look();
    }, seconds * 1000);
  };

  const look = async () => {
    const part = current();
    if (!part) return;
    const url = part.dataset.pollUrl ?? location.href;
    try {
      const response = await fetch(url, { credentials: "same-origin", cache: "no-store" });
      const next = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = next.querySelector<HTMLElement>(LIVE);
      if (!fresh) throw new Error(String(response.status));
      // Never from under her focus (a number or an M-Pesa code she types, a button she is on), unless the wait is over.
      if (!part.contains(document.activeElement) || !fresh.dataset.pollSeconds) {
        const copy = document.importNode(fresh, true);
        part.replaceWith(copy);
        document.title = next.title || document.title;
        if (url !== location.pathname + location.search) history.replaceState(history.state, "", url);
        placed(copy);
      }
    } catch {
      // No connection or a server hiccup: the next look may do better (the page said when).
    }
    if (document.visibilityState === "hidden") due = true;
    else schedule();
  };

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") {
      if (timer) due = true;
      clearTimeout(timer);
      timer = undefined;
    } else if (due) {
      due = false;
      void look();
    }
  });
  const first = current();
  if (first) placed(first);
  schedule();
}
