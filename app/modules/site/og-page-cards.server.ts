// The share cards of pages that are not one piece of content (issue 46: /pricing, /about, /terms, /articles, /ebooks
// and /categories shared with no picture on WhatsApp). Fixed words, so a card never carries anything of a reader's:
// routes/og-image.ts draws them at /og/page/<name>.jpg (home: /og/home.jpg; a Swahili page's at /og/sw/...) through
// the same renderer and cache as the content cards. Their words are in the catalogues (og-card-words.ts). Each English
// route's meta writes out its card's address and pageCardAlt's words (tests/unit/page-meta.test.ts checks they
// match), so the words reach the server only, not a chunk every such page would preload.
import type { Locale } from "~/lib/locale";
import type { OgCard } from "./og-image-svg";
import { cardAlt, pageCardWords, type PageCardName } from "./og-card-words";

export type { PageCardName };

/** The card of a page name from a request's address, or null for a name that has none. */
export function pageCard(name: string, locale: Locale = "en"): OgCard | null {
  return pageCardWords(name, locale);
}

/** What the card shows, in words, for og:image:alt. */
export function pageCardAlt(name: PageCardName, locale: Locale = "en"): string {
  return cardAlt(pageCardWords(name, locale)!);
}
