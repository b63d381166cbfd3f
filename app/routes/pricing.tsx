import { data, Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import { ebookAllowanceText } from "~/components/commerce/plan-text";
import {
  allowanceWords,
  badgeWords,
  featureWords,
  perPeriodWords,
  periodText,
  planNameWords,
} from "~/components/commerce/plan-words";
import { useLocalHref, useLocale, useT } from "~/lib/i18n/use-t";
import { textParts } from "~/lib/i18n/parts";
import { translator } from "~/lib/i18n/i18n";
import { INTL_LOCALE, localeFromPath } from "~/lib/locale";
import { countryNameIn } from "~/modules/pricing/countries";
import { offerWordsSw, standingSummarySw } from "~/components/commerce/checkout-words";
import { perPeriodText, periodLabel } from "~/modules/membership/plan-period";
import type { Route } from "./+types/pricing";
import type { loader as rootLoader } from "~/root";
import { getOptionalUser } from "~/modules/access/viewer.server";
import { membershipOf, planOffers, type PlanOffer } from "~/modules/membership/membership.server";
import { priceCountries } from "~/modules/pricing/visitor-country.server";
import { chargingNotice } from "~/modules/pricing/charging-country-text";
import { PRICING_FALLBACK_MESSAGE } from "~/modules/pricing/pricing-response.server";
import { metaT, pageMeta } from "~/modules/site/meta";
import { getEnv } from "~/lib/env.server";
import { signInHref } from "~/lib/sign-in-href";
import { CANCEL_RULE, CARD_RULE, PREPAID_RULE } from "~/modules/membership/renewal-rules";
import { noteOfferView } from "~/modules/analytics/counter.server";
import { isId } from "~/lib/ids";
import type { RouteFacts } from "~/lib/route-facts";

export const handle: RouteFacts = { islands: true, guestPage: true, guestQuery: ["from"], countsViews: true };
import { upgradeOffers } from "~/modules/membership/upgrades.server";
import { formatKesCents } from "~/modules/pricing/money";
import { codedPlanPrices } from "~/modules/orders/offer-codes.server";
import { beginCodeAttempt } from "~/modules/orders/offer-code-attempts.server";
import { retryAfterHeader } from "~/lib/route-headers";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta({
    title: t("pricing.title"),
    description: t("pricing.description"),
    path: "/pricing",
    // The card and its words (og-page-cards.server.ts; tests/unit/page-meta.test.ts keeps them equal), written out: the
    // card list stays on the server, not in a chunk of its own that the page would preload.
    image: "/og/page/pricing.jpg",
    imageAlt: "Plans and prices: Every premium article and your choice of ebooks. Nuru",
    matches,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, { shown, charging }] = await Promise.all([getOptionalUser(context), priceCountries(request)]);
  // CASE: she picked a country other than where she is -> her pick's prices are shown, and beside each the price
  // checkout will charge from where she is (ADR 026).
  const notice = chargingNotice(shown.code, charging.code);
  // The page's language (its address): the words the loader writes, and the shillings' digits (ADR 048).
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  const sw = locale === "sw";
  const beside = !notice
    ? null
    : locale === "sw"
      ? t("pricing.chargedFrom", { country: countryNameIn(charging.code, locale) })
      : notice.beside;
  // CASE: opened from an article's paywall -> an offer view for that article, and checkout remembers the article.
  const from = new URL(request.url).searchParams.get("from");
  const fromArticle = isId(from) ? from.toLowerCase() : null;
  if (fromArticle) noteOfferView(fromArticle);
  const [offers, membership, chargedOffers, upgrades] = await Promise.all([
    planOffers(shown.code),
    membershipOf(user?.id ?? null),
    notice ? planOffers(charging.code) : null,
    user ? upgradeOffers(user.id, charging.code) : ({} as Awaited<ReturnType<typeof upgradeOffers>>),
  ]);
  const chargedHere = new Map(chargedOffers?.plans.map((p) => [p.id, p.shownPrice.label]));
  // CASE: a shared link /pricing?code=... -> the prices with the code, worked out here (no script); a code that does
  // not apply says why, and the normal prices stand (ADR 037). Checkout checks it again and takes it.
  // Guessing codes is limited per account and address (issue 46, item 4): past the limit the code is not looked
  // at, the page still answers with the normal prices, as 429 with Retry-After.
  const typed = new URL(request.url).searchParams.get("code");
  const attempt = typed?.trim() ? await beginCodeAttempt({ request, userId: user?.id }) : null;
  const coded =
    attempt && !attempt.allowed
      ? null
      : await codedPlanPrices({ code: typed, countryCode: shown.code, plans: offers.plans, userId: user?.id });
  if (attempt?.allowed) await attempt.settle({ refused: coded?.offer === null });
  const limited = attempt && !attempt.allowed ? attempt : null;
  const page = {
    ...offers,
    plans: offers.plans.map((plan) => {
      const withCode = coded?.prices.get(plan.id);
      return {
        ...plan,
        shownPrice: withCode ? { ...plan.shownPrice, label: withCode.label } : plan.shownPrice,
        priceBeforeCode: withCode?.beforeLabel ?? null,
        chargedHere: beside ? `${beside}: ${chargedHere.get(plan.id) ?? plan.shownPrice.label}.` : null,
        // A member's way up now (ADR 039): the difference after her credit, in the shillings she is charged.
        upgrade: (() => {
          const offer = upgrades[plan.slug];
          if (!offer) return null;
          return "covered" in offer
            ? { covered: true as const }
            : { charge: formatKesCents(offer.chargeCents, INTL_LOCALE[locale]) };
        })(),
      };
    }),
    // In Swahili (ADR 048): the code's few words and its refusal (one message for every reason) from the catalogue.
    offerCode: coded
      ? {
          code: coded.code,
          offer: coded.offer && sw ? offerWordsSw(t, coded.offer) : coded.offer,
          refusal: coded.refusal && sw ? t("checkout.codeRefused") : coded.refusal,
          carried: coded.offer ? coded.code : null,
        }
      : limited
        ? {
            code: typed!.trim().slice(0, 32),
            offer: null,
            refusal: sw ? t("checkout.codesLimited") : limited.message,
            carried: null,
          }
        : null,
    chargingNotice: beside ? `${beside}.` : null,
    fallbackMessage: !offers.fallback ? null : locale === "sw" ? t("pricing.fallback") : PRICING_FALLBACK_MESSAGE,
    // Her standing in one line, in Swahili from the same facts (the English words are member-standing.ts's).
    membership:
      sw && membership.current
        ? {
            ...membership,
            current: {
              ...membership.current,
              standing: {
                ...membership.current.standing,
                words: {
                  ...membership.current.standing.words,
                  summary: standingSummarySw(t, membership.current.standing),
                },
              },
            },
          }
        : membership,
    supportEmail: getEnv().SUPPORT_EMAIL,
    fromArticle,
  };
  return limited ? data(page, { status: 429, headers: retryAfterHeader(limited.retryAfterMs) }) : page;
}

/** The shell's headers (cookies), and the Retry-After of a code refused by the limit. */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const out = new Headers(parentHeaders);
  const retryAfter = loaderHeaders.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
};

