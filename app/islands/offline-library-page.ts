// Her offline library when it is an islands page (ADR 045), loaded on that page only: the copies saved on this device
// live in Cache Storage (ADR 033), so the list is read here, in the browser, and put in place from the templates the
// server rendered (the same markup as the React page). Remove deletes a copy and reads the list again.
import { listSaved, removeSaved, type SavedItem } from "../lib/offline-library";
import { removeLabel, savedItemDetail, savedSummary, type OfflineWords } from "../lib/offline-item-text";

/** Her offline library's key, as the shell's script carries it ("" signed out). */
const owner = document.querySelector<HTMLScriptElement>("script[data-islands]")?.dataset.owner;
const root = document.querySelector<HTMLElement>("[data-offline-library]");
/** A Swahili page's words for the lines this script writes (none on an English page). */
const words = root?.dataset.offlineWords ? (JSON.parse(root.dataset.offlineWords) as OfflineWords) : undefined;

function cloneOf(name: string): DocumentFragment | null {
  const template = root?.querySelector<HTMLTemplateElement>(`template[${name}]`);
  return template ? (template.content.cloneNode(true) as DocumentFragment) : null;
}

/** One saved copy's row: its title linking to where she reads it, its size and day, and Remove. */
function rowOf(item: SavedItem, key: string): Node | null {
  const row = cloneOf("data-offline-item");
  const link = row?.querySelector("a");
  const detail = row?.querySelector("p");
  const remove = row?.querySelector("button");
  if (!row || !link || !detail || !remove) return null;
  link.href = item.url;
  link.textContent = item.title;
  detail.textContent = savedItemDetail(item, words);
  remove.setAttribute("aria-label", removeLabel(item.title, words));
  remove.addEventListener("click", () => {
    remove.disabled = true;
    void removeSaved(key, item.url).then(() => show(key));
  });
  return row;
}

/** The list (or that nothing is saved) in place of what was there. */
async function show(key: string) {
  if (!root) return;
  const items = await listSaved(key);
  const shown = items.length === 0 ? cloneOf("data-offline-empty") : cloneOf("data-offline-list");
  if (!shown) return;
  if (items.length > 0) {
    const summary = shown.querySelector("[data-offline-summary]");
    if (summary) summary.textContent = savedSummary(items, words);
    const list = shown.querySelector("ul");
    for (const item of items) {
      const row = rowOf(item, key);
      if (row) list?.append(row);
    }
  }
  for (const old of root.querySelectorAll(":scope > [data-offline-shown], :scope > [data-offline-waiting]"))
    old.remove();
  const box = document.createElement("div");
  box.dataset.offlineShown = "";
  box.append(shown);
  root.append(box);
}

if (owner && "caches" in window) void show(owner);
