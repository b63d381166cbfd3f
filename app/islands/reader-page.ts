// The one script of a reader page rendered without React in the browser (ADR 045): plain DOM code for the few things
// on those pages that need script. Everything else is links and forms that work without it (data saver's pages have
// none at all). Built by Vite as a script of its own (root.tsx imports its URL), loaded with the page's CSP nonce.
// Each part finds its elements by what the server rendered and does nothing when they are not on the page.
import { tap, type Shown } from "../components/engagement/bookmark-post";
import { registerOfflineWorker } from "../lib/offline-worker";
import { say } from "../lib/page-words";

const HIDE_HEADER_AFTER_PX = 100;
const SHADOW_AFTER_PX = 50;
const SCROLL_TOP_BUTTON_AFTER_PX = 300;
const MOBILE_QUERY = "(max-width: 767px)";
const HERO_INTERVAL_MS = 5000;
const TOAST_MS = 6000;

const own = document.querySelector<HTMLScriptElement>("script[data-islands]");
/** Her offline library's key ("" signed out); absent when the shell did not load (an error page). */
const owner = own?.dataset.owner;

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The header slides away on a phone while she scrolls down and casts a shadow once scrolled; the button to the top. */
function scrollState() {
  const header = document.querySelector<HTMLElement>(".site-header");
  const toTop = document.querySelector<HTMLButtonElement>("button[data-scroll-top]");
  const mobile = matchMedia(MOBILE_QUERY);
  let last = scrollY;
  let down = false;
  let frame = 0;
  const read = () => {
    frame = 0;
    const y = scrollY;
    if (y !== last) down = y > last;
    last = y;
    if (header) {
      header.dataset.hidden = String(mobile.matches && y > HIDE_HEADER_AFTER_PX && down);
      header.dataset.scrolled = String(y > SHADOW_AFTER_PX);
    }
    if (toTop) toTop.hidden = y <= SCROLL_TOP_BUTTON_AFTER_PX;
  };
  addEventListener("scroll", () => void (frame ||= requestAnimationFrame(read)), { passive: true });
  mobile.addEventListener("change", read);
  toTop?.addEventListener("click", () => scrollTo({ top: 0, behavior: reducedMotion() ? "auto" : "smooth" }));
  read();
}

/** The account menu: the avatar opens it; a click elsewhere or Escape closes it. */
function accountMenu() {
  const box = document.querySelector<HTMLElement>("[data-account-menu]");
  const button = box?.querySelector<HTMLButtonElement>("button[aria-haspopup=menu]");
  const menu = box?.querySelector<HTMLElement>("[role=menu]");
  if (!box || !button || !menu) return;
  const set = (open: boolean) => {
    menu.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => set(menu.hidden !== false));
  document.addEventListener("mousedown", (e) => !box.contains(e.target as Node) && set(false));
  document.addEventListener("keydown", (e) => e.key === "Escape" && set(false));
}

/**
 * The home page's carousel: the buttons and dots turn it; it turns by itself every 5 s, but never for a reader who
 * asked for less motion, while she points at it or has focus in it, while the tab is hidden or while it is off the
 * screen (issue 51 item 4: nothing runs while she reads). Slides after the first arrive as templates, put in place
 * once the page has loaded (their pictures do not compete with the first paint).
 */
