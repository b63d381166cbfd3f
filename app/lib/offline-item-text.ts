import type { SavedItem } from "./offline-library";
import { formatBytes } from "./offline-size";
import { formatDate } from "./format";
import type { Locale } from "./locale";

/**
 * A Swahili page's words for the lines below (issue 50, ADR 048): the server puts them on the page
 * (`data-offline-words`, from the catalogue) for its script; an English page carries none and its lines stay these.
 */
export interface OfflineWords {
  locale: Locale;
  /** "Kitabu pepe · " */
  ebook: string;
  /** "imehifadhiwa {date}" */
  saved: string;
  /** "Vilivyohifadhiwa: {count} · {size} kwa jumla" */
  summary: string;
  /** "Ondoa {title} kwenye simu hii" */
  remove: string;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/** The line under a saved copy's title in her offline library: 'Ebook · 48 KB · saved 3 Nov 2026'. */
export function savedItemDetail(item: Pick<SavedItem, "kind" | "bytes" | "savedAt">, words?: OfflineWords): string {
  if (words) {
    const date = formatDate(new Date(item.savedAt).toISOString(), words.locale);
    return `${item.kind === "ebook" ? words.ebook : ""}${formatBytes(item.bytes)} · ${fill(words.saved, { date })}`;
  }
  return `${item.kind === "ebook" ? "Ebook · " : ""}${formatBytes(item.bytes)} · saved ${formatDate(new Date(item.savedAt).toISOString())}`;
}

/** What her offline library says above the list: '2 saved · 1.2 MB in all'. */
export function savedSummary(items: Pick<SavedItem, "bytes">[], words?: OfflineWords): string {
  const size = formatBytes(items.reduce((sum, item) => sum + item.bytes, 0));
  if (words) return fill(words.summary, { count: items.length, size });
  return `${items.length} saved · ${size} in all`;
}

/** The Remove button's name for a saved copy. */
export function removeLabel(title: string, words?: OfflineWords): string {
  return words ? fill(words.remove, { title }) : `Remove ${title} from this phone`;
}
