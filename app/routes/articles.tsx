import { orErrorPage } from "~/lib/app-error.server";
import { localeFromPath } from "~/lib/locale";
import type { Route } from "./+types/articles";
import { getRequestViewer } from "~/modules/access/viewer.server";
import { bookmarksOf } from "~/modules/engagement/page-data.server";
import { ArticleGrid } from "~/components/content/bookmarkable-cards";
import { listArticlesForViewer } from "~/modules/content/articles.server";
import { metaT, pageMeta } from "~/modules/site/meta";
import { useT } from "~/lib/i18n/use-t";
import { withImages } from "~/modules/storage/responsive-images.server";
import { IMAGE_SLOTS } from "~/modules/storage/responsive-image";
import { articleCard } from "~/modules/content/card-data";
import { Pagination, pagedPath } from "~/components/content/pagination";
import { listQuery, listSearch, parseListParams, SearchFilter } from "~/components/content/search-filter";
import { noteSearch } from "~/modules/analytics/counter.server";
import type { RouteFacts } from "~/lib/route-facts";

export const handle: RouteFacts = {
  islands: true,
  guestPage: true,
  guestQuery: ["q", "access", "page"],
  countsViews: true,
  sharedRender: true,
};

export function loader({ request, context }: Route.LoaderArgs) {
  return orErrorPage(() => loadList(request, context), "ARTICLES_LOAD_FAILED");
}

async function loadList(request: Request, context: Route.LoaderArgs["context"]) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const who = await getRequestViewer(context);
  const { viewer } = who;
  // Her language's articles first, and category names in it (the page's language, its address says it; ADR 048).
  const language = localeFromPath(url.pathname);
  const result = await listArticlesForViewer({ viewer, ...params, language });
  // Searches are counted by their words alone (and whether they found anything), never with who searched.
  if (params.q && params.page === 1) noteSearch(params.q, result.total);
  return {
    ...result,
    items: await withImages(
      result.items.map((article) => articleCard(article, undefined, language)),
      (a) => a.imageUrl,
      IMAGE_SLOTS.articleCard,
    ),
    ...listQuery(params),
    signedIn: viewer.user !== null,
    bookmarks: await bookmarksOf(who),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaT(matches);
  return pageMeta({
    title: t("articles.title"),
    description: t("articles.description"),
    path: pagedPath("/articles", loaderData?.page),
    // The card and its words (og-page-cards.server.ts; tests/unit/page-meta.test.ts keeps them equal), written out: the
    // card list stays on the server, not in a chunk of its own that the page would preload.
    image: "/og/page/articles.jpg",
    imageAlt: "Articles: Wellness articles for women. Nuru",
    matches,
  });
};

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, q, access, signedIn, bookmarks } = loaderData;
  const search = listSearch(q, access);
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="font-serif text-3xl font-bold text-gray-900 sm:text-4xl">{t("articles.title")}</h1>
      <p className="mt-2 text-gray-700">{t("articles.intro")}</p>
      <div className="mt-6">
        <SearchFilter key={`${q}|${access}`} q={q} access={access} label={t("articles.search")} />
      </div>
      <p className="mt-4 text-sm text-gray-700" aria-live="polite">
        {q ? t("articles.countMatching", { count: total, q }) : t("articles.count", { count: total })}
      </p>
      {items.length === 0 ? (
        <p className="mt-10 text-center text-gray-700">{t("articles.none")}</p>
      ) : (
        <ArticleGrid
          leadsPage
          articles={items}
          className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          signedIn={signedIn}
          bookmarks={bookmarks}
          headingLevel={2}
        />
      )}
      <Pagination page={page} pageSize={pageSize} total={total} search={search} />
    </div>
  );
}
