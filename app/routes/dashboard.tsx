import { Form, Link, useNavigation } from "react-router";
import { SignInRequired } from "~/components/layout/sign-in-required";
import type { Route } from "./+types/dashboard";
import { metaT, pageMeta } from "~/modules/site/meta";
import { getRequestViewer, requireUser } from "~/modules/access/viewer.server";
import { getCurrentSubscription, listBillingHistory } from "~/modules/membership/library.server";
import { cancelRenewal, isSubscriptionError, resumeRenewal } from "~/modules/membership/subscriptions.server";
import { retentionOfferAfterCancel } from "~/modules/orders/offer-codes.server";
import { listShelf } from "~/modules/reader/library-ebooks.server";
import { bookmarkCounts } from "~/modules/engagement/bookmarks.server";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { refusal } from "~/lib/app-error.server";
import { refusalOf } from "~/lib/action-result";
import { libraryFormSchema } from "~/modules/membership/member-forms";
import { formatDate } from "~/lib/format";
import { redirectWithToast } from "~/modules/site/flash.server";
import { LazyToast } from "~/components/ui/lazy-toast";
import type { ToastMessage } from "~/components/ui/toast";
import { BillingHistory } from "~/components/commerce/billing-history";
import { cancelSwitch, planChangeChoices, scheduleSwitch } from "~/modules/membership/upgrades.server";
import { isCheckoutError } from "~/modules/orders/checkout-errors";
import { priceCountries } from "~/modules/pricing/visitor-country.server";
import { formatKesCents } from "~/modules/pricing/money";
import type { RouteFacts } from "~/lib/route-facts";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import accountScript from "~/islands/account-page.ts?worker&url";
import { useLocale, useLocalHref, useT } from "~/lib/i18n/use-t";
import { translator, type Translate } from "~/lib/i18n/i18n";
import { localeFromPath, localizedHref, type Locale } from "~/lib/locale";
import { errorWords } from "~/components/account/error-words";
import { PlanTitle, PlanPeriodText } from "~/components/commerce/plan-words";
import { standingWordsSw } from "~/components/account/standing-words";

