import { orErrorPage } from "~/lib/app-error.server";
import { localeFromPath } from "~/lib/locale";
import type { Route } from "./+types/ebooks";
import { getRequestViewer } from "~/modules/access/viewer.server";
import { bookmarksOf } from "~/modules/engagement/page-data.server";
import { EbookGrid } from "~/components/content/bookmarkable-cards";
import { listEbooksForViewer } from "~/modules/content/ebooks.server";
import { visitorCountry } from "~/modules/pricing/visitor-country.server";
import { withShownPrices } from "~/modules/pricing/shown-prices.server";
import { metaT, pageMeta } from "~/modules/site/meta";
import { useT } from "~/lib/i18n/use-t";
import { withImages } from "~/modules/storage/responsive-images.server";
import { IMAGE_SLOTS } from "~/modules/storage/responsive-image";
import { ebookCard } from "~/modules/content/card-data";
import { Pagination, pagedPath } from "~/components/content/pagination";
import { listQuery, listSearch, parseListParams, SearchFilter } from "~/components/content/search-filter";
import type { RouteFacts } from "~/lib/route-facts";

export const handle: RouteFacts = {
  islands: true,
  guestPage: true,
  guestQuery: ["q", "access", "page"],
  sharedRender: true,
};

export function loader({ request, context }: Route.LoaderArgs) {
  return orErrorPage(() => loadList(request, context), "EBOOKS_LOAD_FAILED");
}

async function loadList(request: Request, context: Route.LoaderArgs["context"]) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const [who, country] = await Promise.all([getRequestViewer(context), visitorCountry(request)]);
  const { viewer } = who;
  // Her language's ebooks first (the page's language, its address says it; ADR 048).
  const result = await listEbooksForViewer({ viewer, ...params, language: localeFromPath(url.pathname) });
  return {
    ...result,
    items: (
      await withShownPrices(country.code, await withImages(result.items, (e) => e.coverImageUrl, IMAGE_SLOTS.ebookCard))
    ).map((e) => ({ ...ebookCard(e), image: e.image })),
    ...listQuery(params),
    signedIn: viewer.user !== null,
    bookmarks: await bookmarksOf(who),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaT(matches);
  return pageMeta({
    title: t("ebooks.title"),
    description: t("ebooks.description"),
    path: pagedPath("/ebooks", loaderData?.page),
    // The card and its words (og-page-cards.server.ts; tests/unit/page-meta.test.ts keeps them equal), written out: the
    // card list stays on the server, not in a chunk of its own that the page would preload.
    image: "/og/page/ebooks.jpg",
    imageAlt: "Ebooks: Practical wellness ebooks for women. Nuru",
    matches,
  });
};

export default function Ebooks({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, q, access, signedIn, bookmarks } = loaderData;
  const search = listSearch(q, access);
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="font-serif text-3xl font-bold text-gray-900 sm:text-4xl">{t("ebooks.title")}</h1>
      <p className="mt-2 text-gray-700">{t("ebooks.intro")}</p>
      <div className="mt-6">
        <SearchFilter key={`${q}|${access}`} q={q} access={access} label={t("ebooks.search")} />
      </div>
      {items.length === 0 ? (
        <p className="mt-10 text-center text-gray-700">{t("ebooks.none")}</p>
      ) : (
        <EbookGrid
          leadsPage
          ebooks={items}
          className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4"
          signedIn={signedIn}
          bookmarks={bookmarks}
          headingLevel={2}
        />
      )}
      <Pagination page={page} pageSize={pageSize} total={total} search={search} />
    </div>
  );
}
