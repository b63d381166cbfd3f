import type { Viewer } from "~/modules/access/policy";
import { getArticleForViewer } from "~/modules/content/articles.server";

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
 * adds its kind here ("ebook-section": the viewer may read that ebook's text edition).
 */
const readable: Record<string, (viewer: Viewer, id: string) => Promise<boolean>> = {
  article: async (viewer, id) => (await getArticleForViewer({ id, viewer }))?.access === "full",
};

/** The items of her offline library she may still read; anything unknown, unpublished or locked is left out. */
export async function stillReadable(viewer: Viewer, items: OfflineItem[]): Promise<OfflineItem[]> {
  if (!viewer.user) return [];
  const unique = [...new Map(items.map((i) => [`${i.kind}:${i.id}`, i])).values()].slice(0, MAX_CHECKED_ITEMS);
  const answers = await Promise.all(unique.map((item) => readable[item.kind]?.(viewer, item.id) ?? false));
  return unique.filter((_, i) => answers[i]);
}

/** `kind:id` values of the check's query string, as items (malformed ones dropped). */
export function parseOfflineItems(values: string[]): OfflineItem[] {
  return values.slice(0, MAX_CHECKED_ITEMS).flatMap((value) => {
    const match = /^([a-z-]{1,20}):([0-9a-f-]{36})$/i.exec(value);
    return match ? [{ kind: match[1], id: match[2].toLowerCase() }] : [];
  });
}
