import { Form, Link, useNavigation } from "react-router";
import { SignInRequired } from "~/components/layout/sign-in-required";
import type { Route } from "./+types/dashboard";
import { pageMeta } from "~/modules/site/meta";
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

// An islands page (ADR 045): rendered by the server only; its forms are plain posts, and account-page.ts adds the
// busy labels and the question before cancelling a renewal.
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "My Library",
    description: "Your plan, ebooks and payments on Nuru.",
    path: "/dashboard",
    matches,
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, user } = await getRequestViewer(context);
  if (!user) return { signedIn: false as const };
  const { charging } = await priceCountries(request);
  const [plan, shelf, bookmarks, billing, choices] = await Promise.all([
    getCurrentSubscription(user.id, viewer.now),
    listShelf(viewer),
    bookmarkCounts(user.id),
    listBillingHistory(user.id, 100),
    planChangeChoices(user.id, charging.code, viewer.now),
  ]);
  // After a switch down took effect (ADR 039), renewing buys the lower plan.
  const renewUrl = choices.switched && plan ? `/checkout/plan/${choices.switched.slug}` : plan?.renewUrl;
  const changes = {
    upgrades: choices.upgrades.map((u) => ({ slug: u.slug, name: u.name, charge: formatKesCents(u.chargeCents) })),
    switchTargets: choices.switchTargets,
    scheduled: choices.scheduled
      ? { planName: choices.scheduled.toPlan.name, at: formatDate(choices.scheduled.at.toISOString()) }
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
  const { submission } = await readSubmission(request, libraryFormSchema);
  if (submission.status !== "success") return refuseForm(submission);
  const form = submission.value;
  try {
    if (form.intent === "cancel-renewal") {
      const state = await cancelRenewal(user.id, form.subscriptionId);
      // CASE: a card payer turned auto-renew off -> the admin's retention offer, once ever (ADR 037).
      const retention = state.card ? await retentionOfferAfterCancel(user.id, form.subscriptionId) : null;
      if (retention) {
        return redirectWithToast(retention.checkout, {
          kind: "success",
          title: "Renewal cancelled",
          message: `You keep full access until ${formatDate(state.accessUntil.toISOString())}. Before you go: renew by hand with ${retention.offer} (code ${retention.code}), offered once. Or just leave this page.`,
        });
      }
      return redirectWithToast("/dashboard", {
        kind: "success",
        title: "Renewal cancelled",
        message: `You keep full access until ${formatDate(state.accessUntil.toISOString())}. You can undo this until then.${
          state.card ? " Any card charge that still arrives is refunded automatically." : ""
        }`,
      });
    }
    if (form.intent === "resume-renewal") {
      const state = await resumeRenewal(user.id, form.subscriptionId);
      return redirectWithToast("/dashboard", {
        kind: "success",
        title: "Renewal resumed",
        message:
          state.card === "active"
            ? `Your card renews your plan on ${formatDate(state.accessUntil.toISOString())}.`
            : `We will remind you before your paid time ends on ${formatDate(state.accessUntil.toISOString())}.`,
      });
    }
    if (form.intent === "switch-plan") {
      const scheduled = await scheduleSwitch({ userId: user.id, slug: form.plan });
      return redirectWithToast("/dashboard", {
        kind: "success",
        title: "Plan switch scheduled",
        message: `You keep your plan until ${formatDate(scheduled.at.toISOString())}; then you renew on ${scheduled.toPlan.name}. You can cancel the switch until then.`,
      });
    }
    await cancelSwitch({ userId: user.id });
    return redirectWithToast("/dashboard", {
      kind: "success",
      title: "Switch cancelled",
      message: "You stay on your plan.",
    });
  } catch (error) {
    // CASE: a plan change or a renewal change refused -> the toast says why (title and words from the refusal).
    if (isCheckoutError(error) || isSubscriptionError(error)) return refusal(error);
    throw error;
  }
}

/** A refused change as the page's toast (the refusal's title and words). */
function toastOf(answer: unknown): ToastMessage | null {
  const refused = refusalOf(answer);
  return refused ? { kind: "error", title: refused.error.title, message: refused.error.message } : null;
}

const button =
  "inline-flex min-h-11 items-center justify-center rounded-full px-5 font-semibold focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:ring-offset-2 focus-visible:outline-none";
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
const secondary = `${button} border border-brand-600 text-brand-700 hover:bg-rose-50`;
const card = "rounded-2xl border border-rose-100 bg-white p-5 shadow-sm sm:p-6";

