import { PageLink } from "~/components/ui/page-link";
import type { ArticleCardData } from "~/modules/content/card-data";
import { AccessBadge } from "./access-badge";
import { LanguageTag } from "./language-tag";
import { signInHref } from "~/lib/sign-in-href";
import { ResponsiveImage } from "~/components/responsive-image";
import { useLocale, useLocalHref, useT } from "~/lib/i18n/use-t";
import { langIfOther } from "~/lib/locale";

export type { ArticleCardData };

/**
 * The card image's width in the grids (max-w-6xl, px-4, gap-6): one column on phones, two from 640 px, three
 * from 1024 px (at most 358 px). Phones are what matters most, so their width is exact; wider screens are
 * rounded up a little, which picks the same copy of the two a card offers (IMAGE_SLOTS.articleCard) in a
 * string a third as long (it is in the HTML twice per card).
 */
export const ARTICLE_CARD_SIZES = "(min-width: 1024px) 358px, (min-width: 640px) 50vw, calc(100vw - 2rem)";

/** An article's picture in a card or a row (none without one), in the copies that fit the box `sizes` describes. */
export function ArticleImage({
  article,
  sizes,
  className,
  priority,
}: {
  article: Pick<ArticleCardData, "imageUrl" | "image">;
  sizes: string;
  className: string;
  priority?: boolean;
}) {
  return article.imageUrl ? (
    <ResponsiveImage
      image={article.image}
      src={article.imageUrl}
      alt=""
      width={1200}
      height={675}
      sizes={sizes}
      priority={priority}
      byDensity
      className={className}
    />
  ) : null;
}

/** An article's topics and access badge, as cards and rows show them above the title. */
export function ArticleTags({
  article,
  children,
}: {
  article: Pick<ArticleCardData, "categories" | "accessType" | "language">;
  /** After the badges, on their line (a row's reading time). */
  children?: React.ReactNode;
}) {
  return (
    <div className="tags">
      {article.categories.map((c) => (
        <span key={c.name} className="chip" lang={c.lang}>
          {c.name}
        </span>
      ))}
      <AccessBadge accessType={article.accessType} />
      <LanguageTag language={article.language} />
      {children}
    </div>
  );
}

/** Card with the action the spec asks for: Read Article, or Subscribe to Read / Login to Read when locked. */
export function ArticleCard({
  article,
  signedIn,
  headingLevel = 3,
  actions,
  priority,
}: {
  article: ArticleCardData;
  signedIn: boolean;
  headingLevel?: 2 | 3;
  actions?: React.ReactNode;
  /** The first card of a list page: its picture is likely the page's largest (LCP), so it is fetched at once. */
  priority?: boolean;
}) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  const t = useT();
  const localHref = useLocalHref();
  // Written in another language than the page's: its title and excerpt say so (ADR 048), as the article page does.
  const lang = langIfOther(article.language, useLocale());
  const locked = article.access === "preview";
  const cta = !locked
    ? { to: localHref(`/article/${article.id}`), label: t("card.readArticle") }
    : signedIn
      ? { to: localHref("/pricing"), label: t("card.subscribeToRead") }
      : { to: signInHref(localHref(`/article/${article.id}`)), label: t("card.loginToRead") };
  const button = (
    <PageLink to={cta.to} aria-label={`${cta.label}: ${article.title}`} className="btn">
      {cta.label}
    </PageLink>
  );
  return (
    <article className="card">
      <ArticleImage article={article} sizes={ARTICLE_CARD_SIZES} className="card-img" priority={priority} />
      <div className="card-body">
        <ArticleTags article={article} />
        <Heading className="card-title" lang={lang}>
          <PageLink to={localHref(`/article/${article.id}`)}>{article.title}</PageLink>
        </Heading>
        <p className="card-text" lang={lang}>
          {article.excerpt}
        </p>
        <div className="card-foot">
          <span className="meta">{t("card.minRead", { minutes: String(article.readingMinutes) })}</span>
          {actions ? (
            <div className="acts">
              {actions}
              {button}
            </div>
          ) : (
            button
          )}
        </div>
      </div>
    </article>
  );
}
