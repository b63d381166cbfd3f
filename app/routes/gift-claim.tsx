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
import { useLocalHref, useLocale, useT } from "~/lib/i18n/use-t";
import { translator, type Translate } from "~/lib/i18n/i18n";
import { localeFromPath, localeHref, localizedHref, type Locale } from "~/lib/locale";
import { metaT } from "~/modules/site/meta";

// A shared claim link's preview (WhatsApp, issue 46) says "a Nuru gift" and nothing of what it is or who gave it.
export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("gift.claimMetaTitle") },
    { name: "description", content: t("gift.claimMetaDescription") },
    { property: "og:title", content: t("gift.claimMetaTitle") },
    { property: "og:description", content: t("gift.claimMetaDescription") },
    { name: "robots", content: "noindex" },
    // The link is the key: never sent on as a Referer.
    { name: "referrer", content: "no-referrer" },
  ];
};

/** A claim's refusal in the page's language (the English as GIFT_ERRORS says it). */
function giftRefusal(t: Translate, locale: Locale, code: keyof typeof GIFT_ERRORS) {
  const error = GIFT_ERRORS[code];
  if (locale === "en") return refusal(error);
  const message = {
    GIFT_SIGN_IN_FIRST: t("gift.error.signInFirst"),
    GIFT_LINK_INVALID: t("gift.error.linkInvalid"),
    GIFT_ALREADY_CLAIMED: t("gift.error.alreadyClaimed"),
    GIFT_ALREADY_OWNED: t("gift.error.alreadyOwned"),
  }[code];
  return refusal({ ...error, title: t("gift.notClaimed"), message });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  const [view, user] = await Promise.all([viewClaim(params.token, new Date(), locale), getOptionalUser(context)]);
  const path = localeHref(`/gift/${params.token}`, locale);
  return data(
    {
      view,
      signedInAs: user?.email ?? null,
      signIn: localizedHref(signInHref(path), locale),
      signUp: localizedHref(`/signin?view=signup&redirectTo=${encodeURIComponent(path)}`, locale),
    },
    { status: view.kind === "open" ? 200 : 404 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await getOptionalUser(context);
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  if (!user) return giftRefusal(t, locale, "GIFT_SIGN_IN_FIRST");
  // Read for the body limits only: the link and the signed-in reader are all a claim needs.
  await readForm(request);
  const outcome = await claimGift(params.token, user.id);
  switch (outcome.kind) {
    case "claimed": {
      const message =
        locale === "sw"
          ? outcome.itemKind === "plan"
            ? outcome.endDate
              ? t("gift.claimedPlanUntil", {
                  from: formatDate(outcome.startDate!.toISOString(), locale),
                  to: formatDate(outcome.endDate.toISOString(), locale),
                })
              : t("gift.claimedPlan", { from: formatDate(outcome.startDate!.toISOString(), locale) })
            : t("gift.claimedEbook")
          : outcome.itemKind === "plan"
            ? `Your plan runs from ${formatDate(outcome.startDate!.toISOString())}${
                outcome.endDate ? ` to ${formatDate(outcome.endDate.toISOString())}` : ""
              }. Enjoy every premium article.`
            : "The ebook is in your library.";
      const next = outcome.itemKind === "plan" ? "/articles" : `/ebook/${outcome.ebookId}`;
      throw await redirectWithToast(localizedHref(next, locale), {
        kind: "success",
        title: locale === "sw" ? t("gift.claimed") : "Gift claimed",
        message,
      });
    }
    case "already-claimed":
      return giftRefusal(t, locale, "GIFT_ALREADY_CLAIMED");
    case "already-owned":
      return giftRefusal(t, locale, "GIFT_ALREADY_OWNED");
    default:
      return giftRefusal(t, locale, "GIFT_LINK_INVALID");
  }
}

const button =
  "inline-flex min-h-12 w-full items-center justify-center rounded-full px-6 py-3 text-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";

export default function GiftClaim({ loaderData, actionData }: Route.ComponentProps) {
  const { view, signedInAs, signIn, signUp } = loaderData;
  const refused = refusalOf(actionData);
  const t = useT();
  const localHref = useLocalHref();
  const sw = useLocale() === "sw";
  if (view.kind !== "open") {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <h1 className="font-serif text-3xl font-bold text-gray-900">{t("gift.onNuru")}</h1>
        <p className="mt-4 text-gray-800">
          {sw
            ? view.kind === "claimed"
              ? t("gift.error.alreadyClaimed")
              : t("gift.error.linkInvalid")
            : (view.kind === "claimed" ? GIFT_ERRORS.GIFT_ALREADY_CLAIMED : GIFT_ERRORS.GIFT_LINK_INVALID).message}
        </p>
        <Link to={localHref("/")} className="mt-6 inline-block font-semibold text-brand-700 underline">
          {t("gift.goToNuru")}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-gray-900">{t("gift.forYou")}</h1>
      <section
        aria-label={t("gift.yourGift")}
        className="mt-6 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm"
      >
        <p className="text-lg text-gray-900">
          <span className="font-semibold break-words">{view.from}</span>
          {t("gift.hasGivenYou")}{" "}
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
          {view.itemKind === "plan" ? t("gift.planStarts") : t("gift.ebookStays")} {t("gift.linkWorksOnce")}
          {view.expires}.
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
              {t("gift.claimMine")}
            </button>
          </Form>
          <Form method="post" action="/signout" className="mt-3 text-center text-sm text-gray-700">
            {t("gift.signedInAs")}
            <span className="break-all">{signedInAs}</span>
            {t("gift.notYou")}{" "}
            <button type="submit" className="font-semibold text-brand-700 underline">
              {t("gift.signOut")}
            </button>
          </Form>
        </div>
      ) : (
        <div className="mt-6 space-y-3">
          <p className="text-gray-800">{t("gift.signInToClaim")}</p>
          <Link to={signUp} className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
            {t("gift.createAccount")}
          </Link>
          <Link to={signIn} className={`${button} border border-brand-600 text-brand-700 hover:bg-rose-50`}>
            {t("gift.signIn")}
          </Link>
        </div>
      )}
    </div>
  );
}