function PlanCard({
  plan,
  membership,
  fromArticle,
  code,
}: {
  plan: PlanOffer & {
    chargedHere: string | null;
    priceBeforeCode: string | null;
    upgrade: { covered: true } | { charge: string } | null;
  };
  membership: Route.ComponentProps["loaderData"]["membership"];
  fromArticle: string | null;
  /** An offer code that applies, carried to checkout. */
  code: string | null;
}) {
  const busy = useNavigation().formData?.get("plan") === plan.slug;
  const t = useT();
  const localHref = useLocalHref();
  const swahili = useLocale() === "sw";
  const name = planNameWords(t, swahili, plan.name, plan);
  const query = new URLSearchParams();
  if (fromArticle) query.set("from", fromArticle);
  if (code && plan.priceBeforeCode) query.set("code", code);
  // In her language: the Swahili checkout from the Swahili page (ADR 048).
  const checkout = localHref(`/checkout/plan/${plan.slug}${query.size ? `?${query}` : ""}`);
  // A trial does not stand in the way of buying: the paid period starts when it ends.
  const current = membership.current?.isTrial ? null : membership.current;
  const isCurrent = current?.slug === plan.slug;
  const trialOffered = plan.trialDays > 0 && !membership.trialUsed && !membership.current;
  const highlighted = plan.badge === "Most Popular";
  return (
    <li
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        highlighted ? "border-brand-600 ring-2 ring-brand-600" : "border-rose-100"
      }`}
      aria-labelledby={`plan-${plan.slug}`}
    >
      {plan.badge ? (
        <span className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
          {badgeWords(t, swahili, plan.badge)}
        </span>
      ) : null}
      <h2 id={`plan-${plan.slug}`} className="text-xl font-semibold text-gray-900">
        {name}
      </h2>
      {/* An admin writes the description in English; the Swahili card says the same in its features below. */}
      {plan.description && !swahili ? <p className="mt-1 text-sm text-gray-700">{plan.description}</p> : null}
      {plan.priceBeforeCode ? (
        <p className="mt-4 text-sm text-gray-700">
          <span className="sr-only">{t("pricing.normalPrice")}</span>
          <s data-testid={`price-before-${plan.slug}`}>{plan.priceBeforeCode}</s>
        </p>
      ) : null}
      <p className={`${plan.priceBeforeCode ? "" : "mt-4 "}text-2xl font-bold text-gray-900`}>
        {plan.priceBeforeCode ? <span className="sr-only">{t("pricing.withCode")}</span> : null}
        <span data-testid={`price-${plan.slug}`}>{plan.shownPrice.label}</span>{" "}
        <span className="text-base font-medium whitespace-nowrap text-gray-700">
          {swahili ? perPeriodWords(t, plan) : perPeriodText(plan)}
        </span>
      </p>
      <p className="text-sm text-gray-700" data-testid={`period-${plan.slug}`}>
        {t("pricing.for")}
        {swahili ? periodText(t, plan) : periodLabel(plan)}
        {" · "}
        {swahili ? allowanceWords(t, plan.ebookLimit) : ebookAllowanceText(plan.ebookLimit)}
      </p>
      {plan.chargedHere ? (
        <p className="mt-1 text-sm font-medium text-amber-900" data-testid={`charged-${plan.slug}`}>
          {plan.chargedHere}
        </p>
      ) : null}
      <ul className="mt-4 flex-1 space-y-1.5 text-sm text-gray-800">
        {(swahili ? featureWords(t, plan) : plan.features).map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-brand-600">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-6 space-y-2">
        {isCurrent ? (
          <p className="rounded-full bg-emerald-50 py-2.5 text-center font-semibold text-emerald-900">
            {t("pricing.yourPlan")}
          </p>
        ) : plan.upgrade && "charge" in plan.upgrade ? (
          <>
            <Link
              to={localHref(`/checkout/plan/${plan.slug}?upgrade=1`)}
              className="block min-h-11 rounded-full bg-brand-600 py-2.5 text-center font-semibold text-white hover:bg-brand-700"
              data-testid={`upgrade-${plan.slug}`}
            >
              {t("pricing.upgradeFor")}
              {plan.upgrade.charge}
            </Link>
            <p className="text-center text-xs text-gray-700">{t("pricing.upgradeNote")}</p>
          </>
        ) : current ? (
          <p className="rounded-full bg-gray-100 py-2.5 text-center text-sm text-gray-700">
            {t("pricing.whenPlanEnds")}
          </p>
        ) : (
          <Link
            to={membership.signedIn ? checkout : localHref(signInHref(checkout, "subscribe"))}
            className="block min-h-11 rounded-full bg-brand-600 py-2.5 text-center font-semibold text-white hover:bg-brand-700"
            aria-label={t("pricing.getStartedWith", { name })}
          >
            {t("pricing.getStarted")}
          </Link>
        )}
        {trialOffered ? (
          membership.signedIn ? (
            <Form method="post" action={checkout}>
              <input type="hidden" name="intent" value="trial" />
              <input type="hidden" name="plan" value={plan.slug} />
              <button
                type="submit"
                disabled={busy}
                className="min-h-11 w-full rounded-full border border-brand-600 py-2.5 font-semibold text-brand-700 hover:bg-rose-50 disabled:opacity-70"
              >
                {busy ? t("pricing.starting") : t("pricing.startTrial")}
              </button>
            </Form>
          ) : (
            <Link
              to={signInHref(localHref("/pricing"), "subscribe")}
              className="block min-h-11 rounded-full border border-brand-600 py-2.5 text-center font-semibold text-brand-700 hover:bg-rose-50"
            >
              {t("pricing.startTrial")}
            </Link>
          )
        ) : null}
        {plan.trialDays > 0 ? (
          <p className="text-center text-xs text-gray-700">
            {textParts(t("pricing.trialNote", { days: plan.trialDays }), plan.trialDays)}
          </p>
        ) : null}
        <Link
          to={
            membership.signedIn
              ? `/gift/plan/${plan.slug}`
              : localHref(signInHref(`/gift/plan/${plan.slug}`, "subscribe"))
          }
          className="block min-h-11 py-2.5 text-center text-sm font-semibold text-brand-700 underline"
        >
          {t("pricing.give")}
          <span className="sr-only">{name} </span>
          {t("pricing.asGift")}
        </Link>
      </div>
    </li>
  );
}

/** The renewal rules (the Terms' words in English, renewal-rules.ts), up to the link to the Terms. */
function RenewalRules() {
  const t = useT();
  if (useLocale() === "sw") return <>{t("pricing.rules")}</>;
  // The texts as the page wrote them before, one by one (the same HTML).
  const texts = [
    "Payments by M-Pesa or card through Pesapal, charged in Kenyan shillings. ",
    PREPAID_RULE,
    " ",
    CARD_RULE,
    " ",
    CANCEL_RULE,
    " See the",
  ];
  return <>{texts}</>;
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { plans, fallbackMessage, membership, supportEmail, chargingNotice: notice, offerCode } = loaderData;
  const country = useRouteLoaderData<typeof rootLoader>("root")?.country ?? null;
  const current = membership.current;
  const t = useT();
  const sw = useLocale() === "sw";
  const localHref = useLocalHref();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="font-serif text-3xl font-bold text-gray-900 sm:text-4xl">{t("pricing.title")}</h1>
        <p className="mt-3 text-gray-700">{t("pricing.intro")}</p>
        {country ? (
          <p className="mt-3 text-sm text-gray-800">
            {t("pricing.pricesFor")}
            {sw ? countryNameIn(country.code, "sw") : country.name}
            {" ·"}{" "}
            <Link
              to={localHref(`/country?redirectTo=${encodeURIComponent(localHref("/pricing"))}`)}
              className="font-semibold text-brand-700 underline"
            >
              {t("footer.change")}
            </Link>
            {notice ? <span className="mt-1 block text-amber-900">{notice}</span> : null}
          </p>
        ) : null}
      </div>
      {fallbackMessage ? (
        <p
          role="alert"
          className="mx-auto mt-6 max-w-2xl rounded-md bg-amber-50 p-3 text-center text-sm text-amber-900"
        >
          {fallbackMessage}
        </p>
      ) : null}
      {offerCode ? (
        offerCode.offer ? (
          <p
            role="status"
            className="mx-auto mt-6 max-w-2xl rounded-md bg-emerald-50 p-3 text-center text-emerald-900"
            data-testid="offer-code"
          >
            {t("pricing.offerCode")}
            <span className="font-mono font-semibold">{offerCode.code}</span>: {offerCode.offer}
            {t("pricing.offerIncluded")}
          </p>
        ) : (
          <p
            role="alert"
            className="mx-auto mt-6 max-w-2xl rounded-md bg-amber-50 p-3 text-center text-amber-900"
            data-testid="offer-code"
          >
            {offerCode.refusal}
          </p>
        )
      ) : null}
      {current ? (
        <p role="status" className="mx-auto mt-6 max-w-2xl rounded-md bg-emerald-50 p-3 text-center text-emerald-900">
          {t("pricing.yourPlanIs")}
          <span data-testid="pricing-standing">{current.standing.words.summary}</span>.{" "}
          <Link to={localHref("/articles")} className="font-semibold underline">
            {t("pricing.startReading")}
          </Link>
        </p>
      ) : null}
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            membership={membership}
            fromArticle={loaderData.fromArticle}
            code={offerCode?.carried ?? null}
          />
        ))}
      </ul>
      <p className="mt-8 text-center font-medium text-gray-800">{t("pricing.cancelAnytime")}</p>
      <p className="mx-auto mt-2 max-w-3xl text-center text-sm text-gray-700" data-testid="renewal-rules">
        <RenewalRules />{" "}
        <Link to={localHref("/terms")} className="font-semibold text-brand-700 underline">
          {t("pricing.terms")}
        </Link>
        .
      </p>
      <div className="mx-auto mt-10 max-w-3xl rounded-2xl bg-rose-50 p-6 text-center">
        <h2 className="font-semibold text-gray-900">{t("pricing.groupTitle")}</h2>
        <p className="mt-1 text-sm text-gray-700">{t("pricing.groupLine")}</p>
        <a
          href={`mailto:${supportEmail}?subject=${encodeURIComponent(t("pricing.groupSubject"))}`}
          className="mt-3 inline-block min-h-11 rounded-full border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-white"
        >
          {t("pricing.contactSales")}
        </a>
      </div>
    </div>
  );
}
