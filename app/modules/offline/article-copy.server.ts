import { getRequestViewer, type RequestArgs } from "~/modules/access/viewer.server";
import { getArticleForViewer } from "~/modules/content/articles.server";
import { articleBodyBlocks, type BodyBlock } from "~/modules/content/article-html.server";
import { escapeHtml } from "~/lib/mail/layout.server";
import { formatDate } from "~/lib/format";
import { translator } from "~/lib/i18n/i18n";
import type { Locale } from "~/lib/locale";
import { bookmarkedIds } from "~/modules/engagement/bookmarks.server";
import { offlineCopyDocument, pictureFigure, picturesAsWords } from "./copy-document.server";
import { offlineKey } from "./offline-key.server";

/**
 * The copy of an article she keeps on her phone: one light HTML document (styles inline, one precached script) with the
 * body the article page shows, her e-mail as a faint watermark and her bookmark of it (a button that works offline). Null unless she is signed in and may read it in full now:
 * the same gate as the article page, on every request. Its words and dates are in `locale`, the language of the page
 * she saved it from.
 */
export async function articleOfflineCopy(
  context: RequestArgs["context"],
  id: string,
  locale: Locale,
): Promise<{ title: string; html: string; bookmarked: boolean } | null> {
  const { viewer, user } = await getRequestViewer(context);
  if (!user) return null;
  const [article, marked] = await Promise.all([getArticleForViewer({ id, viewer }), bookmarkedIds(user.id)]);
  if (!article || article.access !== "full") return null;
  const bookmarked = marked.articles.has(article.id);
  const body = articleBodyBlocks(article)
    .map((block) => blockHtml(block, locale))
    .join("\n");
  const t = translator(locale);
  const html = offlineCopyDocument({
    locale,
    contentLanguage: article.language,
    title: article.title,
    byline: `${formatDate(article.createdAt, locale)} · ${t("article.readingTime", { count: article.readingMinutes })}`,
    bodyHtml: body,
    email: user.email,
    savedOn: formatDate(new Date().toISOString(), locale),
    data: { owner: offlineKey(user.id) },
    bookmark: { contentType: "article", contentId: article.id, bookmarked },
  });
  return { title: article.title, html, bookmarked };
}

// Sanitised HTML as the article page renders it; pictures are not saved, so each is its caption or alt text, marked
// as a picture (issue 46: no broken-picture icon, no caption twice), and a video is a link (a player needs the
// network anyway).
function blockHtml(block: BodyBlock, locale: Locale): string {
  if (block.type === "html") return picturesAsWords(block.html, locale);
  if (block.type === "image") return pictureFigure(block.caption, locale);
  const t = translator(locale);
  const caption = block.caption ? `<figcaption>${escapeHtml(block.caption)}</figcaption>` : "";
  return `<p><a href="${escapeHtml(block.url)}" rel="noopener noreferrer nofollow">${escapeHtml(t("offlineCopy.video"))}</a>${escapeHtml(t("offlineCopy.videoNeedsConnection"))}</p>${caption}`;
}
