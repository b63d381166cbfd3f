import { PageLink } from "~/components/ui/page-link";
import type { ArticleRowData } from "~/modules/content/card-data";
import { ArticleImage, ArticleTags } from "./article-card";
import { useLocale, useLocalHref, useT } from "~/lib/i18n/use-t";
import { langIfOther } from "~/lib/locale";

export type { ArticleRowData };

/** The thumbnail is 112 CSS px wide on every screen (IMAGE_SLOTS.articleRow). */
const ROW_IMAGE_SIZES = "112px";

/**
 * One line of a compact list (the home page's featured and latest articles): thumbnail, topic, access, reading time
 * and title.
 * A row is a third of a card's HTML (issue 14); its title opens the article, whose page offers the unlock action.
 */
export function ArticleRow({ article, actions }: { article: ArticleRowData; actions?: React.ReactNode }) {
  const t = useT();
  const localHref = useLocalHref();
  const locale = useLocale();
  return (
    <article className="row">
      <ArticleImage article={article} sizes={ROW_IMAGE_SIZES} className="row-img" />
      <div className="row-body">
        {/* The reading time on the badges' line: a line less a row (issue 46: the home page in six phone screens). */}
        <ArticleTags article={article}>
          <span className="meta">{t("card.minRead", { minutes: String(article.readingMinutes) })}</span>
        </ArticleTags>
        {/* In another language than the page's: marked, as a card's title is (ADR 048). */}
        <h3 className="card-title" lang={langIfOther(article.language, locale)}>
          <PageLink to={localHref(`/article/${article.id}`)}>{article.title}</PageLink>
        </h3>
      </div>
      {actions}
    </article>
  );
}
