import { Form, Link } from "react-router";
import type { Route } from "./+types/home";
import { getRequestViewer } from "~/modules/access/viewer.server";
import { bookmarksOf } from "~/modules/engagement/page-data.server";
import { ArticleGrid, ArticleRows, EbookGrid } from "~/components/content/bookmarkable-cards";
import { loadHomePage, type Section } from "~/modules/home/home-page.server";
import { metaT, originFrom, pageMeta } from "~/modules/site/meta";
import { useLocalHref, useLocale, useT } from "~/lib/i18n/use-t";
import type { Translate } from "~/lib/i18n/i18n";
import { badgeWords, featureWords, perPeriodWords, planNameWords } from "~/components/commerce/plan-words";
import { langOf } from "~/modules/home/home-words";
import { visitorCountry } from "~/modules/pricing/visitor-country.server";
import { HeroSlider } from "~/components/home/hero-slider";
import { useContentRefresh } from "~/components/home/use-content-refresh";
import { CategoryIcon } from "~/components/content/category-icon";
import { ResponsiveImage } from "~/components/responsive-image";
import { useDataSaver } from "~/components/data-saver";
import { StaticHtml, type ServerOnly } from "~/components/static-html";
import { PageLink } from "~/components/ui/page-link";
import { renderOnce } from "~/lib/document-render.server";
import type { RouteFacts } from "~/lib/route-facts";
import { isDataSaverRequest } from "~/lib/data-saver";
import { homeJsonLd, jsonLdScript } from "~/modules/site/structured-data";
import { localeFromPath } from "~/lib/locale";

export const handle: RouteFacts = { islands: true, guestPage: true, guestQuery: ["q"], sharedRender: true };

/** Sections with nothing of a reader's own (links, text and images): rendered once for everyone (ADR 022). */
const RENDERED_ONCE = ["featuredAd", "plans", "testimonials", "categories"] as const;
/**
 * Card sections too for a guest: her cards are links, text and images, so their data is not sent a second time
 * for hydration. Signed-in readers' cards carry bookmark buttons.
 */
const RENDERED_ONCE_FOR_GUESTS = [...RENDERED_ONCE, "mustReads", "promos", "favourites", "featured", "latest"] as const;

