import type { SavedItem } from "./offline-library";
import { formatBytes } from "./offline-size";
import { formatDate } from "./format";

/** The line under a saved copy's title in her offline library: 'Ebook · 48 KB · saved 3 Nov 2026'. */
export function savedItemDetail(item: Pick<SavedItem, "kind" | "bytes" | "savedAt">): string {
  return `${item.kind === "ebook" ? "Ebook · " : ""}${formatBytes(item.bytes)} · saved ${formatDate(new Date(item.savedAt).toISOString())}`;
}

/** What her offline library says above the list: '2 saved · 1.2 MB in all'. */
export function savedSummary(items: Pick<SavedItem, "bytes">[]): string {
  return `${items.length} saved · ${formatBytes(items.reduce((sum, item) => sum + item.bytes, 0))} in all`;
}
