/**
 * The offline page's only script (public/offline.html, bundled to /offline.js at build time): lists the saved copies
 * of the person signed in on this device, read from her own cache, so the offline library opens with no connection.
 */
import { currentOwner, listSaved } from "~/lib/offline-library";
import { formatBytes } from "~/lib/offline-size";
import { formatDate } from "~/lib/format";

async function show() {
  const list = document.getElementById("saved");
  const empty = document.getElementById("saved-empty");
  if (!list || !empty || !("caches" in window)) return;
  const owner = await currentOwner();
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
