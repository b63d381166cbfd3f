import { Link, redirect } from "react-router";
import { localeFromPath, localeHref } from "~/lib/locale";
import { appErrorResponse } from "~/lib/app-error.server";
import { ArrowLeft } from "~/components/ui/icons";
import type { Route } from "./+types/category";
import { getRequestViewer } from "~/modules/access/viewer.server";
import { bookmarksOf } from "~/modules/engagement/page-data.server";
import { ArticleGrid } from "~/components/content/bookmarkable-cards";
import { getCategoryBySlug, movedCategorySlug } from "~/modules/content/categories.server";
import { listArticlesForViewer } from "~/modules/content/articles.server";
import { metaT, pageMeta } from "~/modules/site/meta";
import { useLocalHref, useT } from "~/lib/i18n/use-t";
import { withImages } from "~/modules/storage/responsive-images.server";
import { IMAGE_SLOTS } from "~/modules/storage/responsive-image";
import { articleCard } from "~/modules/content/card-data";
import { CategoryIcon } from "~/components/content/category-icon";
import { Pagination, pagedPath } from "~/components/content/pagination";
import { noteContentView } from "~/modules/analytics/counter.server";
import type { RouteFacts } from "~/lib/route-facts";

export const handle: RouteFacts = {
  islands: true,
  guestPage: true,
  guestQuery: ["page"],
  countsViews: true,
  sharedRender: true,
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // The page's language (its address says it; ADR 048): the category's words and her language's articles first.
  const language = localeFromPath(new URL(request.url).pathname);
  const category = await getCategoryBySlug(params.slug, language);
  if (!category) {
    // CASE: the category was renamed. Its old address (shared on WhatsApp, found in search results) moves for good,
    // query kept. Not stored by the guest page cache (only 200s are) and sent `private, no-store` (the default), so a
    // later rename back cannot meet a remembered redirect and loop.
    const moved = await movedCategorySlug(params.slug);
    // In the language she asked in: an old Swahili address moves to the Swahili one.
    if (moved) throw redirect(localeHref(`/category/${moved}${new URL(request.url).search}`, language), 301);
    throw appErrorResponse("CATEGORY_NOT_FOUND");
  }
  noteContentView("category", category.id);
  const who = await getRequestViewer(context);
  const { viewer } = who;
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1);
  const result = await listArticlesForViewer({ viewer, categoryId: category.id, page, language });
  const items = await withImages(
    result.items.map((article) => articleCard(article, undefined, language)),
    (a) => a.imageUrl,
    IMAGE_SLOTS.articleCard,
  );
  return { category, ...result, items, signedIn: viewer.user !== null, bookmarks: await bookmarksOf(who) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const t = metaT(matches);
  return loaderData
    ? pageMeta({
        title: loaderData.category.name,
        description: loaderData.category.description ?? t("category.description", { name: loaderData.category.name }),
        path: pagedPath(`/category/${params.slug}`, loaderData.page),
        image: `/og/category/${loaderData.category.slug}.jpg`,
        matches,
      })
    : [{ title: "Category not found | Nuru" }];
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, items, total, page, pageSize, signedIn, bookmarks } = loaderData;
  const t = useT();
  const localHref = useLocalHref();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <Link
        to={localHref("/categories")}
        className="inline-flex items-center gap-1 py-2 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {t("category.back")}
      </Link>
      <div className="mt-2 flex items-center gap-4">
        <CategoryIcon icon={category.icon} color={category.themeColor} />
        <h1 className="font-serif text-3xl font-bold text-gray-900" lang={category.nameLang}>
          {category.name}
        </h1>
      </div>
      {category.description ? (
        <p className="mt-3 max-w-2xl text-gray-700" lang={category.descriptionLang}>
          {category.description}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-10 text-center text-gray-700">{t("category.none")}</p>
      ) : (
        <ArticleGrid
          leadsPage
          articles={items}
          className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          signedIn={signedIn}
          bookmarks={bookmarks}
          headingLevel={2}
        />
      )}
      <Pagination page={page} pageSize={pageSize} total={total} search={new URLSearchParams()} />
    </div>
  );
}
