import type { Viewer } from "~/modules/access/policy";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";
import { listArticlesForViewer, type GatedArticle } from "~/modules/content/articles.server";
import { listEbooksForViewer, type GatedEbook } from "~/modules/content/ebooks.server";
import { listCategories, type CategoryView } from "~/modules/content/categories.server";
import { withShownPrices } from "~/modules/pricing/shown-prices.server";
import { periodLabel } from "~/modules/membership/plan-period";
import { lookupImages, withImage, type ImageLookup } from "~/modules/storage/responsive-images.server";
import { IMAGE_SLOTS } from "~/modules/storage/responsive-image";
import {
  articleCard,
  articleRow,
  ebookCard,
  HOME_ARTICLE_CARD_EXCERPT,
  HOME_EBOOK_CARD_DESCRIPTION,
} from "~/modules/content/card-data";
import { getActiveFeaturedAd, listPublishedHeroSlides, listPublishedTestimonials } from "./home.server";
import { ebooksOfAd, takeUnshown } from "./shown-once";
import { adIn, slideIn } from "./home-words";
import { listActivePlans } from "~/modules/membership/active-plans.server";

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

/**
 * How many of each the home page shows: with each item once, about six phone screens in all (issue 46); the rest
 * of each list is one tap away (its section links to the list).
 */
export const HOME_LIMITS = { mustReads: 3, featured: 3, latest: 4, favourites: 4, promos: 3 } as const;
/** Data saver's home page is the latest articles alone, as text rows: the spec's ten of them. */
export const DATA_SAVER_LATEST = 10;

/**
 * The home page for a viewer; prices are those of `countryCode` (the visitor country). Each section carries only
 * what the page draws: the data travels twice in the HTML, as markup and as hydration data (issue 14).
 * `latestAlone`: data saver's page, which shows the latest articles and no other section. `language`: the page's; each
 * list shows what is written in it first, then the rest (marked on their cards), as the lists do (issue 50).
 */
