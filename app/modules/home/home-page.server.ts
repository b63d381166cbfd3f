import type { Viewer } from "~/modules/access/policy";
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

export const HOME_LIMITS = { mustReads: 3, featured: 3, latest: 10, favourites: 4, promos: 3 } as const;

/**
 * The home page for a viewer; prices are those of `countryCode` (the visitor country). Each section carries only
 * what the page draws: the data travels twice in the HTML, as markup and as hydration data (issue 14).
 */
export async function loadHomePage(viewer: Viewer, q: string, countryCode: string) {
  const priced = <T extends { priceCents: number | null }>(items: T[]) => withShownPrices(countryCode, items);
  const [heroSlides, featuredAd, mustReads, favourites, promos, plans, testimonials, featured, categories, latest] =
    await Promise.all([
      section(listPublishedHeroSlides()),
      section(getActiveFeaturedAd()),
      section(listArticlesForViewer({ viewer, mustRead: true, pageSize: HOME_LIMITS.mustReads }).then((r) => r.items)),
      section(listEbooksForViewer({ viewer, pageSize: HOME_LIMITS.favourites }).then((r) => priced(r.items))),
      // Enough premium ebooks to fill the promotions with titles the favourites do not already show.
      section(
        listEbooksForViewer({ viewer, access: "premium", pageSize: HOME_LIMITS.promos + HOME_LIMITS.favourites }).then(
          (r) => priced(r.items),
        ),
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
              features: p.features,
              shownPrice: p.shownPrice ? { label: p.shownPrice.label } : null,
            })),
          ),
      ),
      section(listPublishedTestimonials()),
      section(listArticlesForViewer({ viewer, featured: true, pageSize: HOME_LIMITS.featured }).then((r) => r.items)),
      section(
        listCategories().then((list) =>
          list.map((c) => ({ id: c.id, name: c.name, slug: c.slug, icon: c.icon, themeColor: c.themeColor })),
        ),
      ),
      section(listArticlesForViewer({ viewer, q, pageSize: HOME_LIMITS.latest }).then((r) => r.items)),
    ]);
  // Every image of the page in one query: sizes and responsive copies for the slides, the ad and the cards.
  const data = <T>(s: Section<T[]>) => (s.ok ? s.data : []);
  const image = await lookupImages([
    ...data(heroSlides).map((h) => h.imageUrl),
    featuredAd.ok ? featuredAd.data?.coverImageUrl : null,
    ...[mustReads, featured, latest].flatMap((s) => data(s).map((a) => a.imageUrl)),
    ...[favourites, promos].flatMap((s) => data(s).map((e) => e.coverImageUrl)),
  ]).catch((error: unknown): ImageLookup => {
    // Without it the images are still drawn, as plain <img> elements.
    console.error("Home images failed:", error);
    return () => null;
  });
  // An article or ebook in several sections (the latest are often must-reads too) is one object: the hydration
  // data (turbo-stream) writes an object it has seen as a reference.
  const sameArticle = onePerId<ReturnType<typeof articleCard> & { image: unknown }>();
  const sameEbook = onePerId<ReturnType<typeof ebookCard> & { image: unknown }>();
  const articlesWithImages = (s: typeof mustReads) =>
    mapSection(s, (list) =>
      withImage(
        list.map((a) => articleCard(a, HOME_ARTICLE_CARD_EXCERPT)),
        image,
        (x) => x.imageUrl,
        IMAGE_SLOTS.articleCard,
      ).map((a) => sameArticle(a)),
    );
  const ebooksWithImages = (s: typeof promos) =>
    mapSection(s, (list) =>
      withImage(
        list.map((e) => ebookCard(e, HOME_EBOOK_CARD_DESCRIPTION)),
        image,
        (x) => x.coverImageUrl,
        IMAGE_SLOTS.ebookCard,
      ).map((e) => sameEbook(e)),
    );
  return {
    heroSlides: mapSection(heroSlides, (slides) =>
      withImage(
        // No id: the carousel keys its slides by position, and an id is 40 bytes of hydration data a slide.
        slides.map((h) => ({
          title: h.title,
          subtitle: h.subtitle,
          imageUrl: h.imageUrl,
          primaryButtonText: h.primaryButtonText,
          primaryButtonLink: h.primaryButtonLink,
          secondaryButtonText: h.secondaryButtonText,
          secondaryButtonLink: h.secondaryButtonLink,
        })),
        image,
        (h) => h.imageUrl,
        IMAGE_SLOTS.hero,
      ),
    ),
    featuredAd: mapSection(featuredAd, (ad) =>
      ad
        ? {
            coverImageUrl: ad.coverImageUrl,
            headline: ad.headline,
            subtext: ad.subtext,
            primaryButtonText: ad.primaryButtonText,
            primaryButtonLink: ad.primaryButtonLink,
            secondaryButtonText: ad.secondaryButtonText,
            secondaryButtonLink: ad.secondaryButtonLink,
            image: image(ad.coverImageUrl, IMAGE_SLOTS.adCover),
          }
        : ad,
    ),
    mustReads: articlesWithImages(mustReads),
    favourites: ebooksWithImages(favourites),
    promos: ebooksWithImages(mapSection(promos, (list) => otherThan(favourites, list, HOME_LIMITS.promos))),
    plans,
    testimonials,
    featured: articlesWithImages(featured),
    categories,
    latest: mapSection(latest, (list) =>
      withImage(
        list.map((a) => articleRow(a)),
        image,
        (x) => x.imageUrl,
        IMAGE_SLOTS.articleRow,
      ),
    ),
  };
}

/**
 * `limit` items of `list`, those not in `shown` first: the promotions repeat a favourite only when the catalogue
 * has too few other premium ebooks to fill them (issue 29: the same ebooks in two sections).
 */
export function otherThan<T extends { id: string }>(shown: Section<{ id: string }[]>, list: T[], limit: number): T[] {
  const taken = new Set(shown.ok ? shown.data.map((item) => item.id) : []);
  const fresh = list.filter((item) => !taken.has(item.id));
  return [...fresh, ...list.filter((item) => taken.has(item.id))].slice(0, limit);
}

/** Maps each item to the first item seen with its id. */
function onePerId<T extends { id: string }>() {
  const seen = new Map<string, T>();
  return <U extends T>(item: U): U => {
    const first = seen.get(item.id);
    if (first) return first as U;
    seen.set(item.id, item);
    return item;
  };
}

function mapSection<T, U>(section: Section<T>, map: (data: T) => U): Section<U> {
  return section.ok ? { ok: true, data: map(section.data) } : section;
}

export type HomePageData = Awaited<ReturnType<typeof loadHomePage>>;
export type { GatedArticle, GatedEbook, CategoryView };
