// /gift/:token: the recipient's claim page (issue 33, ADR 038). What the gift is and the sender's note, never the
// price; signed out, she signs in or creates an account and comes back here; signed in, one plain form claims it.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/gift-claim";
import { getOptionalUser } from "~/modules/access/viewer.server";
import { claimGift, viewClaim } from "~/modules/membership/gifts.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { formatDate } from "~/lib/format";
import { signInHref } from "~/lib/sign-in-href";
import { FormNotice } from "~/components/ui/form-notice";
import { readForm } from "~/lib/read-form.server";
import { refusal } from "~/lib/app-error.server";
import { refusalOf } from "~/lib/action-result";
import { GIFT_ERRORS } from "~/modules/membership/gift-errors";

// A shared claim link's preview (WhatsApp, issue 46) says "a Nuru gift" and nothing of what it is or who gave it.
export const meta: Route.MetaFunction = () => [
  { title: "A Nuru gift for you" },
  { name: "description", content: "A Nuru gift." },
  { property: "og:title", content: "A Nuru gift for you" },
  { property: "og:description", content: "A Nuru gift." },
  { name: "robots", content: "noindex" },
  // The link is the key: never sent on as a Referer.
  { name: "referrer", content: "no-referrer" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ params, context }: Route.LoaderArgs) {
  const [view, user] = await Promise.all([viewClaim(params.token), getOptionalUser(context)]);
  const path = `/gift/${params.token}`;
  return data(
    {
      view,
      signedInAs: user?.email ?? null,
      signIn: signInHref(path),
      signUp: `/signin?view=signup&redirectTo=${encodeURIComponent(path)}`,
    },
    { status: view.kind === "open" ? 200 : 404 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await getOptionalUser(context);
  if (!user) return refusal(GIFT_ERRORS.GIFT_SIGN_IN_FIRST);
  // Read for the body limits only: the link and the signed-in reader are all a claim needs.
  await readForm(request);
  const outcome = await claimGift(params.token, user.id);
  switch (outcome.kind) {
    case "claimed": {
      const message =
        outcome.itemKind === "plan"
          ? `Your plan runs from ${formatDate(outcome.startDate!.toISOString())}${
              outcome.endDate ? ` to ${formatDate(outcome.endDate.toISOString())}` : ""
            }. Enjoy every premium article.`
          : "The ebook is in your library.";
      throw await redirectWithToast(outcome.itemKind === "plan" ? "/articles" : `/ebook/${outcome.ebookId}`, {
        kind: "success",
        title: "Gift claimed",
        message,
      });
    }
    case "already-claimed":
      return refusal(GIFT_ERRORS.GIFT_ALREADY_CLAIMED);
    case "already-owned":
      return refusal(GIFT_ERRORS.GIFT_ALREADY_OWNED);
    default:
      return refusal(GIFT_ERRORS.GIFT_LINK_INVALID);
  }
}

const button =
  "inline-flex min-h-12 w-full items-center justify-center rounded-full px-6 py-3 text-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";

export default function GiftClaim({ loaderData, actionData }: Route.ComponentProps) {
  const { view, signedInAs, signIn, signUp } = loaderData;
  const refused = refusalOf(actionData);
  if (view.kind !== "open") {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <h1 className="font-serif text-3xl font-bold text-gray-900">A gift on Nuru</h1>
        <p className="mt-4 text-gray-800">
          {(view.kind === "claimed" ? GIFT_ERRORS.GIFT_ALREADY_CLAIMED : GIFT_ERRORS.GIFT_LINK_INVALID).message}
        </p>
        <Link to="/" className="mt-6 inline-block font-semibold text-brand-700 underline">
          Go to Nuru
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-gray-900">A gift for you</h1>
      <section aria-label="Your gift" className="mt-6 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
        <p className="text-lg text-gray-900">
          <span className="font-semibold break-words">{view.from}</span> has given you{" "}
          <span className="font-semibold" data-testid="gift-item">
            {view.item}
          </span>
          .
        </p>
        {view.note ? (
          <blockquote className="mt-4 border-l-4 border-brand-200 pl-4 whitespace-pre-line text-gray-800 italic break-words">
            {view.note}
          </blockquote>
        ) : null}
        <p className="mt-4 text-sm text-gray-700">
          {view.itemKind === "plan"
            ? "The plan starts on the day you claim it (after any plan you already have)."
            : "The ebook stays in your library."}{" "}
          This link works once, until {view.expires}.
        </p>
      </section>
      {refused ? (
        <FormNotice
          className="mt-4"
          notice={{ ok: false, title: refused.error.title, message: refused.error.message }}
        />
      ) : null}
      {signedInAs ? (
        <div className="mt-6">
          <Form method="post">
            <button type="submit" className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
              Claim my gift
            </button>
          </Form>
          <Form method="post" action="/signout" className="mt-3 text-center text-sm text-gray-700">
            Signed in as <span className="break-all">{signedInAs}</span>. Not you?{" "}
            <button type="submit" className="font-semibold text-brand-700 underline">
              Sign out
            </button>
          </Form>
        </div>
      ) : (
        <div className="mt-6 space-y-3">
          <p className="text-gray-800">
            Sign in, or create a free account, to claim it. You come back here afterwards.
          </p>
          <Link to={signUp} className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
            Create an account
          </Link>
          <Link to={signIn} className={`${button} border border-brand-600 text-brand-700 hover:bg-rose-50`}>
            Sign in
          </Link>
        </div>
      )}
    </div>
  );
}