export async function loadHomePage(
  viewer: Viewer,
  q: string,
  countryCode: string,
  { latestAlone = false, language }: { latestAlone?: boolean; language?: Locale } = {},
) {
  const priced = <T extends { priceCents: number | null }>(items: T[]) => withShownPrices(countryCode, items);
  const L = HOME_LIMITS;
  // The slides' and the ad's words in the page's language (each one not written in Swahili shows its English).
  const words = language ?? DEFAULT_LOCALE;
  const latestRead = L.latest + (q ? 0 : L.mustReads + L.featured);
  // Each list is read long enough to fill its section with items the sections above it do not show.
  const [heroSlides, featuredAd, mustReads, promos, favourites, plans, testimonials, featured, categories, latest] =
    await Promise.all([
      section(listPublishedHeroSlides()),
      section(getActiveFeaturedAd()),
      section(listArticlesForViewer({ viewer, mustRead: true, pageSize: L.mustReads, language }).then((r) => r.items)),
      section(
        listEbooksForViewer({ viewer, access: "premium", pageSize: L.promos + 1, language }).then((r) =>
          priced(r.items),
        ),
      ),
      section(
        listEbooksForViewer({ viewer, pageSize: L.favourites + L.promos + 1, language }).then((r) => priced(r.items)),
      ),
      section(
        listActivePlans()
          .then(priced)
          .then((plans) =>
            plans.map((p) => ({
              id: p.id,
              name: p.name,
              badge: p.badge,
              periodText: periodLabel(p),
              // The facts the Swahili card says its period, name and features from (as the pricing page does).
              periodUnit: p.periodUnit,
              periodCount: p.periodCount,
              ebookLimit: p.ebookLimit,
              features: p.features,
              shownPrice: p.shownPrice ? { label: p.shownPrice.label } : null,
            })),
          ),
      ),
      section(listPublishedTestimonials()),
      section(
        listArticlesForViewer({ viewer, featured: true, pageSize: L.featured + L.mustReads, language }).then(
          (r) => r.items,
        ),
      ),
      section(
        listCategories(language).then((list) =>
          list.map((c) => ({
            id: c.id,
            name: c.name,
            // Only on a Swahili page whose category has no Swahili name yet: the tile then says it is English.
            ...(c.nameLang ? { nameLang: c.nameLang } : {}),
            slug: c.slug,
            icon: c.icon,
            themeColor: c.themeColor,
          })),
        ),
      ),
      section(
        listArticlesForViewer({ viewer, q, pageSize: latestAlone ? DATA_SAVER_LATEST : latestRead, language }).then(
          (r) => r.items,
        ),
      ),
    ]);
  // In page order, each article and ebook once. A search's results are what she asked for: all of them, even one a
  // section above shows; and data saver's page shows no section above.
  const ebooksShown = new Set(featuredAd.ok ? ebooksOfAd(featuredAd.data) : []);
  const articlesShown = new Set<string>();
  const onceMustReads = mapSection(mustReads, (list) => takeUnshown(list, articlesShown, L.mustReads));
  const oncePromos = mapSection(promos, (list) => takeUnshown(list, ebooksShown, L.promos));
  const onceFavourites = mapSection(favourites, (list) => takeUnshown(list, ebooksShown, L.favourites));
  const onceFeatured = mapSection(featured, (list) => takeUnshown(list, articlesShown, L.featured));
  const onceLatest = mapSection(latest, (list) =>
    q || latestAlone ? list : takeUnshown(list, articlesShown, L.latest),
  );
  // Every image of the page in one query: sizes and responsive copies for the slides, the ad and the cards.
  const data = <T>(s: Section<T[]>) => (s.ok ? s.data : []);
  const image = await lookupImages([
    ...data(heroSlides).map((h) => h.imageUrl),
    featuredAd.ok ? featuredAd.data?.coverImageUrl : null,
    ...[onceMustReads, onceFeatured, onceLatest].flatMap((s) => data(s).map((a) => a.imageUrl)),
    ...[onceFavourites, oncePromos].flatMap((s) => data(s).map((e) => e.coverImageUrl)),
  ]).catch((error: unknown): ImageLookup => {
    // Without it the images are still drawn, as plain <img> elements.
    console.error("Home images failed:", error);
    return () => null;
  });
  const articlesWithImages = (s: typeof onceMustReads) =>
    mapSection(s, (list) =>
      withImage(
        list.map((a) => articleCard(a, HOME_ARTICLE_CARD_EXCERPT, language)),
        image,
        (x) => x.imageUrl,
        IMAGE_SLOTS.articleCard,
      ),
    );
  // Featured reads and the latest are compact rows (a picture 112 px wide, no excerpt): a third of a card's height.
  const articleRowsWithImages = (s: typeof onceMustReads) =>
    mapSection(s, (list) =>
      withImage(
        list.map((a) => articleRow(a, language)),
        image,
        (x) => x.imageUrl,
        IMAGE_SLOTS.articleRow,
      ),
    );
  const ebooksWithImages = (s: typeof oncePromos) =>
    mapSection(s, (list) =>
      withImage(
        list.map((e) => ebookCard(e, HOME_EBOOK_CARD_DESCRIPTION)),
        image,
        (x) => x.coverImageUrl,
        IMAGE_SLOTS.ebookCard,
      ),
    );
  return {
    heroSlides: mapSection(heroSlides, (slides) =>
      withImage(
        // No id: the carousel keys its slides by position, and an id is 40 bytes of hydration data a slide.
        slides.map((h) => slideIn(h, words)),
        image,
        (h) => h.imageUrl,
        IMAGE_SLOTS.hero,
      ),
    ),
    featuredAd: mapSection(featuredAd, (ad) =>
      ad ? { ...adIn(ad, words), image: image(ad.coverImageUrl, IMAGE_SLOTS.adCover) } : ad,
    ),
    mustReads: articlesWithImages(onceMustReads),
    promos: ebooksWithImages(oncePromos),
    favourites: ebooksWithImages(onceFavourites),
    plans,
    testimonials,
    featured: articleRowsWithImages(onceFeatured),
    categories,
    latest: articleRowsWithImages(onceLatest),
  };
}

function mapSection<T, U>(section: Section<T>, map: (data: T) => U): Section<U> {
  return section.ok ? { ok: true, data: map(section.data) } : section;
}

export type HomePageData = Awaited<ReturnType<typeof loadHomePage>>;
export type { GatedArticle, GatedEbook, CategoryView };
