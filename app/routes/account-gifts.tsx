// /account/gifts: the gifts she has given (issue 33, ADR 038), each with its status and, while unclaimed, a Resend
// button (a new claim link; a few an hour per gift).
import { data, Form, Link } from "react-router";
import { GiftShareLink } from "~/components/commerce/gift-share-link";
import { SignInRequired } from "~/components/layout/sign-in-required";
import type { Route } from "./+types/account-gifts";
import { getOptionalUser, requireUser } from "~/modules/access/viewer.server";
import { giftsOfBuyer, resendGiftForBuyer, shareGiftLinkForBuyer } from "~/modules/membership/gifts.server";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { resendGiftFormSchema } from "~/modules/membership/member-forms";
import { formatDate } from "~/lib/format";
import { redirectWithToast } from "~/modules/site/flash.server";
import type { RouteFacts } from "~/lib/route-facts";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import accountScript from "~/islands/account-page.ts?worker&url";
import { useLocale, useLocalHref, useT } from "~/lib/i18n/use-t";
import { translator, type Translate } from "~/lib/i18n/i18n";
import { localeFromPath, localizedHref } from "~/lib/locale";
import { metaT } from "~/modules/site/meta";
import { PlanTitle } from "~/components/commerce/plan-words";
import type { GiftListItem } from "~/modules/membership/gifts.server";