function heroSlider(section: HTMLElement) {
  const frame = section.querySelector<HTMLElement>("[data-slides]") ?? section;
  const place = () => {
    for (const t of frame.querySelectorAll<HTMLTemplateElement>("template[data-slide]")) t.replaceWith(t.content);
  };
  if (document.readyState === "complete") place();
  else addEventListener("load", place, { once: true });
  const slides = () => [...section.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
  const dots = [...section.querySelectorAll<HTMLButtonElement>("button[data-slide-to]")];
  const count = dots.length;
  if (count < 2) return;
  let shown = 0;
  const show = (i: number) => {
    place();
    shown = (i + count) % count;
    slides().forEach((slide, j) => {
      const on = j === shown;
      slide.setAttribute("aria-hidden", String(!on));
      slide.inert = !on;
      slide.classList.toggle("opacity-100", on);
      slide.classList.toggle("opacity-0", !on);
    });
    dots.forEach((dot, j) => dot.setAttribute("aria-current", String(j === shown)));
    section.dataset.index = String(shown);
  };
  section.querySelector("button[data-slide-prev]")?.addEventListener("click", () => show(shown - 1));
  section.querySelector("button[data-slide-next]")?.addEventListener("click", () => show(shown + 1));
  dots.forEach((dot, j) => dot.addEventListener("click", () => show(j)));

  let pointer = false;
  let focus = false;
  let onScreen = true;
  let timer: ReturnType<typeof setInterval> | undefined;
  const motion = matchMedia("(prefers-reduced-motion: reduce)");
  const update = () => {
    const run = !pointer && !focus && !motion.matches && document.visibilityState !== "hidden" && onScreen;
    if (run && !timer) timer = setInterval(() => show(shown + 1), HERO_INTERVAL_MS);
    if (!run && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const on = (type: string, change: (event: Event) => void) =>
    section.addEventListener(type, (event) => {
      change(event);
      update();
    });
  on("mouseenter", () => (pointer = true));
  on("mouseleave", () => (pointer = false));
  on("focusin", () => (focus = true));
  // Focus moving from one of its buttons to another stays inside: still held.
  on("focusout", (e) => (focus = section.contains((e as FocusEvent).relatedTarget as Node | null)));
  motion.addEventListener("change", update);
  document.addEventListener("visibilitychange", update);
  if (typeof IntersectionObserver !== "undefined") {
    const observer = new IntersectionObserver((entries) => {
      onScreen = entries.some((e) => e.isIntersecting);
      update();
    });
    observer.observe(section);
  }
  update();
}

/** The list pages' search: choosing an access filter searches at once (the Search button does too, without script). */
function searchFilters() {
  document.addEventListener("change", (e) => {
    const select = e.target as HTMLElement;
    if (select.tagName === "SELECT") select.closest<HTMLFormElement>("form[role=search]")?.requestSubmit();
  });
}

/** Bookmark buttons: a tap shows the new state at once and is sent (or queued offline) without leaving the page. */
function bookmarks() {
  document.addEventListener("submit", (e) => {
    const form = e.target as HTMLFormElement;
    if (!form.classList.contains("bm-form")) return;
    const button = form.querySelector<HTMLButtonElement>("button[aria-pressed]");
    const note = form.querySelector<HTMLElement>(".bm-note");
    if (!button) return;
    e.preventDefault();
    // The title after the words BookmarkButton wrote before it (in the page's language).
    const [remove, add] = [say("Remove bookmark"), say("Bookmark")];
    const said = button.getAttribute("aria-label") ?? "";
    const title = said.startsWith(`${remove} `) ? said.slice(remove.length + 1) : said.slice(add.length + 1);
    const show = ({ on, note: words }: Shown) => {
      button.setAttribute("aria-pressed", String(on));
      button.setAttribute("aria-label", `${on ? remove : add} ${title}`);
      button.classList.toggle("bm-on", on);
      button.classList.toggle("bm-off", !on);
      button.querySelector("svg")?.classList.toggle("fill-current", on);
      const label = button.querySelector("span");
      if (label) label.textContent = on ? say("Remove") : say("Bookmark");
      if (note) note.textContent = words ?? "";
    };
    void tap(form, button.getAttribute("aria-pressed") !== "true", owner || undefined, show, () => undefined);
  });
}

/** The message after a redirect ("Signed in", ...): dismissed by its button or after 6 s. */
function toast() {
  const box = document.querySelector<HTMLElement>("[data-testid=toast]");
  if (!box) return;
  const hide = () => box.remove();
  box.querySelector("button[aria-label]")?.addEventListener("click", hide);
  setTimeout(hide, TOAST_MS);
}

/**
 * The home page follows an admin's changes (server-sent events): the page is read again and each changed section
 * put in place, except one she is typing in. What she sees is still what the server rendered for her.
 */
const HERO = "[data-testid=hero]";
/** What a refresh may replace: the carousel, the featured ad's place and each section of the page. */
const PARTS = `main ${HERO}, main #featured-ad, main section[id]`;

function contentRefresh() {
  if (!document.querySelector("[data-live-refresh]") || typeof EventSource === "undefined") return;
  // Open only while she can see the page (issue 51: nothing runs while she is elsewhere); a change made meanwhile
  // shows on her next page.
  let source: EventSource | null = null;
  const open = () => {
    if (source || document.visibilityState === "hidden") return;
    source = new EventSource("/api/content-events");
    source.addEventListener("content-changed", refresh);
  };
  const close = () => {
    source?.close();
    source = null;
  };
  document.addEventListener("visibilitychange", () => (document.visibilityState === "hidden" ? close() : open()));
  addEventListener("pagehide", close);
  open();
}

/** The page read again and each changed part put in place, except one she is typing in. */
function refresh() {
  // Asked again of the shop: a guest page may be in the browser's cache (stale-while-revalidate).
  void fetch(location.href, { credentials: "same-origin", cache: "no-cache" })
    .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
    .then((html) => {
      const next = new DOMParser().parseFromString(html, "text/html");
      for (const fresh of next.querySelectorAll<HTMLElement>(PARTS)) {
        const old = fresh.id ? document.getElementById(fresh.id) : document.querySelector<HTMLElement>(HERO);
        if (!old || old.contains(document.activeElement) || old.outerHTML === fresh.outerHTML) continue;
        const copy = document.importNode(fresh, true);
        old.replaceWith(copy);
        if (copy.matches(HERO)) heroSlider(copy);
      }
    })
    // Not fatal: the next change, or her next page, shows it.
    .catch(() => undefined);
}

/** The installable app's service worker (ADR 033), told who is signed in (see root.tsx's useOfflineLibrary). */
function offlineLibrary() {
  if (owner !== undefined) registerOfflineWorker(owner || null);
}

scrollState();
accountMenu();
const hero = document.querySelector<HTMLElement>(HERO);
if (hero) heroSlider(hero);
searchFilters();
bookmarks();
toast();
contentRefresh();
offlineLibrary();