// An islands page (ADR 045): rendered by the server only; its forms are plain posts, and account-page.ts adds the
// busy labels and the question before cancelling a renewal.
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta({
      title: t("library.title"),
      description: t("library.description"),
      path: "/dashboard",
      matches,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const { viewer, user } = await getRequestViewer(context);
  if (!user) return { signedIn: false as const };
  const { charging } = await priceCountries(request);
  const [plan, shelf, bookmarks, billing, choices] = await Promise.all([
    getCurrentSubscription(user.id, viewer.now),
    listShelf(viewer),
    bookmarkCounts(user.id),
    listBillingHistory(user.id, 100, locale),
    planChangeChoices(user.id, charging.code, viewer.now),
  ]);
  // After a switch down took effect (ADR 039), renewing buys the lower plan.
  const renewUrl = choices.switched && plan ? `/checkout/plan/${choices.switched.slug}` : plan?.renewUrl;
  const changes = {
    upgrades: choices.upgrades.map((u) => ({ slug: u.slug, name: u.name, charge: formatKesCents(u.chargeCents) })),
    switchTargets: choices.switchTargets,
    scheduled: choices.scheduled
      ? { planName: choices.scheduled.toPlan.name, at: formatDate(choices.scheduled.at.toISOString(), locale) }
      : null,
  };
  return {
    signedIn: true as const,
    plan: plan && renewUrl ? { ...plan, renewUrl } : plan,
    shelf,
    bookmarks,
    billing,
    changes,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  const here = localizedHref("/dashboard", locale);
  const day = (d: Date) => formatDate(d.toISOString(), locale);
  const { submission } = await readSubmission(request, libraryFormSchema);
  if (submission.status !== "success") return refuseForm(submission);
  const form = submission.value;
  try {
    if (form.intent === "cancel-renewal") {
      const state = await cancelRenewal(user.id, form.subscriptionId);
      // CASE: a card payer turned auto-renew off -> the admin's retention offer, once ever (ADR 037).
      const retention = state.card ? await retentionOfferAfterCancel(user.id, form.subscriptionId) : null;
      if (retention) {
        return redirectWithToast(localizedHref(retention.checkout, locale), {
          kind: "success",
          title: t("library.toast.cancelled"),
          message: t("library.toast.cancelledOffer", {
            date: day(state.accessUntil),
            offer: retention.offer,
            code: retention.code,
          }),
        });
      }
      return redirectWithToast(here, {
        kind: "success",
        title: t("library.toast.cancelled"),
        message:
          t("library.toast.cancelledMessage", { date: day(state.accessUntil) }) +
          (state.card ? t("library.toast.cancelledCard") : ""),
      });
    }
    if (form.intent === "resume-renewal") {
      const state = await resumeRenewal(user.id, form.subscriptionId);
      return redirectWithToast(here, {
        kind: "success",
        title: t("library.toast.resumed"),
        message:
          state.card === "active"
            ? t("library.toast.resumedCard", { date: day(state.accessUntil) })
            : t("library.toast.resumedByHand", { date: day(state.accessUntil) }),
      });
    }
    if (form.intent === "switch-plan") {
      const scheduled = await scheduleSwitch({ userId: user.id, slug: form.plan });
      return redirectWithToast(here, {
        kind: "success",
        title: t("library.toast.switchScheduled"),
        message: t("library.toast.switchScheduledMessage", { date: day(scheduled.at), plan: scheduled.toPlan.name }),
      });
    }
    await cancelSwitch({ userId: user.id });
    return redirectWithToast(here, {
      kind: "success",
      title: t("library.toast.switchCancelled"),
      message: t("library.toast.switchCancelledMessage"),
    });
  } catch (error) {
    // CASE: a plan change or a renewal change refused -> the toast says why (title and words from the refusal).
    if (isCheckoutError(error) || isSubscriptionError(error)) return refusal(error);
    throw error;
  }
}

/** A refused change as the page's toast (the refusal's title and words, in the page's language). */
function toastOf(answer: unknown, t: Translate, locale: Locale): ToastMessage | null {
  const refused = refusalOf(answer);
  return refused
    ? {
        kind: "error",
        title: errorWords(t, locale, refused.error.title),
        message: errorWords(t, locale, refused.error.message),
      }
    : null;
}

const button =
  "inline-flex min-h-11 items-center justify-center rounded-full px-5 font-semibold focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:ring-offset-2 focus-visible:outline-none";
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
const secondary = `${button} border border-brand-600 text-brand-700 hover:bg-rose-50`;
const card = "rounded-2xl border border-rose-100 bg-white p-5 shadow-sm sm:p-6";

type Loaded = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;

function RenewalForm({ subscriptionId, cancel }: { subscriptionId: string; cancel: boolean }) {
  const busy = useNavigation().formData?.get("subscriptionId") === subscriptionId;
  const t = useT();
  const CANCEL_QUESTION = t("library.cancelQuestion");
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (cancel && !window.confirm(CANCEL_QUESTION)) event.preventDefault();
      }}
      // For an islands page's script, which asks the same (without script she can undo it on this page).
      data-confirm={cancel ? CANCEL_QUESTION : undefined}
    >
      <input type="hidden" name="intent" value={cancel ? "cancel-renewal" : "resume-renewal"} />
      <input type="hidden" name="subscriptionId" value={subscriptionId} />
      <button disabled={busy} className={cancel ? secondary : primary} data-busy-label={t("library.saving")}>
        {busy ? t("library.saving") : cancel ? t("library.cancelRenewal") : t("library.resumeRenewal")}
      </button>
    </Form>
  );
}

