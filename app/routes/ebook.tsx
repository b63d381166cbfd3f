import { Form, Link, useNavigation } from "react-router";
import { ArrowLeft, BookOpen, Lock } from "~/components/ui/icons";
import { DownloadButton } from "~/components/reader/download-button";
import type { Route } from "./+types/ebook";
import type { EbookSample } from "~/modules/reader/text-edition.server";
import { getRequestViewer, requireUser } from "~/modules/access/viewer.server";
import { getEbookForViewer, getEbookTranslation } from "~/modules/content/ebooks.server";
import { articleTranslationFacts } from "~/lib/page-alternates";
import { TranslationLine } from "~/components/content/translation-line";
import { pageMeta } from "~/modules/site/meta";
import { priceCountries } from "~/modules/pricing/visitor-country.server";
import { chargingNotice } from "~/modules/pricing/charging-country-text";
import { withShownPrices } from "~/modules/pricing/shown-prices.server";
import { AccessBadge } from "~/components/content/access-badge";
import { bookmarksOf, engagementFor } from "~/modules/engagement/page-data.server";
import { BookmarkButton } from "~/components/engagement/bookmark-button";
import { ReviewsBlock } from "~/components/engagement/reviews-block";
import { ebookJsonLd, jsonLdScript } from "~/modules/site/structured-data";
import { getEnv } from "~/lib/env.server";
import { loadOrReturnToList } from "~/modules/site/flash.server";
import { signInHref } from "~/lib/sign-in-href";
import { ebookAllowance, isAdmin, type Viewer } from "~/modules/access/policy";
import { unlockEbookWithPlan } from "~/modules/membership/subscription-ebooks.server";
import { isCheckoutError } from "~/modules/orders/checkout-errors";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { appErrorResponse, refusal } from "~/lib/app-error.server";
import { refusalOf } from "~/lib/action-result";
import { unlockEbookFormSchema } from "~/modules/membership/member-forms";
import { redirectWithToast } from "~/modules/site/flash.server";
import { FormNotice } from "~/components/ui/form-notice";
import { ResponsiveImage } from "~/components/responsive-image";
import { withImages } from "~/modules/storage/responsive-images.server";
import { ShareLinks } from "~/components/content/share-links";
import { noteContentView } from "~/modules/analytics/counter.server";
import type { RouteFacts } from "~/lib/route-facts";
import { getEbookSampleForViewer } from "~/modules/reader/text-edition.server";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import { useLocalHref, useT } from "~/lib/i18n/use-t";
import { textParts } from "~/lib/i18n/parts";
import { metaT } from "~/modules/site/meta";
import { translator } from "~/lib/i18n/i18n";
import { localeFromPath, localeHref } from "~/lib/locale";
import ebookScript from "~/islands/ebook-page.ts?worker&url";

// An islands page (ADR 045): rendered by the server only; reader-page.ts and this page's own ebook-page.ts wire it up.
export const handle: RouteFacts = { guestPage: true, countsViews: true, islands: true, sharedRender: true };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await loadOrReturnToList(
    () => loadEbookPage(request, context, params.id),
    "/ebooks",
    "Failed to load the ebook details.",
  );
  if (!page) throw appErrorResponse("EBOOK_NOT_FOUND");
  return page;
}

