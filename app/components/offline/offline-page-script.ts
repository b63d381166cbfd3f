/**
 * The offline page's only script (public/offline.html, bundled to /offline.js at build time): lists the saved copies
 * of the person signed in on this device, read from her own cache, so the offline library opens with no connection
 * (only while the session that saved them is still in this browser: `verifiedOwner`).
 */
import { listSaved, verifiedOwner } from "~/lib/offline-library";
import { formatBytes } from "~/lib/offline-size";
import { formatDate } from "~/lib/format";

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
  title.textContent = "Offline library";
  heading.replaceWith(title);
  document.title = "Offline library | Nuru";
  needs.replaceChildren(
    Object.assign(document.createElement("p"), {
      className: "muted",
      textContent:
        "You are offline. What you saved on this phone opens without a connection; the rest of Nuru needs one.",
    }),
    Object.assign(document.createElement("a"), { className: "retry", href: "", textContent: "Try again" }),
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
  empty.textContent = items.length
    ? `${items.length} saved on this phone.`
    : "Nothing saved on this phone yet: tap “Save for offline” on an article or an ebook in text mode while you are online.";
  for (const item of items) {
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = item.url;
    link.textContent = item.title;
    const meta = document.createElement("p");
    meta.className = "muted";
    meta.textContent = `${item.kind === "ebook" ? "Ebook · " : ""}${formatBytes(item.bytes)} · saved ${formatDate(new Date(item.savedAt).toISOString())}`;
    li.append(link, meta);
    list.append(li);
  }
}

void show();
