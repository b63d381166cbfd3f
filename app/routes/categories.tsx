import { Link } from "react-router";
import type { Route } from "./+types/categories";
import { listCategories } from "~/modules/content/categories.server";
import { localeFromPath } from "~/lib/locale";
import { metaT, pageMeta } from "~/modules/site/meta";
import { useLocalHref, useT } from "~/lib/i18n/use-t";
import { CategoryIcon } from "~/components/content/category-icon";
import type { RouteFacts } from "~/lib/route-facts";

export const handle: RouteFacts = { islands: true, guestPage: true, sharedRender: true };

export async function loader({ request }: Route.LoaderArgs) {
  // Each category's words in the page's language (ADR 048).
  return { categories: await listCategories(localeFromPath(new URL(request.url).pathname)) };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta({
    title: t("categories.title"),
    description: t("categories.description"),
    path: "/categories",
    // The card and its words (og-page-cards.server.ts; tests/unit/page-meta.test.ts keeps them equal), written out: the
    // card list stays on the server, not in a chunk of its own that the page would preload.
    image: "/og/page/categories.jpg",
    imageAlt: "Categories: Wellness topics for women. Nuru",
    matches,
  });
};

export default function Categories({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const localHref = useLocalHref();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="font-serif text-3xl font-bold text-gray-900 sm:text-4xl">{t("categories.title")}</h1>
      {loaderData.categories.length === 0 ? <p className="mt-6 text-gray-700">{t("categories.none")}</p> : null}
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.categories.map((c) => (
          <li key={c.id}>
            <Link
              to={localHref(`/category/${c.slug}`)}
              className="flex h-full gap-4 rounded-2xl border border-rose-100 bg-white p-5 shadow-sm hover:border-brand-500"
            >
              <CategoryIcon icon={c.icon} color={c.themeColor} />
              <span>
                <span className="block font-semibold text-gray-900" lang={c.nameLang}>
                  {c.name}
                </span>
                <span className="mt-1 block text-sm text-gray-700" lang={c.descriptionLang}>
                  {c.description}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
