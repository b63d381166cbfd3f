import { data, Form, Link, useNavigation } from "react-router";
import { SignInRequired } from "~/components/layout/sign-in-required";
import type { Route } from "./+types/dashboard";
import { pageMeta } from "~/modules/site/meta";
import { getRequestViewer, requireUser } from "~/modules/access/viewer.server";
import { getCurrentSubscription, listBillingHistory } from "~/modules/membership/library.server";
import { cancelRenewal, resumeRenewal, SubscriptionError } from "~/modules/membership/subscriptions.server";
import { listShelf } from "~/modules/reader/library-ebooks.server";
import { bookmarkCounts } from "~/modules/engagement/bookmarks.server";
import { readForm } from "~/lib/read-form.server";
import { formatDate } from "~/lib/format";
import { redirectWithToast } from "~/modules/site/flash.server";
import { LazyToast } from "~/components/ui/lazy-toast";
import { BillingHistory } from "~/components/commerce/billing-history";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "My Library",
    description: "Your plan, ebooks and payments on Nuru.",
    path: "/dashboard",
    matches,
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { viewer, user } = await getRequestViewer(context);
  if (!user) return { signedIn: false as const };
  const [plan, shelf, bookmarks, billing] = await Promise.all([
    getCurrentSubscription(user.id, viewer.now),
    listShelf(viewer),
    bookmarkCounts(user.id),
    listBillingHistory(user.id, 100),
  ]);
  return { signedIn: true as const, plan, shelf, bookmarks, billing };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = String(form.get("subscriptionId") ?? "");
  try {
    if (intent === "cancel-renewal") {
      const state = await cancelRenewal(user.id, id);
      return redirectWithToast("/dashboard", {
        kind: "success",
        title: "Renewal cancelled",
        message: `You keep full access until ${formatDate(state.accessUntil.toISOString())}. You can undo this until then.${
          state.card ? " Any card charge that still arrives is refunded automatically." : ""
        }`,
      });
    }
    if (intent === "resume-renewal") {
      const state = await resumeRenewal(user.id, id);
      return redirectWithToast("/dashboard", {
        kind: "success",
        title: "Renewal resumed",
        message:
          state.card === "active"
            ? `Your card renews your plan on ${formatDate(state.accessUntil.toISOString())}.`
            : `We will remind you before your paid time ends on ${formatDate(state.accessUntil.toISOString())}.`,
      });
    }
    return data({ toast: { kind: "error" as const, title: "Error", message: "Unknown request." } }, 400);
  } catch (error) {
    if (!(error instanceof SubscriptionError)) throw error;
    return data(
      { toast: { kind: "error" as const, title: "Could not change renewal", message: error.message } },
      error.code === "NOT_FOUND" ? 404 : 409,
    );
  }
}

const button =
  "inline-flex min-h-11 items-center justify-center rounded-full px-5 font-semibold focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:ring-offset-2 focus-visible:outline-none";
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
const secondary = `${button} border border-brand-600 text-brand-700 hover:bg-rose-50`;
const card = "rounded-2xl border border-rose-100 bg-white p-5 shadow-sm sm:p-6";

type Loaded = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;

function RenewalForm({ subscriptionId, cancel }: { subscriptionId: string; cancel: boolean }) {
  const busy = useNavigation().formData?.get("subscriptionId") === subscriptionId;
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (cancel && !window.confirm("Cancel renewal? You keep access until your paid time ends, and can undo this."))
          event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={cancel ? "cancel-renewal" : "resume-renewal"} />
      <input type="hidden" name="subscriptionId" value={subscriptionId} />
      <button disabled={busy} className={cancel ? secondary : primary}>
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
            {plan.planName} plan{plan.isTrial ? " (free trial)" : ""}
          </h2>
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
          <dt className="text-gray-700">{ended ? "Ended" : "Paid up to"}</dt>
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
  if (!loaderData.signedIn) {
    return <SignInRequired what="Sign in to see your plan, your ebooks and your payments." returnTo="/dashboard" />;
  }
  const { plan, shelf, bookmarks, billing } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <LazyToast toast={actionData?.toast ?? null} />
      <h1 className="font-serif text-3xl font-bold text-gray-900">My Library</h1>
      <PlanCard plan={plan} />
      <Shelf shelf={shelf} />
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
    </div>
  );
}