async function loadEbookPage(request: Request, context: Route.LoaderArgs["context"], id: string) {
  const [who, { shown, charging }] = await Promise.all([getRequestViewer(context), priceCountries(request)]);
  const { viewer } = who;
  const found = await getEbookForViewer({ id, viewer });
  if (!found) return null;
  noteContentView("ebook", found.id);
  // CASE: she picked a country other than where she is -> her pick's price is shown, with the price checkout will
  // charge from where she is beside it; the Purchase button names the amount she will pay (ADR 026).
  const notice = chargingNotice(shown.code, charging.code);
  const [[ebook], engagement, bookmarks, chargedHere, sample, translation] = await Promise.all([
    withImages([found], (e) => e.coverImageUrl).then((withCover) => withShownPrices(shown.code, withCover)),
    engagementFor("ebook", found.id),
    bookmarksOf(who),
    notice ? withShownPrices(charging.code, [found]).then(([e]) => e.shownPrice) : null,
    // The gated read cuts the sample on the server: a viewer without access gets only the first chapter's opening.
    found.access === "read" ? null : getEbookSampleForViewer({ ebookId: found.id, viewer }),
    // The same ebook in the other language (issue 50): a line links to it, and the alternates name it.
    getEbookTranslation(found.id),
  ]);
  const origin = getEnv().PUBLIC_URL;
  const jsonLd = jsonLdScript(ebookJsonLd({ ebook, url: `${origin}/ebook/${ebook.id}`, origin }));
  return {
    ebook,
    charged: chargedHere?.charged ?? ebook.shownPrice?.charged ?? null,
    chargedNotice: notice && chargedHere ? `${notice.beside}: ${chargedHere.label}.` : null,
    signedIn: viewer.user !== null,
    engagement,
    bookmarked: bookmarks.ebooks.includes(ebook.id),
    jsonLd,
    allowance: ebookAllowance(viewer),
    accessVia: accessVia(viewer, ebook.id, ebook.accessType),
    sample,
    ...(translation ? articleTranslationFacts(ebook.id, translation, "ebook") : {}),
  };
}

/** How she reads this ebook, to say so on the page. */
function accessVia(viewer: Viewer, ebookId: string, accessType: string) {
  if (accessType === "free") return "free" as const;
  if (isAdmin(viewer)) return "admin" as const;
  if (viewer.purchasedEbookIds.has(ebookId)) return "purchase" as const;
  return viewer.unlockedEbookIds.has(ebookId) ? ("plan" as const) : null;
}

