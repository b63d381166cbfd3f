import { lazy, Suspense } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { appErrorResponse } from "~/lib/app-error.server";
import { ArrowLeft, Lock } from "~/components/ui/icons";
import type { Route } from "./+types/article";
import { getRequestViewer } from "~/modules/access/viewer.server";
import { getArticleForViewer, getArticleTranslation } from "~/modules/content/articles.server";
import { articleBodyBlocks, bodyImageUrls, withResponsiveImages } from "~/modules/content/article-html.server";
import { lookupImages } from "~/modules/storage/responsive-images.server";
import { ResponsiveImage } from "~/components/responsive-image";
import { useDataSaver } from "~/components/data-saver";
import { ARTICLE_COLUMN_SIZES } from "~/modules/storage/responsive-image";
import { pageMeta } from "~/modules/site/meta";
import { formatDate } from "~/lib/format";
import { AccessBadge } from "~/components/content/access-badge";
import { ArticleBody } from "~/components/content/article-body";
import { StaticHtml } from "~/components/static-html";
import { renderOnce } from "~/lib/document-render.server";
import { bookmarksOf, engagementFor } from "~/modules/engagement/page-data.server";
import { BookmarkButton } from "~/components/engagement/bookmark-button";
import { ReviewsBlock } from "~/components/engagement/reviews-block";
import { CommentsBlock } from "~/components/engagement/comments-block";
import { articleJsonLd, jsonLdScript } from "~/modules/site/structured-data";
import { getEnv } from "~/lib/env.server";
import { loadOrReturnToList } from "~/modules/site/flash.server";
import { ShareLinks } from "~/components/content/share-links";
import type { loader as rootLoader } from "~/root";
import { noteContentView } from "~/modules/analytics/counter.server";
import type { RouteFacts } from "~/lib/route-facts";
import { paywallOffers } from "~/modules/membership/membership.server";
import { PlanPeriodText, PlanTitle } from "~/components/commerce/plan-words";
import { priceCountries } from "~/modules/pricing/visitor-country.server";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import { useLocalHref, useLocale, useT } from "~/lib/i18n/use-t";
import { langIfOther, localeHref } from "~/lib/locale";
import { categoryChip } from "~/modules/content/category-words";
import { textParts } from "~/lib/i18n/parts";
import { metaT } from "~/modules/site/meta";
import { articleTranslationFacts } from "~/lib/page-alternates";
import { TranslationLine } from "~/components/content/translation-line";
import { SaveForOfflineIsland } from "~/components/offline/save-for-offline-island";
import articleScript from "~/islands/article-page.ts?worker&url";

// An islands page (ADR 045): rendered by the server, with the reader pages' script and the article's own small one.
export const handle: RouteFacts = { islands: true, guestPage: true, countsViews: true, sharedRender: true };

// Only a signed-in reader who may read the article in full gets the Save for offline button: its code loads then.
const SaveForOffline = lazy(() =>
  import("~/components/offline/save-for-offline").then((m) => ({ default: m.SaveForOffline })),
);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const page = await loadOrReturnToList(
    () => loadArticlePage(context, params.id, request),
    "/articles",
    "Failed to load article",
  );
  if (!page) throw appErrorResponse("ARTICLE_NOT_FOUND");
  return page;
}

