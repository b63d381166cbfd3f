import type { Viewer } from "~/modules/access/policy";
import { getArticleForViewer } from "~/modules/content/articles.server";
import { mayReadText } from "~/modules/reader/text-edition.server";
import { bookmarkedIds } from "~/modules/engagement/bookmarks.server";
import { ID_SOURCE } from "~/lib/ids";

/** An item of her offline library as the device names it. */
export interface OfflineItem {
  kind: string;
  id: string;
}

/** At most this many items per check: more than any library on a phone, and a bound on the work one request asks. */
export const MAX_CHECKED_ITEMS = 200;

/**
 * Whether the viewer may still read one saved item, per kind. Each answers with the gated read its page uses, so
 * access follows the policy in modules/access (refunds, reversals and ended plans included). The ebook text edition
 * is the kind "ebook" (the viewer may read that ebook's text edition).
 */
const readable: Record<string, (viewer: Viewer, id: string) => Promise<boolean>> = {
  article: async (viewer, id) => (await getArticleForViewer({ id, viewer }))?.access === "full",
  // The whole text edition is one copy: she may keep it while she may read the ebook's text (bought, unlocked with
  // a plan that has not ended, not refunded or reversed) and it has a text edition.
  ebook: (viewer, id) => mayReadText(id, viewer),
};

/** The items of her offline library she may still read; anything unknown, unpublished or locked is left out. */
export async function stillReadable(viewer: Viewer, items: OfflineItem[]): Promise<OfflineItem[]> {
  if (!viewer.user) return [];
  const unique = [...new Map(items.map((i) => [`${i.kind}:${i.id}`, i])).values()].slice(0, MAX_CHECKED_ITEMS);
  const answers = await Promise.all(unique.map((item) => readable[item.kind]?.(viewer, item.id) ?? false));
  return unique.filter((_, i) => answers[i]);
}

const ITEM = new RegExp(`^([a-z-]{1,20}):(${ID_SOURCE})$`, "i");

/** `kind:id` values of the check's query string, as items (malformed ones dropped). */
export function parseOfflineItems(values: string[]): OfflineItem[] {
  return values.slice(0, MAX_CHECKED_ITEMS).flatMap((value) => {
    const match = ITEM.exec(value);
    return match ? [{ kind: match[1], id: match[2].toLowerCase() }] : [];
  });
}

/**
 * Which of these items she has bookmarked now, as `kind:id` (her saved copies show it offline; ADR 033). Only items
 * she may still read are passed here, so the answer names nothing she could not open.
 */
export async function bookmarkedAmong(viewer: Viewer, items: OfflineItem[]): Promise<string[]> {
  if (!viewer.user || items.length === 0) return [];
  const marked = await bookmarkedIds(viewer.user.id);
  return items
    .filter((item) => (item.kind === "article" ? marked.articles : marked.ebooks).has(item.id))
    .map((item) => `${item.kind}:${item.id}`);
}
