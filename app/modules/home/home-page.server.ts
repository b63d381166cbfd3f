import type { Viewer } from "~/modules/access/policy";
import { listArticlesForViewer, type GatedArticle } from "~/modules/content/articles.server";
import { listEbooksForViewer, type GatedEbook } from "~/modules/content/ebooks.server";
import { listCategories, type CategoryView } from "~/modules/content/categories.server";
import { withShownPrices } from "~/modules/commerce/shown-prices.server";
import {
  getActiveFeaturedAd,
  listActivePlans,
  listPublishedHeroSlides,
  listPublishedTestimonials,
} from "./home.server";

/** A home section: its data, or the message of the error that stopped it (the rest of the page still works). */
export type Section<T> = { ok: true; data: T } | { ok: false; error: string };

async function section<T>(work: Promise<T>): Promise<Section<T>> {
  try {
    return { ok: true, data: await work };
  } catch (error) {
    console.error("Home section failed:", error);
    return { ok: false, error: "the service did not answer" };
  }
}

export const HOME_LIMITS = { mustReads: 3, featured: 3, latest: 10, favourites: 4, promos: 3 } as const;

/** The home page for a viewer; prices are those of `countryCode` (the visitor country). */
export async function loadHomePage(viewer: Viewer, q: string, countryCode: string) {
  const priced = <T extends { priceCents: number | null }>(items: T[]) => withShownPrices(countryCode, items);
  const [heroSlides, featuredAd, mustReads, favourites, promos, plans, testimonials, featured, categories, latest] =
    await Promise.all([
      section(listPublishedHeroSlides()),
      section(getActiveFeaturedAd()),
      section(listArticlesForViewer({ viewer, mustRead: true, pageSize: HOME_LIMITS.mustReads }).then((r) => r.items)),
      section(listEbooksForViewer({ viewer, pageSize: HOME_LIMITS.favourites }).then((r) => priced(r.items))),
      section(
        listEbooksForViewer({ viewer, access: "premium", pageSize: HOME_LIMITS.promos }).then((r) => priced(r.items)),
      ),
      section(listActivePlans().then(priced)),
      section(listPublishedTestimonials()),
      section(listArticlesForViewer({ viewer, featured: true, pageSize: HOME_LIMITS.featured }).then((r) => r.items)),
      section(listCategories()),
      section(listArticlesForViewer({ viewer, q, pageSize: HOME_LIMITS.latest }).then((r) => r.items)),
    ]);
  return { heroSlides, featuredAd, mustReads, favourites, promos, plans, testimonials, featured, categories, latest };
}

export type HomePageData = Awaited<ReturnType<typeof loadHomePage>>;
export type { GatedArticle, GatedEbook, CategoryView };
