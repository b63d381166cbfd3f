// What the Open Graph image of a page shows (issue 34), read as a guest sees the page.
import { guestViewer } from "~/modules/access/policy";
import { getArticleForViewer } from "~/modules/content/articles.server";
import { getEbookForViewer } from "~/modules/content/ebooks.server";
import { getCategoryBySlug } from "~/modules/content/categories.server";
import type { Locale } from "~/lib/locale";
import type { OgCard } from "./og-image-svg";
import { pageCard } from "./og-page-cards.server";
import { contentCardWords } from "./og-card-words";

export type OgKind = "article" | "ebook" | "category";

/**
 * The card for a page, from what a guest may see of it: null when a guest would get a 404 (unknown, unpublished,
 * hidden). Titles and category names are public; no excerpt or body text is ever put on a card (premium pages
 * included), so nothing locked can leak through an image. The fixed words are in `locale` (a Swahili page's card,
 * issue 50); titles and category names stay as written.
 */
export async function ogCardFor(
  kind: OgKind | "home" | "page",
  key: string,
  locale: Locale = "en",
): Promise<OgCard | null> {
  if (kind === "home") return pageCard("home", locale);
  // Fixed words per page (og-page-cards.server.ts): nothing from the request but a name looked up in a fixed list.
  if (kind === "page") return pageCard(key, locale);
  const words = contentCardWords(locale);
  if (kind === "category") {
    const category = await getCategoryBySlug(key);
    return category && { title: category.name, ...words.category };
  }
  const viewer = guestViewer();
  if (kind === "article") {
    const article = await getArticleForViewer({ id: key, viewer });
    if (!article) return null;
    const fixed = words.article(article.accessType);
    return { title: article.title, label: article.categories[0]?.name ?? fixed.label, badge: fixed.badge };
  }
  const ebook = await getEbookForViewer({ id: key, viewer });
  if (!ebook) return null;
  const fixed = words.ebook(ebook.accessType);
  return { title: ebook.title, label: ebook.categories[0]?.name ?? fixed.label, badge: fixed.badge };
}