function renderedOnce<S extends object, K extends keyof S & string>(sections: S, keys: readonly K[]) {
  const kept: Partial<Record<keyof S, unknown>> = { ...sections };
  for (const key of keys) kept[key] = renderOnce(`home.${key}`, sections[key]);
  return kept as Omit<S, K> & { [P in K]: S[P] | ServerOnly };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const [who, country] = await Promise.all([getRequestViewer(context), visitorCountry(request)]);
  const { viewer } = who;
  // Her language's articles and ebooks first in every list (the page's language, its address says it; ADR 048).
  const sections = await loadHomePage(viewer, q, country.code, {
    latestAlone: isDataSaverRequest(request),
    language: localeFromPath(url.pathname),
  });
  const signedIn = viewer.user !== null;
  return {
    sections: renderedOnce<typeof sections, (typeof RENDERED_ONCE_FOR_GUESTS)[number]>(
      sections,
      signedIn ? RENDERED_ONCE : RENDERED_ONCE_FOR_GUESTS,
    ),
    q,
    signedIn,
    bookmarks: await bookmarksOf(who),
    path: url.pathname,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = metaT(matches);
  return pageMeta({
    title: "Nuru",
    description: t("home.description"),
    path: loaderData?.path.endsWith("/home") ? "/home" : "/",
    // The card and its words (og-page-cards.server.ts; tests/unit/page-meta.test.ts keeps them equal), written out: the
    // card list stays on the server, not in a chunk of its own that the page would preload.
    image: "/og/home.jpg",
    imageAlt: "Read free or join: Wellness articles and ebooks for women. Nuru",
    matches,
  });
};

function SectionShell({
  id,
  title,
  children,
  more,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  /** The whole list this section shows the start of: one tap away (issue 46: the home page shows a few of each). */
  more?: { to: string; label: string };
}) {
  const localHref = useLocalHref();
  return (
    // Not a named region: ten landmarks on one page are noise to a screen reader, which moves by the headings.
    <section id={id} className="section">
      <div className="section-head">
        <h2 className="section-title">{title}</h2>
        {more ? (
          <PageLink to={localHref(more.to)} className="more">
            {more.label}
          </PageLink>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function SectionBody<T>({
  section,
  empty,
  isEmpty,
  errorPrefix,
  children,
}: {
  section: Section<T> | ServerOnly;
  empty: string;
  isEmpty: (d: T) => boolean;
  errorPrefix: string;
  children: (d: T) => React.ReactNode;
}) {
  return (
    <StaticHtml value={section}>
      {(s) =>
        !s.ok ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
            {errorPrefix}
            {s.error}
          </p>
        ) : isEmpty(s.data) ? (
          <p className="text-gray-700">{empty}</p>
        ) : (
          children(s.data)
        )
      }
    </StaticHtml>
  );
}

type FeaturedAdData = NonNullable<
  Extract<Awaited<ReturnType<typeof loadHomePage>>["featuredAd"], { ok: true }>["data"]
>;

function FeaturedAd({ ad }: { ad: FeaturedAdData }) {
  const t = useT();
  return (
    <section className="ad">
      <div className="ad-box">
        {ad.coverImageUrl ? (
          <ResponsiveImage
            image={ad.image}
            src={ad.coverImageUrl}
            alt=""
            width={400}
            height={600}
            sizes="(min-width: 640px) 176px, 128px"
            byDensity
            className="ad-img"
          />
        ) : null}
        <div>
          <p className="ad-kicker">{t("home.featuredEbook")}</p>
          <h2 className="ad-title" lang={langOf(ad, "headline")}>
            {ad.headline}
          </h2>
          {ad.subtext ? (
            <p className="ad-sub" lang={langOf(ad, "subtext")}>
              {ad.subtext}
            </p>
          ) : null}
          <div className="ad-acts">
            {ad.primaryButtonText && ad.primaryButtonLink ? (
              <Link to={ad.primaryButtonLink} className="btn ad-btn" lang={langOf(ad, "primaryButtonText")}>
                {ad.primaryButtonText}
              </Link>
            ) : null}
            {ad.secondaryButtonText && ad.secondaryButtonLink ? (
              <Link to={ad.secondaryButtonLink} className="btn-line" lang={langOf(ad, "secondaryButtonText")}>
                {ad.secondaryButtonText}
              </Link>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}

type PlanCardData = Extract<Awaited<ReturnType<typeof loadHomePage>>["plans"], { ok: true }>["data"][number];

/** A plan card's words on a Swahili page, as /sw/pricing says them (components/commerce/plan-words.tsx). */
function swahiliPlanWords(translate: Translate, p: PlanCardData) {
  return {
    name: planNameWords(translate, true, p.name, p),
    badge: p.badge ? badgeWords(translate, true, p.badge) : null,
    term: perPeriodWords(translate, p),
    features: featureWords(translate, p),
  };
}

/**
 * A plan of the home page's teaser: on a Swahili page its pass name, badge, period and features in the pricing page's
 * words; on an English page as the admin wrote them. Only the server renders a Swahili page (ADR 045), so the
 * browser's build holds no Swahili words and passes no translator around (its calls of t are inlined at build
 * time, scripts/po-catalogues.mjs).
 */
function PlanCard({ plan: p }: { plan: PlanCardData }) {
  const t = useT();
  const localHref = useLocalHref();
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders Swahili
  const sw = import.meta.env.SSR && useLocale() === "sw" ? swahiliPlanWords(useT(), p) : null;
  const name = sw?.name ?? p.name;
  const badge = sw ? sw.badge : p.badge;
  return (
    <li className="plan">
      {badge ? <span className="plan-badge">{badge}</span> : null}
      <h3>{name}</h3>
      <p className="plan-price">{p.shownPrice?.label}</p>
      <p className="plan-term">{sw?.term ?? `for ${p.periodText}`}</p>
      <ul>
        {(sw?.features ?? p.features).map((f) => (
          <li key={f}>{`✓ ${f}`}</li>
        ))}
      </ul>
      <Link to={localHref("/pricing")} discover="none" className="btn plan-btn">
        {t("home.choosePlan", { plan: name })}
      </Link>
    </li>
  );
}

/** The latest articles with their search: the last section of the home page, and all of it in data saver. */
function LatestArticles({
  sections: s,
  q,
  signedIn,
  bookmarks,
}: Pick<Route.ComponentProps["loaderData"], "sections" | "q" | "signedIn" | "bookmarks">) {
  const isEmpty = (d: unknown[]) => d.length === 0;
  const t = useT();
  return (
    <SectionShell
      id="latest"
      title={t("home.latest")}
      more={{ to: q ? `/articles?q=${encodeURIComponent(q)}` : "/articles", label: t("home.allArticles") }}
    >
      <Form method="get" action="#latest" role="search" className="mb-6 flex gap-2">
        <label htmlFor="home-search" className="sr-only">
          {t("home.searchLatest")}
        </label>
        <input
          id="home-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder={t("home.searchLatest")}
          className="flex-1 rounded-full border border-gray-300 px-4 py-2.5"
        />
        <button type="submit" className="btn px-5 py-2.5 text-base">
          {t("list.search")}
        </button>
      </Form>
      <SectionBody
        section={s.latest}
        isEmpty={isEmpty}
        empty={t("articles.none")}
        errorPrefix={t("home.errorArticles")}
      >
        {(items) => <ArticleRows articles={items} signedIn={signedIn} bookmarks={bookmarks} />}
      </SectionBody>
    </SectionShell>
  );
}

/**
 * Data saver's home page (issue 32): the latest articles as text rows and the ways on; no slides, covers or
 * sections of pictures. The same words and links, a fraction of the bytes.
 */
function DataSaverHome(props: Pick<Route.ComponentProps["loaderData"], "sections" | "q" | "signedIn" | "bookmarks">) {
  const t = useT();
  const localHref = useLocalHref();
  return (
    <div>
      <div className="mx-auto max-w-6xl px-4 pt-8">
        <h1 className="font-serif text-3xl font-bold text-gray-900">{t("home.heading")}</h1>
        <p className="mt-2 text-gray-700">
          {t("home.dataSaverNote")}{" "}
          <Link to={localHref("/articles")} className="font-semibold text-brand-700 underline">
            {t("home.allArticles")}
          </Link>
          {" · "}
          <Link to={localHref("/ebooks")} className="font-semibold text-brand-700 underline">
            {t("nav.ebooks")}
          </Link>
          {" · "}
          <Link to={localHref("/pricing")} className="font-semibold text-brand-700 underline">
            {t("home.plansLink")}
          </Link>
        </p>
      </div>
      <LatestArticles {...props} />
    </div>
  );
}

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { sections: s, q, signedIn, bookmarks } = loaderData;
  useContentRefresh();
  const dataSaver = useDataSaver();
  const t = useT();
  const localHref = useLocalHref();
  const isEmpty = (d: unknown[]) => d.length === 0;
  // WebSite (with its search) and Organization for search engines (issue 46), written by the server only: the client
  // build drops this branch (import.meta.env.SSR is false there) and with it homeJsonLd, so the home chunk does not
  // grow; hydration keeps the server's text (React does not rewrite a hydrated element's inner HTML, and the warning
  // is suppressed). Not on a data-saver page: it has a byte budget and crawlers do not ask for data saving. Data, not
  // a script: the CSP does not run it, so it needs no nonce (as on article pages).
  if (import.meta.env.SSR && dataSaver)
    return <DataSaverHome sections={s} q={q} signedIn={signedIn} bookmarks={bookmarks} />;
  const structuredData = (
    <script
      type="application/ld+json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{
        __html: import.meta.env.SSR ? jsonLdScript(homeJsonLd(originFrom(matches))) : "",
      }}
    />
  );
  return (
    // data-live-refresh: an islands page's script follows an admin's changes here (useContentRefresh's part, ADR 045).
    <div data-live-refresh="">
      {structuredData}
      {s.heroSlides.ok && s.heroSlides.data.length ? (
        // The page's one h1 sits over the slides, outside them: a hidden slide hides its own heading, and the
        // carousel hides the first one after 5 s (issue 46: axe page-has-heading-one).
        <div className="relative">
          <h1 className="hero-h1">
            <span>{t("home.heading")}</span>
          </h1>
          <HeroSlider slides={s.heroSlides.data} />
        </div>
      ) : (
        <div className="bg-rose-50 px-4 py-16 text-center">
          <h1 className="font-serif text-4xl font-bold text-gray-900">{t("home.heading")}</h1>
        </div>
      )}

      {/* Always there, even with no ad: an islands page's live refresh replaces it by its id (ADR 045). */}
      <div id="featured-ad">
        <StaticHtml value={s.featuredAd}>{(ad) => (ad.ok && ad.data ? <FeaturedAd ad={ad.data} /> : null)}</StaticHtml>
      </div>

      <SectionShell
        id="must-reads"
        title={t("home.mustReads")}
        more={{ to: "/articles", label: t("home.allArticles") }}
      >
        <SectionBody
          section={s.mustReads}
          isEmpty={isEmpty}
          empty={t("home.noMustReads")}
          errorPrefix={t("home.errorArticles")}
        >
          {(items) => (
            <ArticleGrid
              articles={items}
              className="strip strip-3"
              testId="must-reads"
              signedIn={signedIn}
              bookmarks={bookmarks}
            />
          )}
        </SectionBody>
      </SectionShell>

      <SectionShell
        id="promos"
        title={t("home.promos")}
        more={{ to: "/ebooks?access=premium", label: t("home.moreEbooks") }}
      >
        <SectionBody
          section={s.promos}
          isEmpty={isEmpty}
          empty={t("home.noPromos")}
          errorPrefix={t("home.errorEbooks")}
        >
          {(items) => (
            <EbookGrid ebooks={items} className="strip strip-books strip-4" signedIn={signedIn} bookmarks={bookmarks} />
          )}
        </SectionBody>
      </SectionShell>

      <SectionShell id="shop" title={t("home.favourites")} more={{ to: "/ebooks", label: t("home.visitShop") }}>
        <SectionBody
          section={s.favourites}
          isEmpty={isEmpty}
          empty={t("home.noFavourites")}
          errorPrefix={t("home.errorEbooks")}
        >
          {(items) => (
            <EbookGrid ebooks={items} className="strip strip-books strip-4" signedIn={signedIn} bookmarks={bookmarks} />
          )}
        </SectionBody>
      </SectionShell>

      <SectionShell id="subscription-cta" title={t("home.plans")} more={{ to: "/pricing", label: t("home.seePrices") }}>
        {/* The spec's compact pricing banner, as the plans' opening line. */}
        <p className="-mt-2 mb-4 text-gray-700">{t("home.plansLine")}</p>
        <SectionBody section={s.plans} isEmpty={isEmpty} empty={t("home.noPlans")} errorPrefix={t("home.errorPlans")}>
          {(plans) => (
            <ul className="strip strip-plans">
              {plans.map((p) => (
                <PlanCard key={p.id} plan={p} />
              ))}
            </ul>
          )}
        </SectionBody>
      </SectionShell>

      <SectionShell id="testimonials" title={t("home.testimonials")}>
        <SectionBody
          section={s.testimonials}
          isEmpty={isEmpty}
          empty={t("home.noTestimonials")}
          errorPrefix={t("home.errorTestimonials")}
        >
          {(items) => (
            // Focusable: a row that scrolls sideways with no link in it is reached by the keyboard this way.
            <ul className="strip strip-3 strip-quotes" tabIndex={0} aria-label={t("home.readersWords")}>
              {items.map((quote) => (
                <li key={quote.id}>
                  <figure className="quote">
                    <p
                      role="img"
                      className="stars"
                      style={{ "--stars": quote.rating } as React.CSSProperties}
                      aria-label={t("home.stars", { rating: String(quote.rating) })}
                    />
                    <blockquote>{`“${quote.content}”`}</blockquote>
                    <figcaption className="quote-by">
                      {quote.avatarUrl ? (
                        <img
                          src={quote.avatarUrl}
                          alt=""
                          width="40"
                          height="40"
                          loading="lazy"
                          className="h-10 w-10 rounded-full object-cover"
                        />
                      ) : null}
                      <span>
                        {quote.name}
                        {quote.role ? <span>{`, ${quote.role}`}</span> : null}
                      </span>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          )}
        </SectionBody>
      </SectionShell>

      <SectionShell id="featured" title={t("home.featured")}>
        <SectionBody
          section={s.featured}
          isEmpty={isEmpty}
          empty={t("home.noFeatured")}
          errorPrefix={t("home.errorArticles")}
        >
          {(items) => <ArticleRows articles={items} signedIn={signedIn} bookmarks={bookmarks} />}
        </SectionBody>
      </SectionShell>

      <SectionShell id="categories" title={t("home.topics")} more={{ to: "/categories", label: t("home.allTopics") }}>
        <SectionBody
          section={s.categories}
          isEmpty={isEmpty}
          empty={t("categories.none")}
          errorPrefix={t("home.errorCategories")}
        >
          {(items) => (
            <ul className="strip strip-topics">
              {items.map((c) => (
                <li key={c.id}>
                  <Link to={localHref(`/category/${c.slug}`)} className="tile">
                    <CategoryIcon icon={c.icon} color={c.themeColor} />
                    <span className="tile-name" lang={c.nameLang}>
                      {c.name}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </SectionBody>
      </SectionShell>

      <SectionShell id="follow" title={t("home.follow")}>
        {/* A plain GET form (no script, nothing personal: guest pages are cached, ADR 016); she chooses categories
            and sees the consent wording on /newsletter. Written out here rather than shared: a shared module would
            be one more script chunk on the home page. */}
        <form method="get" action={localHref("/newsletter")} className="flex gap-2">
          <input type="hidden" name="from" value="home" />
          <input
            type="email"
            name="email"
            required
            aria-label={t("home.emailLabel")}
            placeholder={t("home.emailPlaceholder")}
            className="min-h-11 min-w-0 flex-1 rounded-md border px-3"
          />
          <button className="btn px-5">{t("home.followButton")}</button>
        </form>
      </SectionShell>

      <LatestArticles sections={s} q={q} signedIn={signedIn} bookmarks={bookmarks} />
    </div>
  );
}
