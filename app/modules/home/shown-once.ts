// The home page shows each article and ebook once (issue 46: one ebook appeared three times, in the featured ad,
// the promotions and the favourites). Sections are filled in page order, each from its own candidates, skipping
// what a section above already shows; a section short of fresh items shows fewer, never a repeat. Pure.
import { ID_SOURCE } from "~/lib/ids";

/** Items of `candidates` not yet in `shown`, at most `limit`; the ones taken are added to `shown`. */
export function takeUnshown<T extends { id: string }>(candidates: T[], shown: Set<string>, limit: number): T[] {
  const taken: T[] = [];
  for (const item of candidates) {
    if (taken.length >= limit) break;
    if (shown.has(item.id)) continue;
    taken.push(item);
    shown.add(item.id);
  }
  return taken;
}

const EBOOK_PATH = new RegExp(`^/ebook/(${ID_SOURCE})(?:[/?#]|$)`, "i");

/** The ebooks a featured ad shows: the one it names, and any its buttons open. */
export function ebooksOfAd(
  ad: { ebookId: string | null; primaryButtonLink: string | null; secondaryButtonLink: string | null } | null,
): string[] {
  if (!ad) return [];
  const linked = [ad.primaryButtonLink, ad.secondaryButtonLink].map((link) => EBOOK_PATH.exec(link ?? "")?.[1]);
  return [ad.ebookId, ...linked].filter((id): id is string => Boolean(id)).map((id) => id.toLowerCase());
}