async function loadArticlePage(context: Route.LoaderArgs["context"], id: string, request: Request) {
  const who = await getRequestViewer(context);
  const { viewer } = who;
  const article = await getArticleForViewer({ id, viewer });
  if (!article) return null;
  // Counted when the page is served (a guest's from the page cache too); the paywall when the body is locked.
  noteContentView("article", article.id, { paywall: article.access !== "full" });
  // The page gets the body ready to render, never the stored source.
  const blocks = article.access === "full" ? articleBodyBlocks(article) : null;
  const [engagement, bookmarks, image, offers, translation] = await Promise.all([
    engagementFor("article", article.id),
    bookmarksOf(who),
    // The cover and the body's images in one query.
    lookupImages([article.imageUrl, ...(blocks ? bodyImageUrls(blocks) : [])]),
    // A locked article says what reading it now costs, in the visitor's regional prices (the guest page cache keeps
    // one copy per country, ADR 016).
    blocks ? [] : priceCountries(request).then(({ shown }) => paywallOffers(shown.code)),
    // The same article in the other language (issue 50, ADR 048): a line links to it, and the alternates name it.
    getArticleTranslation(article.id),
  ]);
  const origin = getEnv().PUBLIC_URL;
  const body = blocks ? withResponsiveImages(blocks, image) : null;
  const jsonLd = jsonLdScript(articleJsonLd({ article, url: `${origin}/article/${article.id}`, origin }));
  return {
    article: { ...article, content: null, richContent: null, videoUrl: null, image: image(article.imageUrl) },
    // Text and images need no JavaScript: on a first load the body is in the HTML only (ADR 022). A video player does.
    body: body?.some((b) => b.type === "video" && b.embedUrl) ? body : body && renderOnce("article.body", body),
    signedIn: viewer.user !== null,
    engagement,
    bookmarked: bookmarks.articles.includes(article.id),
    jsonLd,
    offers,
    ...(translation ? articleTranslationFacts(article.id, translation) : {}),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  if (!loaderData) return [{ title: t("article.notFoundTitle") }];
  const { article } = loaderData;
  return [
    ...pageMeta({
      title: article.title,
      description: article.metaDescription ?? article.excerpt,
      path: `/article/${article.id}`,
      image: `/og/article/${article.id}.jpg`,
      type: "article",
      matches,
    }),
    // Search results may show the article's picture large (issue 46).
    { name: "robots", content: "max-image-preview:large" },
  ];
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, body, signedIn, engagement, bookmarked, jsonLd, offers, translation } = loaderData;
  const dataSaver = useDataSaver();
  const owner = useRouteLoaderData<typeof rootLoader>("root")?.user?.offlineKey;
  const nonce = useNonce();
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const t = useT();
  const localHref = useLocalHref();
  const locale = useLocale();
  // Saved in the page's language, under its address: offline she opens the copy of the page she saved (issue 50).
  const saveTarget = {
    kind: "article",
    id: article.id,
    readUrl: localeHref(`/article/${article.id}`, locale),
    copyUrl: localeHref(`/library/offline/article/${article.id}`, locale),
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to={localHref("/articles")}
        className="inline-flex items-center gap-1 py-2 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {` ${t("article.back")}`}
      </Link>
      {/* Written in another language than the page's: said so, for screen readers and translators (ADR 048). */}
      <article className="mt-2" lang={langIfOther(article.language, locale)}>
        <div className="flex flex-wrap items-center gap-2">
          {article.categories.map((c) => {
            // In the page's language where it has the words; marked where that differs from the article's own.
            const chip = categoryChip(c, locale);
            return (
              <Link
                key={c.id}
                to={localHref(`/category/${c.slug}`)}
                lang={langIfOther(chip.lang ?? locale, article.language === "sw" ? "sw" : "en")}
                className="rounded-full bg-rose-50 px-2.5 py-0.5 text-xs font-medium text-brand-700 hover:bg-rose-100"
              >
                {chip.name}
              </Link>
            );
          })}
          <AccessBadge accessType={article.accessType} />
        </div>
        <h1 className="mt-3 font-serif text-3xl leading-tight font-bold text-gray-900 sm:text-4xl">{article.title}</h1>
        <div className="mt-2 flex items-center justify-between gap-3">
          <p className="text-sm text-gray-600">
            <time dateTime={article.createdAt}>{formatDate(article.createdAt, locale)}</time>
            {" · "}
            {textParts(t("article.readingTime", { count: article.readingMinutes }), article.readingMinutes)}
          </p>
          <BookmarkButton
            contentType="article"
            contentId={article.id}
            title={article.title}
            bookmarked={bookmarked}
            signedIn={signedIn}
            showLabel
          />
        </div>
        {translation ? (
          <TranslationLine translation={translation}>
            {translation.language === "sw" ? t("article.readInSwahili") : t("article.readInEnglish")}
          </TranslationLine>
        ) : null}
        {article.imageUrl ? (
          <ResponsiveImage
            image={article.image}
            src={article.imageUrl}
            alt=""
            width={1200}
            height={675}
            sizes={ARTICLE_COLUMN_SIZES}
            priority
            className="mt-6 aspect-video w-full rounded-2xl object-cover"
            whenSavingData="tap"
            tapId="cover"
          />
        ) : null}
        {!body ? (
          <div className="paywalled-content">
            <p className="my-6 text-lg leading-relaxed text-gray-800">
              {`${article.preview.replace(/[\s.…]+$/, "")}…`}
            </p>
            <div className="rounded-2xl border border-brand-200 bg-rose-50 p-6 text-center">
              <Lock aria-hidden="true" className="mx-auto h-8 w-8 text-brand-600" />
              <h2 className="mt-2 text-xl font-semibold text-gray-900">{t("article.locked")}</h2>
              <p className="mt-1 text-gray-700">
                {article.accessType === "premium" ? t("article.thisPremium") : t("article.thisArticle")}
                {t("article.forMembers")}
              </p>
              {offers.length ? (
                <ul className="mx-auto mt-4 max-w-sm space-y-2 text-left" data-testid="paywall-offers">
                  {offers.map((offer) => (
                    <li key={offer.slug}>
                      {/* Straight to its checkout; a guest signs in there and comes back to it. */}
                      <Link
                        to={localHref(`/checkout/plan/${offer.slug}?from=${article.id}`)}
                        className="flex min-h-11 items-center justify-between gap-3 rounded-xl border border-brand-200 bg-white px-4 py-2 hover:bg-rose-100"
                      >
                        <span className="font-semibold text-gray-900">
                          <PlanTitle name={offer.name} plan={offer} />{" "}
                          <span className="font-normal text-gray-700">
                            {"· "}
                            <PlanPeriodText plan={offer} />
                          </span>
                        </span>
                        <span className="font-semibold whitespace-nowrap text-brand-700">{offer.price}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
              <Link
                // A guest too goes to the plans and passes (issue 46, item 18): checkout asks her to sign in there.
                to={localHref(`/pricing?from=${article.id}`)}
                className="mt-4 inline-block rounded-full bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700"
              >
                {t("article.unlock")}
              </Link>
            </div>
          </div>
        ) : (
          <div className="mt-4">
            {!owner ? null : import.meta.env.SSR && islands ? (
              <SaveForOfflineIsland owner={owner} target={saveTarget} />
            ) : (
              <Suspense fallback={null}>
                <SaveForOffline owner={owner} target={saveTarget} />
              </Suspense>
            )}
            <StaticHtml value={body}>{(blocks) => <ArticleBody blocks={blocks} />}</StaticHtml>
          </div>
        )}
        {article.tags.length ? (
          <ul className="mt-8 flex flex-wrap gap-2" aria-label={t("article.tags")}>
            {article.tags.map((t) => (
              <li key={t} className="rounded-full border border-gray-200 px-3 py-1 text-sm text-gray-700">
                #{t}
              </li>
            ))}
          </ul>
        ) : null}
        <ShareLinks path={`/article/${article.id}`} title={article.title} />
        {/* A plain GET form (no script, nothing personal: guest pages are cached, ADR 016); kept small, as the
            article page's JavaScript budget is nearly spent: /newsletter takes "from article" from the category. */}
        <form
          method="get"
          action={localHref("/newsletter")}
          className="mt-8 flex flex-wrap gap-2 rounded-2xl bg-rose-50 p-5"
        >
          <label htmlFor="follow" className="w-full font-semibold">
            {t("article.followLabel")}
          </label>
          {article.categories[0] ? <input type="hidden" name="category" value={article.categories[0].slug} /> : null}
          <input id="follow" type="email" name="email" required className="min-h-11 flex-1 rounded-md border px-3" />
          <button className="btn px-5">{t("article.follow")}</button>
        </form>
      </article>
      {/* Search engines never ask for data saver; its pages carry no script element at all. */}
      {import.meta.env.SSR && dataSaver ? null : (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      )}
      <div className="mt-12 space-y-12">
        <ReviewsBlock
          contentType="article"
          contentId={article.id}
          summary={engagement.summary}
          reviews={engagement.reviews}
          signedIn={signedIn}
        />
        <CommentsBlock articleId={article.id} comments={engagement.comments} signedIn={signedIn} />
      </div>
      {/* The article's own controls on an islands page (share buttons, the video, the forms sent in place, Save for
          offline): a module script after the reader pages' one, loaded on this page only. */}
      {import.meta.env.SSR && islands ? <script type="module" src={articleScript} nonce={nonce} /> : null}
    </div>
  );
}
