/**
 * The offline page's only script (app/components/offline/offline.html, made into /offline.html and /offline-sw.html
 * and bundled to /offline.js at build time): lists the saved copies of the person signed in on this device, read from
 * her own cache, so the offline library opens with no connection (only while the session that saved them is still in
 * this browser: `verifiedOwner`). It writes in the page's language (issue 50).
 */
import { listSaved, verifiedOwner } from "~/lib/offline-library";
import { formatBytes } from "~/lib/offline-size";
import { formatDate } from "~/lib/format";

type Words = Record<
  "library" | "libraryNote" | "tryAgain" | "savedCount" | "nothingSaved" | "ebook" | "savedArticle" | "savedEbook",
  string
>;
/** Both languages' words, from the catalogues at build time (scripts/offline-pages.mjs, esbuild's `define`). */
declare const __OFFLINE_WORDS__: { en: Words; sw: Words };

const swahili = document.documentElement.lang === "sw";
const words = swahili ? __OFFLINE_WORDS__.sw : __OFFLINE_WORDS__.en;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

/** "28 Nov 2026" in English (the shop's own format); "28 Novemba 2026" in Swahili (docs/glossary-sw.md). */
function savedOn(iso: string): string {
  if (!swahili) return formatDate(iso);
  const format = { day: "numeric", month: "long", year: "numeric", timeZone: "Africa/Nairobi" } as const;
  return new Intl.DateTimeFormat("sw-KE", format).format(new Date(iso));
}

/**
 * The offline library's own address opens as the library: her copies first, under its own title, and the note that
 * she is offline after them (issue 46). Any other address keeps "This page needs a connection" first.
 */
function libraryFirst() {
  const heading = document.getElementById("saved-heading");
  const needs = document.getElementById("needs-connection");
  if (location.pathname !== "/library/offline" || !heading || !needs) return;
  const title = document.createElement("h1");
  title.id = heading.id;
  title.textContent = words.library;
  heading.replaceWith(title);
  document.title = `${words.library} | Nuru`;
  needs.replaceChildren(
    Object.assign(document.createElement("p"), { className: "muted", textContent: words.libraryNote }),
    Object.assign(document.createElement("a"), { className: "retry", href: "", textContent: words.tryAgain }),
  );
  needs.parentElement?.append(needs);
}

async function show() {
  const list = document.getElementById("saved");
  const empty = document.getElementById("saved-empty");
  if (!list || !empty || !("caches" in window)) return;
  libraryFirst();
  const owner = await verifiedOwner();
  const items = owner ? await listSaved(owner) : [];
  empty.textContent = items.length ? fill(words.savedCount, { count: items.length }) : words.nothingSaved;
  for (const item of items) {
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = item.url;
    link.textContent = item.title;
    const meta = document.createElement("p");
    meta.className = "muted";
    const ebook = item.kind === "ebook";
    const saved = fill(ebook ? words.savedEbook : words.savedArticle, {
      date: savedOn(new Date(item.savedAt).toISOString()),
    });
    meta.textContent = `${ebook ? words.ebook : ""}${formatBytes(item.bytes)} · ${saved}`;
    li.append(link, meta);
    list.append(li);
  }
}

void show();
