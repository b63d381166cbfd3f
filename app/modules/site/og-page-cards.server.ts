// The share cards of pages that are not one piece of content (issue 46: /pricing, /about, /terms, /articles, /ebooks
// and /categories shared with no picture on WhatsApp). Fixed words, so a card never carries anything of a reader's:
// routes/og-image.ts draws them at /og/page/<name>.jpg (home: /og/home.jpg) through the same renderer and cache as the
// content cards. Each route's meta writes out its card's address and pageCardAlt's words (tests/unit/page-meta.test.ts
// checks they match), so this list reaches the server only, not a chunk every such page would preload.
import type { OgCard } from "./og-image-svg";

export const PAGE_CARDS = {
  home: { label: "Read free or join", title: "Wellness articles and ebooks for women", badge: null },
  pricing: {
    label: "Plans and prices",
    title: "Every premium article and your choice of ebooks",
    badge: "M-Pesa or card",
  },
  about: { label: "About Nuru", title: "Honest wellness guides for women, from Nairobi", badge: null },
  terms: { label: "Terms of Service", title: "Reading, buying and membership on Nuru", badge: null },
  articles: { label: "Articles", title: "Wellness articles for women", badge: "Read free or join" },
  ebooks: { label: "Ebooks", title: "Practical wellness ebooks for women", badge: "Free and premium" },
  categories: { label: "Categories", title: "Wellness topics for women", badge: "Articles and ebooks" },
} as const satisfies Record<string, OgCard>;

export type PageCardName = keyof typeof PAGE_CARDS;

/** The card of a page name from a request's address, or null for a name that has none. */
export function pageCard(name: string): OgCard | null {
  return Object.hasOwn(PAGE_CARDS, name) ? PAGE_CARDS[name as PageCardName] : null;
}

/** What the card shows, in words, for og:image:alt. */
export function pageCardAlt(name: PageCardName): string {
  const card = PAGE_CARDS[name];
  return `${card.label}: ${card.title}. Nuru`;
}
