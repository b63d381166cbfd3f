import { getRequestViewer, type RequestArgs } from "~/modules/access/viewer.server";
import { textEditionForOffline } from "~/modules/reader/text-edition.server";
import { escapeHtml } from "~/lib/mail/layout.server";
import { formatDate } from "~/lib/format";
import { translator } from "~/lib/i18n/i18n";
import type { Locale } from "~/lib/locale";
import { bookmarkedIds } from "~/modules/engagement/bookmarks.server";
import { offlineCopyDocument, picturesAsWords } from "./copy-document.server";
import { offlineKey } from "./offline-key.server";

/**
 * The copy of an ebook's text edition she keeps on her phone (ADR 033): the whole edition in one light document
 * (contents, then every section; styles inline, her e-mail as a faint watermark), kept under the text reader's
 * address. Null unless she is signed in and may read the ebook now: the text reader's gate, on every request.
 * Each paragraph is anchored as the reader anchors it (section and block), so the place she reaches offline is the
 * place the reader opens online. It opens with her text settings, which she can change on the phone (ADR 033), and
 * carries her bookmark of the ebook. Its pictures are not saved: each is its alt text, marked as a picture, as in a
 * saved article. Its words and dates are in `locale`, the language of the page she saved it from.
 */
export async function ebookOfflineCopy(
  context: RequestArgs["context"],
  id: string,
  locale: Locale,
): Promise<{ title: string; html: string; bookmarked: boolean } | null> {
  const { viewer, user } = await getRequestViewer(context);
  if (!user) return null;
  const [edition, marked] = await Promise.all([textEditionForOffline(id, viewer), bookmarkedIds(user.id)]);
  if (!edition) return null;
  const bookmarked = marked.ebooks.has(edition.ebook.id);
  const toc = edition.sections
    .map((section, index) => `<li><a href="#s-${index}">${escapeHtml(section.title)}</a></li>`)
    .join("");
  const sections = edition.sections
    .map(
      (section, index) =>
        `<section id="s-${index}" data-section="${index}" aria-label="${escapeHtml(section.title)}">\n` +
        section.blocks
          .map(
            (html, block) =>
              `<div id="s-${index}-b-${block}" data-block="${block}">${picturesAsWords(html, locale)}</div>`,
          )
          .join("\n") +
        "\n</section>",
    )
    .join("\n");
  const t = translator(locale);
  const contents = escapeHtml(t("readerText.contents"));
  const html = offlineCopyDocument({
    locale,
    title: edition.ebook.title,
    byline: t("offlineCopy.ebookByline", { count: edition.sections.length }),
    bodyHtml: `<nav class="toc" aria-label="${contents}"><h2>${contents}</h2><ol>${toc}</ol></nav>\n${sections}`,
    email: user.email,
    savedOn: formatDate(new Date().toISOString(), locale),
    data: { ebook: edition.ebook.id, owner: offlineKey(user.id) },
    settings: edition.settings,
    bookmark: { contentType: "ebook", contentId: edition.ebook.id, bookmarked },
  });
  return { title: edition.ebook.title, html, bookmarked };
}