// Spending one of the plan's ebooks on this title, after she confirmed.
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  const { submission } = await readSubmission(request, unlockEbookFormSchema);
  if (submission.status !== "success") return refuseForm(submission);
  try {
    await unlockEbookWithPlan({ userId: user.id, ebookId: params.id });
  } catch (error) {
    if (!isCheckoutError(error)) throw error;
    return refusal(error);
  }
  // Back to the page she unlocked it on, in its language (a Swahili page posts to its own "/sw" address).
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  throw await redirectWithToast(localeHref(`/ebook/${params.id}`, locale), {
    kind: "success",
    title: t("ebook.unlocked"),
    message: t("ebook.yoursWhilePlan"),
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return loaderData
    ? pageMeta({
        title: loaderData.ebook.title,
        description: loaderData.ebook.description ?? t("ebook.fallbackDescription"),
        path: `/ebook/${loaderData.ebook.id}`,
        image: `/og/ebook/${loaderData.ebook.id}.jpg`,
        matches,
      })
    : [{ title: t("ebook.notFoundTitle") }];
};

function UnlockOffer({
  allowance,
  error,
}: {
  allowance: { limit: number | null; used: number; left: number | null };
  error?: string;
}) {
  const busy = useNavigation().state !== "idle";
  const t = useT();
  const question =
    allowance.limit === null ? t("ebook.unlockUnlimited") : t("ebook.unlockOne", { limit: allowance.limit });
  return (
    <Form method="post" className="mt-6 rounded-2xl border border-brand-200 bg-rose-50 p-4">
      <input type="hidden" name="intent" value="unlock" />
      <p className="font-semibold text-gray-900">{question}</p>
      {allowance.left !== null ? (
        <p className="mt-1 text-sm text-gray-700">
          {t("ebook.allowanceLeft", { left: allowance.left, limit: allowance.limit ?? 0 })}
        </p>
      ) : null}
      {error ? (
        <FormNotice className="mt-3" notice={{ ok: false, title: t("ebook.couldNotUnlock"), message: error }} />
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="mt-3 min-h-11 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
      >
        {busy ? t("ebook.unlocking") : t("ebook.unlockYes")}
      </button>
    </Form>
  );
}

/** The chapter titles and the opening of the first chapter, for anyone who may not read the ebook yet. */
function SampleBlock({ sample, description }: { sample: EbookSample | null; description: string | null }) {
  const t = useT();
  return (
    <section className="mt-8" aria-labelledby="ebook-contents">
      {sample?.contents.length ? (
        <>
          <h2 id="ebook-contents" className="font-serif text-xl font-bold text-gray-900">
            {t("ebook.contents")}
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-6 text-gray-800" data-testid="ebook-contents">
            {sample.contents.map((title, i) => (
              <li key={i}>{title}</li>
            ))}
          </ol>
        </>
      ) : (
        <h2 id="ebook-contents" className="sr-only">
          {t("ebook.sample")}
        </h2>
      )}
      <div id="sample" className="mt-6 rounded-2xl border border-gray-200 bg-white p-4" data-testid="ebook-sample">
        <h3 className="font-serif text-lg font-bold text-gray-900">{t("ebook.readSample")}</h3>
        {sample?.blocks.length ? (
          // The blocks are sanitised on the server with the article allow-list (text-edition.server.ts).
          <div className="prose mt-3 max-w-none" dangerouslySetInnerHTML={{ __html: sample.blocks.join("") }} />
        ) : (
          <p className="mt-3 text-gray-700">{description ?? t("ebook.fallbackDescription")}</p>
        )}
        <p className="mt-4 text-sm font-semibold text-gray-900">{t("ebook.sampleEnds")}</p>
      </div>
    </section>
  );
}

export default function EbookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { ebook, signedIn, engagement, bookmarked, allowance, accessVia, charged, chargedNotice, sample } = loaderData;
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const t = useT();
  const localHref = useLocalHref();
  // The same ebook in the other language, in the page's words (issue 50).
  const translationLine =
    "translation" in loaderData && loaderData.translation ? (
      <TranslationLine translation={loaderData.translation}>
        {loaderData.translation.language === "sw" ? t("ebook.readInSwahili") : t("ebook.readInEnglish")}
      </TranslationLine>
    ) : null;
  const jsonLd = (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
      {/* The page's own script, beside the shell's reader-page.ts: share buttons and Download PDF in place. */}
      {islands ? <script type="module" src={ebookScript} nonce={nonce} data-ebook-page="" /> : null}
    </>
  );
  const bookmark = (
    <BookmarkButton
      contentType="ebook"
      contentId={ebook.id}
      title={ebook.title}
      bookmarked={bookmarked}
      signedIn={signedIn}
      showLabel
    />
  );
  const back = (
    <Link
      to={localHref("/ebooks")}
      className="inline-flex items-center gap-1 py-2 text-sm font-medium text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {` ${t("ebook.back")}`}
    </Link>
  );
  const cover = ebook.coverImageUrl ? (
    <ResponsiveImage
      image={ebook.image}
      src={ebook.coverImageUrl}
      alt={t("ebook.cover", { title: ebook.title })}
      width={400}
      height={600}
      sizes="(min-width: 640px) 224px, 160px"
      priority
      className="w-40 rounded-xl shadow-md sm:w-56"
      whenSavingData="tap"
      tapId="cover"
    />
  ) : null;

  // Approved reviews are public: a reader weighs them before she signs in or buys, not only after.
  const reviewsAfter = (
    <>
      {jsonLd}
      <div className="mt-12">
        <ReviewsBlock
          contentType="ebook"
          contentId={ebook.id}
          summary={engagement.summary}
          reviews={engagement.reviews}
          signedIn={signedIn}
        />
      </div>
    </>
  );

  if (ebook.access !== "read") {
    const signIn = signInHref(localHref(`/ebook/${ebook.id}`));
    const lockedLine =
      ebook.accessType === "free"
        ? t("ebook.lockedFree")
        : ebook.accessType === "premium"
          ? t("ebook.lockedPremium")
          : t("ebook.lockedSubscription");
    const deniedBadge =
      ebook.accessType === "free"
        ? t("ebook.badgeFree")
        : ebook.accessType === "premium"
          ? t("ebook.badgePremium")
          : t("card.subscription");
    return (
      <EbookLayout back={back} cover={cover} after={reviewsAfter}>
        <p className="flex items-center gap-2 text-sm font-semibold text-brand-700">
          <Lock aria-hidden="true" className="h-4 w-4" /> {ebook.access === "unlock" ? t("ebook.inPlan") : lockedLine}
        </p>
        <h1 className="mt-2 font-serif text-3xl font-bold text-gray-900">{ebook.title}</h1>
        {translationLine}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <AccessBadge accessType={ebook.accessType} label={deniedBadge} />
          {ebook.shownPrice ? (
            <span className="text-sm font-semibold text-gray-900">{ebook.shownPrice.label}</span>
          ) : null}
        </div>
        {chargedNotice ? (
          <p className="mt-1 text-sm font-medium text-amber-900" data-testid="ebook-charged-here">
            {chargedNotice}
          </p>
        ) : null}
        <p className="mt-4 text-gray-700">{ebook.description}</p>
        <a
          href="#sample"
          className="mt-3 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 hover:underline"
        >
          <BookOpen aria-hidden="true" className="h-4 w-4" />
          {` ${t("ebook.readSampleLink")}`}
        </a>
        <div className="mt-3">{bookmark}</div>
        <ShareLinks path={`/ebook/${ebook.id}`} title={ebook.title} />
        <SampleBlock sample={sample} description={ebook.description} />
        {ebook.access === "unlock" && allowance ? (
          <UnlockOffer allowance={allowance} error={refusalOf(actionData)?.error.message} />
        ) : null}
        {ebook.access !== "unlock" && allowance?.left === 0 ? (
          <p role="status" className="mt-6 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {t("ebook.allowanceUsed", { limit: allowance.limit ?? 0 })}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          {!signedIn ? (
            <Link
              to={signIn}
              className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
            >
              {t("ebook.signInOrUp")}
            </Link>
          ) : null}
          {ebook.access === "purchase" && ebook.priceCents ? (
            <Link
              to={
                signedIn
                  ? localHref(`/checkout/ebook/${ebook.id}`)
                  : signInHref(localHref(`/checkout/ebook/${ebook.id}`), "purchase")
              }
              className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
            >
              {t("ebook.purchase")}
              {charged}
            </Link>
          ) : null}
          {ebook.accessType !== "free" && ebook.priceCents ? (
            <Link
              to={
                signedIn
                  ? localHref(`/gift/ebook/${ebook.id}`)
                  : signInHref(localHref(`/gift/ebook/${ebook.id}`), "purchase")
              }
              className="rounded-full border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-rose-50"
            >
              {t("ebook.gift")}
            </Link>
          ) : null}
          {ebook.accessType !== "free" && ebook.access !== "unlock" ? (
            <Link
              to={localHref("/pricing")}
              className="rounded-full border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-rose-50"
            >
              {t("ebook.viewPlans")}
            </Link>
          ) : null}
        </div>
      </EbookLayout>
    );
  }

  return (
    <EbookLayout back={back} cover={cover} after={reviewsAfter}>
      <h1 className="font-serif text-3xl font-bold text-gray-900">{ebook.title}</h1>
      {translationLine}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <AccessBadge accessType={ebook.accessType} />
        {ebook.pageCount ? (
          <span className="text-sm text-gray-700">
            {textParts(t("ebook.pages", { count: ebook.pageCount }), ebook.pageCount)}
          </span>
        ) : null}
      </div>
      <p className="mt-4 text-gray-700">{ebook.description}</p>
      <div className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
        <p className="font-semibold">
          {accessVia === "free"
            ? t("ebook.viaFree")
            : accessVia === "admin"
              ? t("ebook.viaAdmin")
              : accessVia === "purchase"
                ? t("ebook.viaPurchase")
                : accessVia === "plan"
                  ? t("ebook.viaPlan")
                  : t("ebook.viaAccess")}
        </p>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Link
          to={localHref(`/ebook/${ebook.id}/read`)}
          className="inline-flex min-h-11 items-center gap-2 rounded-full bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          <BookOpen aria-hidden="true" className="h-4 w-4" />
          {` ${t("ebook.read")}`}
        </Link>
        {ebook.downloadable ? <DownloadButton ebookId={ebook.id} /> : null}
      </div>
      <div className="mt-3">{bookmark}</div>
      <ShareLinks path={`/ebook/${ebook.id}`} title={ebook.title} />
    </EbookLayout>
  );
}

/** The ebook page's frame: the way back, the cover beside what is said about the ebook, then what comes after. */
function EbookLayout({
  back,
  cover,
  after,
  children,
}: {
  back: React.ReactNode;
  cover: React.ReactNode;
  after: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {back}
      <div className="mt-4 flex flex-col gap-6 sm:flex-row">
        {cover}
        <div>{children}</div>
      </div>
      {after}
    </div>
  );
}