function PlanCard({ plan }: { plan: Loaded["plan"] }) {
  const t = useT();
  const localHref = useLocalHref();
  const locale = useLocale();
  if (!plan)
    return (
      <section aria-labelledby="plan-title" className={card}>
        <h2 id="plan-title" className="text-xl font-semibold text-gray-900">
          {t("library.yourPlan")}
        </h2>
        <p className="mt-2 text-gray-700">{t("library.noPlan")}</p>
        <Link to={localHref("/pricing")} className={`mt-4 ${primary}`}>
          {t("library.seePlans")}
        </Link>
      </section>
    );
  const { standing } = plan;
  const ended = standing.state === "ended";
  const date = (d: Date | null) => (d ? formatDate(new Date(d).toISOString(), locale) : null);
  // Her standing's words: the membership module's in English, said from the same facts in Swahili.
  const words = import.meta.env.SSR && locale === "sw" ? standingWordsSw(t, standing) : standing.words;
  const period = { periodUnit: standing.current.periodUnit ?? "month", periodCount: standing.current.periodCount ?? 1 };
  return (
    <section aria-labelledby="plan-title" className={card} data-testid="plan">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="plan-title" className="text-xl font-semibold text-gray-900">
            {locale === "sw" ? <PlanTitle name={plan.planName} plan={period} /> : plan.title}
            {plan.isTrial ? t("library.trialSuffix") : ""}
          </h2>
          <p className="text-sm text-gray-700" data-testid="plan-period">
            {plan.isTrial ? (
              t("library.freeTrial")
            ) : locale === "sw" ? (
              <PlanPeriodText plan={period} />
            ) : (
              plan.periodText
            )}
          </p>
          <p
            className={`mt-1 text-sm font-semibold ${
              ended ? "text-red-800" : standing.renewal.on ? "text-emerald-800" : "text-amber-800"
            }`}
            data-testid="plan-status"
          >
            {words.status}
          </p>
        </div>
        {standing.daysLeft !== null && !ended ? (
          <p className="rounded-full bg-rose-50 px-3 py-1 text-sm font-semibold text-gray-900">
            {locale === "sw" ? (
              t("library.daysLeft", { count: standing.daysLeft })
            ) : (
              <>
                {standing.daysLeft} {standing.daysLeft === 1 ? "day" : "days"} left
              </>
            )}
          </p>
        ) : null}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-gray-700">{t("library.started")}</dt>
          <dd className="font-semibold text-gray-900">{formatDate(plan.startDate, locale)}</dd>
        </div>
        <div>
          <dt className="text-gray-700">
            {ended ? t("library.ended") : plan.isPass ? t("library.passEnds") : t("library.paidUpTo")}
          </dt>
          <dd className="font-semibold text-gray-900" data-testid="access-until">
            {date(standing.accessUntil) ?? t("library.noEndDate")}
          </dd>
        </div>
        <div>
          <dt className="text-gray-700">{t("library.ebooksUsed")}</dt>
          <dd className="font-semibold text-gray-900">
            {plan.ebooks.limit === null
              ? t("library.ebooksUnlimited", { used: plan.ebooks.used })
              : t("library.ebooksOf", { used: plan.ebooks.used, limit: plan.ebooks.limit })}
          </dd>
        </div>
      </dl>
      {words.paidAhead ? (
        <p className="mt-4 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="paid-ahead">
          {words.paidAhead}.
        </p>
      ) : null}
      {words.renewal ? (
        <p className="mt-4 rounded-xl bg-rose-50 p-3 text-sm text-gray-900" data-testid="renewal-state">
          {words.renewal}
        </p>
      ) : (
        <p className="mt-4 text-sm text-gray-700">{t("library.locked")}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {plan.next ? null : (
          <Link to={localHref(plan.renewUrl)} className={primary}>
            {ended ? t("library.renewNow") : t("library.renewEarly")}
          </Link>
        )}
        {!ended && standing.accessUntil ? <RenewalForm subscriptionId={plan.id} cancel={standing.renewal.on} /> : null}
        <Link to={localHref("/pricing")} className={secondary}>
          {t("library.changePlan")}
        </Link>
      </div>
    </section>
  );
}

function PlanChanges({ changes }: { changes: Loaded["changes"] }) {
  const { upgrades, switchTargets, scheduled } = changes;
  const t = useT();
  const localHref = useLocalHref();
  const sw = useLocale() === "sw";
  if (upgrades.length === 0 && switchTargets.length === 0 && !scheduled) return null;
  return (
    <section aria-labelledby="change-title" className={card} data-testid="plan-changes">
      <h2 id="change-title" className="text-xl font-semibold text-gray-900">
        {t("library.changePlan")}
      </h2>
      {upgrades.length > 0 ? (
        <div className="mt-3">
          <p className="text-sm text-gray-700">{t("library.upgradeIntro")}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            {upgrades.map((u) => (
              <Link key={u.slug} to={localHref(`/checkout/plan/${u.slug}?upgrade=1`)} className={primary}>
                {sw ? (
                  t("library.upgradeTo", { plan: u.name, price: u.charge })
                ) : (
                  <>
                    Upgrade to {u.name} for {u.charge}
                  </>
                )}
              </Link>
            ))}
          </div>
        </div>
      ) : null}
      {scheduled ? (
        <Form method="post" className="mt-4 rounded-xl bg-rose-50 p-3 text-sm text-gray-900">
          <p data-testid="scheduled-switch">
            {sw ? (
              t("library.switching", { plan: scheduled.planName, date: scheduled.at })
            ) : (
              <>
                Switching to {scheduled.planName} when your plan ends on {scheduled.at}.
              </>
            )}
          </p>
          <input type="hidden" name="intent" value="cancel-switch" />
          <button className={`mt-2 ${secondary}`}>{t("library.keepPlan")}</button>
        </Form>
      ) : switchTargets.length > 0 ? (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="switch-plan" />
          <label className="text-sm text-gray-700">
            <span className="block">{t("library.moveLower")}</span>
            <select name="plan" className="mt-1 min-h-11 rounded-lg border border-rose-200 bg-white px-3 text-gray-900">
              {switchTargets.map((t) => (
                <option key={t.slug} value={t.slug}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <button className={secondary}>{t("library.switchAtEnd")}</button>
        </Form>
      ) : null}
    </section>
  );
}

function Shelf({ shelf }: { shelf: Loaded["shelf"] }) {
  const t = useT();
  const localHref = useLocalHref();
  const sw = useLocale() === "sw";
  return (
    <section aria-labelledby="shelf-title" className={card}>
      <h2 id="shelf-title" className="text-xl font-semibold text-gray-900">
        {t("library.myEbooks")}
      </h2>
      {shelf.length === 0 ? (
        <p className="mt-2 text-gray-700">
          {t("library.noEbooks")}{" "}
          <Link to={localHref("/ebooks")} className="font-semibold text-brand-700 underline">
            {t("library.browseEbooks")}
          </Link>
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {shelf.map((e) => (
            <li key={e.id} data-testid="shelf-ebook" className="flex gap-3">
              {e.coverImageUrl ? (
                <img
                  src={e.coverImageUrl}
                  alt=""
                  width="64"
                  height="96"
                  loading="lazy"
                  className="h-24 w-16 rounded-md object-cover"
                />
              ) : (
                <span aria-hidden="true" className="h-24 w-16 rounded-md bg-rose-100" />
              )}
              <div className="min-w-0 flex-1">
                <Link to={localHref(`/ebook/${e.id}`)} className="font-semibold text-gray-900 hover:underline">
                  {e.title}
                </Link>
                <p className="text-sm text-gray-700">
                  {e.how === "bought" ? t("library.bought") : t("library.unlockedWithPlan")}
                  {!e.progress
                    ? ""
                    : sw
                      ? e.progress.of
                        ? t("library.pageOf", { page: e.progress.page, of: e.progress.of })
                        : t("library.page", { page: e.progress.page })
                      : ` · page ${e.progress.page}${e.progress.of ? ` of ${e.progress.of}` : ""}`}
                </p>
                {e.canRead ? (
                  <Link
                    to={localHref(`/ebook/${e.id}/read`)}
                    aria-label={
                      sw
                        ? e.progress
                          ? t("library.continueTitle", { title: e.title })
                          : t("library.readTitle", { title: e.title })
                        : `${e.progress ? "Continue" : "Read"} ${e.title}`
                    }
                    className={`mt-2 ${primary} min-h-10 px-4 text-sm`}
                  >
                    {e.progress ? t("library.continue") : t("library.read")}
                  </Link>
                ) : (
                  <p className="mt-2 text-sm text-amber-800">{t("library.renewToRead")}</p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const t = useT();
  const localHref = useLocalHref();
  const locale = useLocale();
  const sw = locale === "sw";
  if (!loaderData.signedIn) {
    return <SignInRequired what={t("library.signIn")} returnTo={localHref("/dashboard")} />;
  }
  const { plan, shelf, bookmarks, billing } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <LazyToast toast={toastOf(actionData, t, locale)} />
      <h1 className="font-serif text-3xl font-bold text-gray-900">{t("library.title")}</h1>
      <PlanCard plan={plan} />
      <PlanChanges changes={loaderData.changes} />
      <Shelf shelf={shelf} />
      <section aria-labelledby="gifts-title" className={card}>
        <h2 id="gifts-title" className="text-xl font-semibold text-gray-900">
          {t("library.gifts")}
        </h2>
        <p className="mt-2 text-gray-700">
          {t("library.giftsIntro")}{" "}
          <Link to={localHref("/account/gifts")} className="font-semibold text-brand-700 underline">
            {t("gifts.title")}
          </Link>
        </p>
      </section>
      <section aria-labelledby="saved-title" className={card}>
        <h2 id="saved-title" className="text-xl font-semibold text-gray-900">
          {t("nav.bookmarks")}
        </h2>
        <p className="mt-2 text-gray-700">
          {sw ? (
            t("library.bookmarkCounts", { articles: bookmarks.articles, ebooks: bookmarks.ebooks })
          ) : (
            <>
              {bookmarks.articles} {bookmarks.articles === 1 ? "article" : "articles"} and {bookmarks.ebooks}{" "}
              {bookmarks.ebooks === 1 ? "ebook" : "ebooks"} saved.
            </>
          )}{" "}
          <Link to={localHref("/bookmarks")} className="font-semibold text-brand-700 underline">
            {t("library.seeBookmarks")}
          </Link>
        </p>
      </section>
      <BillingHistory entries={billing} />
      {islands ? <script type="module" src={accountScript} nonce={nonce} /> : null}
    </div>
  );
}