// An islands page (ADR 045): rendered by the server only. Resend is a plain post; account-page.ts sends "Get a link to
// share" in place (its answer is this page with the link: a reload then asks for no new link) and adds Copy link.
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaT(matches)("gifts.title")} | Nuru` },
  { name: "robots", content: "noindex" },
];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getOptionalUser(context);
  if (!user) return { signedIn: false as const };
  return { signedIn: true as const, gifts: await giftsOfBuyer(user.id) };
}

/** The answer to Resend (or to a link that could not be made), in the page's language. */
function resendMessage(t: Translate, outcome: "sent" | "rate-limited" | "not-sendable" | "not-found") {
  if (outcome === "sent")
    return { kind: "success", title: t("gifts.sentAgain"), message: t("gifts.sentAgainMessage") } as const;
  const message =
    outcome === "rate-limited"
      ? t("gifts.rateLimited")
      : outcome === "not-sendable"
        ? t("gifts.notSendable")
        : t("gifts.notFound");
  return { kind: "error", title: t("gifts.notSent"), message } as const;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  const here = localizedHref("/account/gifts", locale);
  const { submission } = await readSubmission(request, resendGiftFormSchema);
  if (submission.status !== "success") return refuseForm(submission);
  if (submission.value.intent === "link") {
    const shared = await shareGiftLinkForBuyer(user.id, submission.value.giftId);
    // The link is the key to the gift: shown in this answer only, never in an address or a cookie.
    if (typeof shared !== "string") {
      return data(
        { shared: { giftId: submission.value.giftId, url: shared.url } },
        { headers: { "Cache-Control": "private, no-store" } },
      );
    }
    throw await redirectWithToast(here, resendMessage(t, shared));
  }
  const outcome = await resendGiftForBuyer(user.id, submission.value.giftId);
  throw await redirectWithToast(here, resendMessage(t, outcome));
}

const STATUS_TONES: Record<string, string> = {
  claimed: "bg-emerald-50 text-emerald-900",
  unclaimed: "bg-amber-50 text-amber-900",
  paid: "bg-sky-50 text-sky-900",
  revoked: "bg-gray-100 text-gray-800",
  awaiting_payment: "bg-gray-100 text-gray-800",
};

export default function AccountGifts({ loaderData, actionData }: Route.ComponentProps) {
  const shared = actionData && "shared" in actionData ? actionData.shared : null;
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const t = useT();
  const localHref = useLocalHref();
  const locale = useLocale();
  const sw = locale === "sw";
  if (!loaderData.signedIn) return <SignInRequired what={t("gifts.signIn")} returnTo={localHref("/account/gifts")} />;
  const { gifts } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link
        to={localHref("/dashboard")}
        className="inline-block py-2 text-sm font-medium text-brand-700 hover:underline"
      >
        {t("gifts.back")}
      </Link>
      <h1 className="mt-2 font-serif text-3xl font-bold text-gray-900">{t("gifts.title")}</h1>
      <p className="mt-2 text-gray-700">
        {t("gifts.introBefore")}{" "}
        <Link to={localHref("/pricing")} className="font-semibold text-brand-700 underline">
          {t("gifts.introPlan")}
        </Link>{" "}
        {t("gifts.introAfter")}
      </p>
      {gifts.length === 0 ? (
        <p className="mt-6 rounded-xl border border-rose-100 bg-white p-6 text-gray-800">{t("gifts.none")}</p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label={t("gifts.title")}>
          {gifts.map((gift) => (
            <li key={gift.id} className="rounded-xl border border-rose-100 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold text-gray-900 first-letter:uppercase">
                    {sw ? <GiftItemWords facts={gift.itemFacts} /> : gift.item}
                  </p>
                  <p className="text-sm break-all text-gray-700">
                    {sw ? t("gifts.for", { email: gift.recipientEmail }) : <>For {gift.recipientEmail}</>}
                  </p>
                </div>
                <span
                  className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_TONES[gift.status]}`}
                  data-testid="gift-status"
                >
                  {sw ? giftStatusWords(t, gift.status) : gift.statusLabel}
                </span>
              </div>
              {sw ? (
                <p className="mt-2 text-sm text-gray-700">
                  {[
                    t("gifts.bought", { date: formatDate(gift.createdAt, locale) }),
                    gift.status === "paid" && gift.deliverOn
                      ? t("gifts.toBeSent", { date: formatDate(`${gift.deliverOn}T09:00:00Z`, locale) })
                      : null,
                    gift.sentAt ? t("gifts.sent", { date: formatDate(gift.sentAt, locale) }) : null,
                    gift.claimedAt ? t("gifts.claimed", { date: formatDate(gift.claimedAt, locale) }) : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              ) : (
                <p className="mt-2 text-sm text-gray-700">
                  Bought {formatDate(gift.createdAt)}
                  {gift.status === "paid" && gift.deliverOn
                    ? ` · to be sent on ${formatDate(`${gift.deliverOn}T09:00:00Z`)}`
                    : ""}
                  {gift.sentAt ? ` · sent ${formatDate(gift.sentAt)}` : ""}
                  {gift.claimedAt ? ` · claimed ${formatDate(gift.claimedAt)}` : ""}
                </p>
              )}
              {gift.status === "unclaimed" || gift.status === "paid" ? (
                <Form method="post" className="mt-3 flex flex-wrap gap-2">
                  <input type="hidden" name="giftId" value={gift.id} />
                  {gift.status === "unclaimed" ? (
                    <button
                      type="submit"
                      name="intent"
                      value="resend"
                      className="min-h-11 rounded-full border border-brand-600 px-5 py-2 font-semibold text-brand-700 hover:bg-rose-50"
                    >
                      {t("gifts.resend")}
                    </button>
                  ) : null}
                  <button
                    type="submit"
                    name="intent"
                    value="link"
                    data-in-place=""
                    className="min-h-11 rounded-full border border-brand-600 px-5 py-2 font-semibold text-brand-700 hover:bg-rose-50"
                  >
                    {t("gifts.getLink")}
                  </button>
                </Form>
              ) : null}
              {shared?.giftId === gift.id ? <GiftShareLink url={shared.url} /> : null}
            </li>
          ))}
        </ul>
      )}
      {islands ? <script type="module" src={accountScript} nonce={nonce} /> : null}
    </div>
  );
}

/** A gift's status in Swahili (English keeps the module's GIFT_STATUS_LABELS). */
function giftStatusWords(t: Translate, status: GiftListItem["status"]): string {
  if (status === "claimed") return t("gifts.status.claimed");
  if (status === "unclaimed") return t("gifts.status.unclaimed");
  if (status === "paid") return t("gifts.status.paid");
  return status === "revoked" ? t("gifts.status.revoked") : t("gifts.status.awaitingPayment");
}

/** What the gift is, in Swahili: the plan as an item, or the ebook by its title. */
function GiftItemWords({ facts }: { facts: GiftListItem["itemFacts"] }) {
  const t = useT();
  if (facts.kind === "ebook") return t("gifts.itemEbook", { title: facts.name });
  return <PlanTitle name={facts.name} plan={facts.period ?? { periodUnit: "month", periodCount: 1 }} />;
}
