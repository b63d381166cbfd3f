import { Link } from "react-router";
import type { GatedArticle } from "~/modules/content/articles.server";
import { cutAtWord } from "~/modules/content/text";
import { AccessBadge } from "./access-badge";
import { signInHref } from "~/lib/sign-in-href";
import { ResponsiveImage } from "~/components/responsive-image";
import type { ResponsiveImageData } from "~/modules/storage/responsive-image";

export type ArticleCardData = Pick<
  GatedArticle,
  "id" | "title" | "excerpt" | "imageUrl" | "accessType" | "access" | "readingMinutes" | "categories"
> & { image?: ResponsiveImageData | null };

/**
 * The card image's width in the grids (max-w-6xl, px-4, gap-6): one column on phones, two from 640 px, three
 * from 1024 px; phones are what matters most, so their width is exact.
 */
export const ARTICLE_CARD_SIZES =
  "(min-width: 1152px) 358px, (min-width: 1024px) calc((100vw - 5rem) / 3), (min-width: 640px) calc((100vw - 3.5rem) / 2), calc(100vw - 2rem)";

/** Card with the action the spec asks for: Read Article, or Subscribe to Read / Login to Read when locked. */
export function ArticleCard({
  article,
  signedIn,
  headingLevel = 3,
  actions,
}: {
  article: ArticleCardData;
  signedIn: boolean;
  headingLevel?: 2 | 3;
  actions?: React.ReactNode;
}) {
  const Heading = `h${headingLevel}` as "h2" | "h3";
  const locked = article.access === "preview";
  const cta = !locked
    ? { to: `/article/${article.id}`, label: "Read Article" }
    : signedIn
      ? { to: "/pricing", label: "Subscribe to Read" }
      : { to: signInHref(`/article/${article.id}`), label: "Login to Read" };
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-rose-100 bg-white shadow-sm">
      {article.imageUrl ? (
        <ResponsiveImage
          image={article.image}
          src={article.imageUrl}
          alt=""
          width={1200}
          height={675}
          sizes={ARTICLE_CARD_SIZES}
          className="aspect-video w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-4">
        <div className="flex flex-wrap items-center gap-2">
          {article.categories.slice(0, 2).map((c) => (
            <span key={c.id} className="rounded-full bg-rose-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
              {c.name}
            </span>
          ))}
          <AccessBadge accessType={article.accessType} />
        </div>
        <Heading className="mt-3 text-lg leading-snug font-semibold text-gray-900">
          <Link to={`/article/${article.id}`} className="hover:text-brand-700">
            {article.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-sm text-gray-700">{cutAtWord(article.excerpt, 150)}</p>
        <div className="mt-4 flex items-center justify-between gap-2">
          <span className="text-xs text-gray-600">{article.readingMinutes} min read</span>
          <div className="flex items-center gap-2">
            {actions}
            <Link
              to={cta.to}
              aria-label={`${cta.label}: ${article.title}`}
              className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {cta.label}
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}
