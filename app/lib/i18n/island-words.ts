// The words the islands pages' scripts write themselves (app/lib/page-words.ts), for a Swahili page (issue 50, ADR
// 048): English words to Swahili ones, from the catalogues, as JSON on the page's script element. Server only.
import { translator } from "./i18n";

/** The catalogue ids of every word a script says (the English of each is what the script holds). */
const ISLAND_IDS = [
  "island.share",
  "island.copyLink",
  "island.copied",
  "island.notCopied",
  "island.notSent",
  "island.noConnection",
  "island.saving",
  "island.downloadFailed",
  "island.unexpected",
  "island.downloadStarted",
  "island.downloadStartedMessage",
  "island.removeBookmark",
  "island.savedSync",
  "island.removedSync",
  "island.bookmarkedSynced",
  "island.unbookmarkedSynced",
  "comments.posting",
  "reviews.submitting",
  "download.preparing",
  "toast.dismiss",
  "bookmark.add",
  "bookmark.remove",
  // Checkout and payment: the gift's details as the checkout pages' script checks them (islands/checkout-page.ts).
  "gift.check.email",
  "gift.check.emailInvalid",
  "gift.check.phone",
  "gift.check.note",
  "gift.check.date",
  "gift.check.realDate",
  // Her account's pages (account-page.ts): Copy link beside a gift's claim link.
  "giftShare.notCopied",
  // Text mode (text-reader-page.ts): copying and printing refused.
  "readerText.blocked",
] as const;

let swahili: string | undefined;

/** `{"Copy link": "Nakili kiungo", ...}` as JSON, made once. */
export function islandWords(): string {
  if (swahili === undefined) {
    const [english, inSwahili] = [translator("en"), translator("sw")];
    swahili = JSON.stringify(Object.fromEntries(ISLAND_IDS.map((id) => [english(id), inSwahili(id)])));
  }
  return swahili;
}
