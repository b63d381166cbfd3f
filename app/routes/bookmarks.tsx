import { Link } from "react-router";
import type { ReactNode } from "react";
import { SignInRequired } from "~/components/layout/sign-in-required";
import { BookOpen, FileText } from "~/components/ui/icons";
import type { Route } from "./+types/bookmarks";
import { metaT, pageMeta } from "~/modules/site/meta";
import { getOptionalUser } from "~/modules/access/viewer.server";
import { listBookmarks } from "~/modules/engagement/bookmarks.server";
import { formatDate } from "~/lib/format";
import { BookmarkButton } from "~/components/engagement/bookmark-button";
import type { RouteFacts } from "~/lib/route-facts";
import { useLocale, useLocalHref, useT } from "~/lib/i18n/use-t";

// An islands page (ADR 045): rendered by the server only; reader-page.ts sends each bookmark button's tap in place.
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta({
      title: t("nav.bookmarks"),
      description: t("bookmarks.description"),
      path: "/bookmarks",
      matches,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getOptionalUser(context);
  if (!user) return { signedIn: false as const, bookmarks: null };
  return { signedIn: true as const, bookmarks: await listBookmarks(user.id) };
}

const browseLink =
  "inline-block rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:ring-offset-2 focus-visible:outline-none";

export default function Bookmarks({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const localHref = useLocalHref();
  const locale = useLocale();
  const sw = locale === "sw";
  if (!loaderData.signedIn || !loaderData.bookmarks) {
    return <SignInRequired what={t("bookmarks.signIn")} returnTo={localHref("/bookmarks")} />;
  }

  const { articles, ebooks } = loaderData.bookmarks;
  if (articles.length === 0 && ebooks.length === 0) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <h1 className="font-serif text-3xl font-bold text-gray-900">{t("nav.bookmarks")}</h1>
        <div className="mt-6 rounded-2xl border border-rose-100 bg-white p-8 text-center shadow-sm">
          <h2 className="text-xl font-semibold text-gray-900">{t("bookmarks.none")}</h2>
          <p className="mt-2 text-gray-700">{t("bookmarks.noneHint")}</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={localHref("/articles")} className={browseLink}>
              {t("bookmarks.browseArticles")}
            </Link>
            <Link
              to={localHref("/ebooks")}
              className="inline-block rounded-full border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-rose-50 focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:ring-offset-2 focus-visible:outline-none"
            >
              {t("bookmarks.browseEbooks")}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-gray-900">{t("nav.bookmarks")}</h1>

      <BookmarkSection
        id="bookmarks-articles"
        className="mt-8"
        title={t("bookmarks.articles", { count: articles.length })}
        empty={
          articles.length === 0 && {
            text: t("bookmarks.noArticles"),
            to: localHref("/articles"),
            label: t("bookmarks.browseArticles"),
          }
        }
      >
        {articles.map((a) => (
          <li key={a.id} className="flex items-center gap-3 p-4" data-testid="bookmark-article">
            <FileText aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
            <div className="min-w-0 flex-1">
              <Link
                to={localHref(`/article/${a.id}`)}
                className="font-semibold break-words text-gray-900 hover:text-brand-700 hover:underline"
              >
                {a.title}
              </Link>
              <p className="mt-0.5 text-xs text-gray-600">
                {a.categoryName ? `${a.categoryName} · ` : ""}
                {sw ? t("bookmarks.minutes", { count: a.readingMinutes }) : a.readingMinutes}
                {sw ? " " : " min read · Saved "}
                <time dateTime={a.bookmarkedAt}>{formatDate(a.bookmarkedAt, locale)}</time>
              </p>
            </div>
            <BookmarkButton contentType="article" contentId={a.id} title={a.title} bookmarked signedIn showLabel />
          </li>
        ))}
      </BookmarkSection>

      <BookmarkSection
        id="bookmarks-ebooks"
        className="mt-10"
        title={t("bookmarks.ebooks", { count: ebooks.length })}
        empty={
          ebooks.length === 0 && {
            text: t("bookmarks.noEbooks"),
            to: localHref("/ebooks"),
            label: t("bookmarks.browseEbooks"),
          }
        }
      >
        {ebooks.map((e) => (
          <li key={e.id} className="flex items-center gap-3 p-4" data-testid="bookmark-ebook">
            {e.coverImageUrl ? (
              <img
                src={e.coverImageUrl}
                alt=""
                width="48"
                height="64"
                loading="lazy"
                className="h-16 w-12 shrink-0 rounded object-cover"
              />
            ) : (
              <span className="flex h-16 w-12 shrink-0 items-center justify-center rounded bg-rose-50">
                <BookOpen aria-hidden="true" className="h-5 w-5 text-brand-600" />
              </span>
            )}
            <div className="min-w-0 flex-1">
              <Link
                to={localHref(`/ebook/${e.id}`)}
                className="font-semibold break-words text-gray-900 hover:text-brand-700 hover:underline"
              >
                {e.title}
              </Link>
              <p className="mt-0.5 text-xs text-gray-600">
                {e.pageCount ? (sw ? t("bookmarks.pages", { count: e.pageCount }) : `${e.pageCount} pages · `) : ""}
                {t("bookmarks.saved")} <time dateTime={e.bookmarkedAt}>{formatDate(e.bookmarkedAt, locale)}</time>
              </p>
            </div>
            <BookmarkButton contentType="ebook" contentId={e.id} title={e.title} bookmarked signedIn showLabel />
          </li>
        ))}
      </BookmarkSection>
    </div>
  );
}

/** One kind of saved item: its heading with the count, then the list, or a line that leads to browsing. */
function BookmarkSection({
  id,
  className,
  title,
  empty,
  children,
}: {
  id: string;
  className: string;
  title: string;
  empty: false | { text: string; to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold text-gray-900">
        {title}
      </h2>
      {empty ? (
        <p className="mt-3 text-sm text-gray-700">
          {empty.text}{" "}
          <Link to={empty.to} className="font-medium text-brand-700 underline">
            {empty.label}
          </Link>
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-rose-100 rounded-2xl border border-rose-100 bg-white shadow-sm">
          {children}
        </ul>
      )}
    </section>
  );
}