type Loaded = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;

const CANCEL_QUESTION = "Cancel renewal? You keep access until your paid time ends, and can undo this.";

function RenewalForm({ subscriptionId, cancel }: { subscriptionId: string; cancel: boolean }) {
  const busy = useNavigation().formData?.get("subscriptionId") === subscriptionId;
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
      <button disabled={busy} className={cancel ? secondary : primary} data-busy-label="Saving...">
        {busy ? "Saving..." : cancel ? "Cancel renewal" : "Resume renewal"}
      </button>
    </Form>
  );
}

function PlanCard({ plan }: { plan: Loaded["plan"] }) {
  if (!plan)
    return (
      <section aria-labelledby="plan-title" className={card}>
        <h2 id="plan-title" className="text-xl font-semibold text-gray-900">
          Your plan
        </h2>
        <p className="mt-2 text-gray-700">
          You have no plan yet. A plan opens every premium article and ebooks to read.
        </p>
        <Link to="/pricing" className={`mt-4 ${primary}`}>
          See plans
        </Link>
      </section>
    );
  const { standing } = plan;
  const ended = standing.state === "ended";
  const date = (d: Date | null) => (d ? formatDate(new Date(d).toISOString()) : null);
  return (
    <section aria-labelledby="plan-title" className={card} data-testid="plan">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="plan-title" className="text-xl font-semibold text-gray-900">
            {plan.title}
            {plan.isTrial ? " (free trial)" : ""}
          </h2>
          <p className="text-sm text-gray-700" data-testid="plan-period">
            {plan.isTrial ? "Free trial" : plan.periodText}
          </p>
          <p
            className={`mt-1 text-sm font-semibold ${
              ended ? "text-red-800" : standing.renewal.on ? "text-emerald-800" : "text-amber-800"
            }`}
            data-testid="plan-status"
          >
            {standing.words.status}
          </p>
        </div>
        {standing.daysLeft !== null && !ended ? (
          <p className="rounded-full bg-rose-50 px-3 py-1 text-sm font-semibold text-gray-900">
            {standing.daysLeft} {standing.daysLeft === 1 ? "day" : "days"} left
          </p>
        ) : null}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-gray-700">Started</dt>
          <dd className="font-semibold text-gray-900">{formatDate(plan.startDate)}</dd>
        </div>
        <div>
          <dt className="text-gray-700">{ended ? "Ended" : plan.isPass ? "Your pass ends" : "Paid up to"}</dt>
          <dd className="font-semibold text-gray-900" data-testid="access-until">
            {date(standing.accessUntil) ?? "No end date"}
          </dd>
        </div>
        <div>
          <dt className="text-gray-700">Ebooks used</dt>
          <dd className="font-semibold text-gray-900">
            {plan.ebooks.limit === null
              ? `${plan.ebooks.used} (unlimited)`
              : `${plan.ebooks.used} of ${plan.ebooks.limit}`}
          </dd>
        </div>
      </dl>
      {standing.words.paidAhead ? (
        <p className="mt-4 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="paid-ahead">
          {standing.words.paidAhead}.
        </p>
      ) : null}
      {standing.words.renewal ? (
        <p className="mt-4 rounded-xl bg-rose-50 p-3 text-sm text-gray-900" data-testid="renewal-state">
          {standing.words.renewal}
        </p>
      ) : (
        <p className="mt-4 text-sm text-gray-700">
          Premium articles and your plan&apos;s ebooks are locked until you renew. Ebooks you bought stay yours.
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {plan.next ? null : (
          <Link to={plan.renewUrl} className={primary}>
            {ended ? "Renew now" : "Renew early"}
          </Link>
        )}
        {!ended && standing.accessUntil ? <RenewalForm subscriptionId={plan.id} cancel={standing.renewal.on} /> : null}
        <Link to="/pricing" className={secondary}>
          Change plan
        </Link>
      </div>
    </section>
  );
}

function PlanChanges({ changes }: { changes: Loaded["changes"] }) {
  const { upgrades, switchTargets, scheduled } = changes;
  if (upgrades.length === 0 && switchTargets.length === 0 && !scheduled) return null;
  return (
    <section aria-labelledby="change-title" className={card} data-testid="plan-changes">
      <h2 id="change-title" className="text-xl font-semibold text-gray-900">
        Change plan
      </h2>
      {upgrades.length > 0 ? (
        <div className="mt-3">
          <p className="text-sm text-gray-700">
            Upgrade now: the new plan starts today for a full period, and the unused part of what you paid is credited.
            Ebooks you unlocked stay yours.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            {upgrades.map((u) => (
              <Link key={u.slug} to={`/checkout/plan/${u.slug}?upgrade=1`} className={primary}>
                Upgrade to {u.name} for {u.charge}
              </Link>
            ))}
          </div>
        </div>
      ) : null}
      {scheduled ? (
        <Form method="post" className="mt-4 rounded-xl bg-rose-50 p-3 text-sm text-gray-900">
          <p data-testid="scheduled-switch">
            Switching to {scheduled.planName} when your plan ends on {scheduled.at}.
          </p>
          <input type="hidden" name="intent" value="cancel-switch" />
          <button className={`mt-2 ${secondary}`}>Keep my plan</button>
        </Form>
      ) : switchTargets.length > 0 ? (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="switch-plan" />
          <label className="text-sm text-gray-700">
            <span className="block">Move to a lower plan when this one ends</span>
            <select name="plan" className="mt-1 min-h-11 rounded-lg border border-rose-200 bg-white px-3 text-gray-900">
              {switchTargets.map((t) => (
                <option key={t.slug} value={t.slug}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <button className={secondary}>Switch at end of period</button>
        </Form>
      ) : null}
    </section>
  );
}

function Shelf({ shelf }: { shelf: Loaded["shelf"] }) {
  return (
    <section aria-labelledby="shelf-title" className={card}>
      <h2 id="shelf-title" className="text-xl font-semibold text-gray-900">
        My ebooks
      </h2>
      {shelf.length === 0 ? (
        <p className="mt-2 text-gray-700">
          No ebooks yet.{" "}
          <Link to="/ebooks" className="font-semibold text-brand-700 underline">
            Browse ebooks
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
                <Link to={`/ebook/${e.id}`} className="font-semibold text-gray-900 hover:underline">
                  {e.title}
                </Link>
                <p className="text-sm text-gray-700">
                  {e.how === "bought" ? "Bought" : "Unlocked with your plan"}
                  {e.progress ? ` · page ${e.progress.page}${e.progress.of ? ` of ${e.progress.of}` : ""}` : ""}
                </p>
                {e.canRead ? (
                  <Link
                    to={`/ebook/${e.id}/read`}
                    aria-label={`${e.progress ? "Continue" : "Read"} ${e.title}`}
                    className={`mt-2 ${primary} min-h-10 px-4 text-sm`}
                  >
                    {e.progress ? "Continue" : "Read"}
                  </Link>
                ) : (
                  <p className="mt-2 text-sm text-amber-800">Renew your plan to read it again.</p>
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
  if (!loaderData.signedIn) {
    return <SignInRequired what="Sign in to see your plan, your ebooks and your payments." returnTo="/dashboard" />;
  }
  const { plan, shelf, bookmarks, billing } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <LazyToast toast={toastOf(actionData)} />
      <h1 className="font-serif text-3xl font-bold text-gray-900">My Library</h1>
      <PlanCard plan={plan} />
      <PlanChanges changes={loaderData.changes} />
      <Shelf shelf={shelf} />
      <section aria-labelledby="gifts-title" className={card}>
        <h2 id="gifts-title" className="text-xl font-semibold text-gray-900">
          Gifts
        </h2>
        <p className="mt-2 text-gray-700">
          Plans and ebooks you gave, whether they were claimed, and the claim e-mail sent again.{" "}
          <Link to="/account/gifts" className="font-semibold text-brand-700 underline">
            Your gifts
          </Link>
        </p>
      </section>
      <section aria-labelledby="saved-title" className={card}>
        <h2 id="saved-title" className="text-xl font-semibold text-gray-900">
          Bookmarks
        </h2>
        <p className="mt-2 text-gray-700">
          {bookmarks.articles} {bookmarks.articles === 1 ? "article" : "articles"} and {bookmarks.ebooks}{" "}
          {bookmarks.ebooks === 1 ? "ebook" : "ebooks"} saved.{" "}
          <Link to="/bookmarks" className="font-semibold text-brand-700 underline">
            See bookmarks
          </Link>
        </p>
      </section>
      <BillingHistory entries={billing} />
      {islands ? <script type="module" src={accountScript} nonce={nonce} /> : null}
    </div>
  );
}
