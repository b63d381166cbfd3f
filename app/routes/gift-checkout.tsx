// /gift/plan/:slug and /gift/ebook/:id: buy a plan or an ebook for someone else (issue 33, ADR 038). The same
// checkout as her own purchase, without the "you already have it" rules; the recipient gets a claim link by e-mail.
import { useItemWords } from "~/components/commerce/use-item-words";
import { data, redirect, useNavigation } from "react-router";
import { CheckoutBackLink } from "~/components/commerce/checkout-back-link";
import { ebookAllowanceText } from "~/components/commerce/plan-text";
import type { Route } from "./+types/gift-checkout";
import { getOptionalUser, type SessionUser } from "~/modules/access/viewer.server";
import { quoteCheckout, startCheckout, type CheckoutItem } from "~/modules/payments/checkout.server";
import { CHECKOUT_ERRORS, isCheckoutError } from "~/modules/orders/checkout-errors";
import { BASE_CURRENCY, formatPrice } from "~/modules/pricing/pricing";
import { priceCountries } from "~/modules/pricing/visitor-country.server";
import { chargingNotice } from "~/modules/pricing/charging-country-text";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { AppError } from "~/lib/app-error";
import { refusalOf } from "~/lib/action-result";
import { pageAddressOf, signInHref } from "~/lib/sign-in-href";
import { FormNotice } from "~/components/ui/form-notice";
import {
  ChargedAndReceiptRows,
  ChargingCountryNotice,
  OrderSummary,
  SummaryRow,
} from "~/components/commerce/order-summary";
import { giftCheckoutSchema, nairobiToday } from "~/modules/membership/gift-form";
import { periodLabel } from "~/modules/membership/plan-period";
import { giftDetailsForRetry } from "~/modules/membership/gifts.server";
import { readPaymentMethodSettings } from "~/modules/payments/payment-provider.server";
import { darajaAvailable } from "~/modules/payments/daraja-gateway.server";
import { GiftDetailsForm } from "~/components/commerce/gift-details-form";
import type { RouteFacts } from "~/lib/route-facts";
import { useLocale, useT } from "~/lib/i18n/use-t";
import { translator } from "~/lib/i18n/i18n";
import { localeFromPath, localizedHref } from "~/lib/locale";
import { metaT } from "~/modules/site/meta";
import { allowanceWords, periodText } from "~/components/commerce/plan-words";
import { chargingNoticeSw, giftCheckSw, refusalWords } from "~/components/commerce/checkout-words";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import checkoutScript from "~/islands/checkout-page.ts?worker&url";

// An islands page (ADR 045), with her own checkout's script: the gift's details checked before they go, Pay busy.
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return [
    { title: loaderData ? t("gift.metaTitle", { name: loaderData.quote.name }) : t("gift.metaTitleBare") },
    { name: "robots", content: "noindex" },
  ];
};

function itemOf(params: Route.LoaderArgs["params"]): CheckoutItem {
  if (params.kind === "plan") return { kind: "plan", slug: params.id };
  if (params.kind === "ebook") return { kind: "ebook", id: params.id };
  throw data(null, { status: 404 });
}

async function buyerOrSignIn({
  request,
  context,
}: Pick<Route.LoaderArgs, "request" | "context">): Promise<SessionUser> {
  const user = await getOptionalUser(context);
  if (user) return user;
  throw redirect(signInHref(pageAddressOf(request.url), "subscribe"));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const item = itemOf(params);
  const user = await buyerOrSignIn({ request, context });
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  const sw = locale === "sw";
  const { shown, charging } = await priceCountries(request);
  const quote = await quoteCheckout(item, charging.code);
  if (!quote) throw data(null, { status: 404 });
  const today = nairobiToday(new Date());
  // "Try again" after a payment that did not go through (issue 46): the gift's details come from her own order's row.
  const retryOf = new URL(request.url).searchParams.get("retry");
  const retry = retryOf ? await giftDetailsForRetry(user.id, retryOf.slice(0, 64)) : null;
  return {
    quote: {
      kind: quote.kind,
      itemId: quote.itemId,
      name: quote.name,
      periodText: quote.period ? (sw ? periodText(t, quote.period) : periodLabel(quote.period)) : null,
      ebookLimit: quote.ebookLimit,
      coverImageUrl: quote.coverImageUrl,
      label: quote.price.label,
      charged: formatPrice(quote.price.chargedCents, BASE_CURRENCY),
    },
    email: user.email,
    // M-Pesa direct (ADR 043) beside the card, as on her own checkout.
    mpesaDirect: (await readPaymentMethodSettings()).mpesa === "daraja" && darajaAvailable(),
    notice:
      sw && chargingNotice(shown.code, charging.code)
        ? chargingNoticeSw(t, shown.code, charging.code)
        : chargingNotice(shown.code, charging.code),
    today,
    retry: retry
      ? {
          recipientEmail: retry.recipientEmail,
          recipientPhone: retry.recipientPhone ?? "",
          note: retry.note ?? "",
          // CASE: the date she picked has passed -> empty (send when paid) rather than a date the form refuses.
          deliverOn: retry.deliverOn && retry.deliverOn >= today ? retry.deliverOn : "",
        }
      : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const item = itemOf(params);
  const user = await buyerOrSignIn({ request, context });
  const { submission } = await readSubmission(request, giftCheckoutSchema);
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  // The notice above the form names no field: each field says what to fix beside it.
  if (submission.status !== "success") {
    // In Swahili: each field's message from the catalogue (the same English as the schema's).
    const fieldErrors =
      locale === "sw"
        ? Object.fromEntries(
            Object.entries(submission.error ?? {}).map(([field, messages]) => [
              field,
              (messages ?? []).map((message) => giftCheckSw(t, message)),
            ]),
          )
        : undefined;
    return refuseForm(submission, {
      error: new AppError("VALIDATION", locale === "sw" ? t("gift.checkDetails") : "Please check the gift's details."),
      fieldErrors,
    });
  }
  try {
    const { charging, picked } = await priceCountries(request);
    const { method, ...gift } = submission.value;
    const { redirectUrl } = await startCheckout({
      buyer: user,
      item,
      countryCode: charging.code,
      countryEvidence: { source: charging.source, picked },
      gift,
      method,
      locale,
    });
    return redirect(localizedHref(redirectUrl, locale), 303);
  } catch (error) {
    if (!isCheckoutError(error)) throw error;
    if (error.is(CHECKOUT_ERRORS.ITEM_NOT_FOUND)) throw data(null, { status: 404 });
    // CASE: the date is out of range -> said beside the date too, with everything she typed kept.
    const message = refusalWords(t, locale, error);
    const fieldErrors = error.is(CHECKOUT_ERRORS.GIFT_DATE_INVALID) ? { deliverOn: [message] } : undefined;
    return refuseForm(submission, {
      error: locale === "sw" ? new AppError(CHECKOUT_ERRORS[error.code], message) : error,
      fieldErrors,
    });
  }
}

export default function GiftCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, email, notice, today, retry } = loaderData;
  const busy = useNavigation().state !== "idle";
  const refused = refusalOf(actionData);
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const t = useT();
  const itemWords = useItemWords(quote.kind);
  const sw = useLocale() === "sw";
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <CheckoutBackLink quote={quote} />
      <h1 className="mt-2 font-serif text-3xl font-bold text-gray-900">{t("gift.title")}</h1>
      <OrderSummary
        headingId="gift-summary"
        heading={t("gift.yourGift")}
        coverImageUrl={quote.coverImageUrl}
        title={itemWords.title({ planName: quote.name, ebookTitle: quote.name })}
        subtitle={
          quote.kind === "plan"
            ? t("gift.planSubtitle", {
                period: quote.periodText ?? "",
                allowance: sw ? allowanceWords(t, quote.ebookLimit) : ebookAllowanceText(quote.ebookLimit),
              })
            : t("gift.ebookSubtitle")
        }
      >
        <dl className="mt-5 border-t border-rose-100 pt-4 text-sm">
          <SummaryRow
            first
            label={t("checkout.price")}
            valueClassName="font-semibold text-gray-900"
            testId="gift-price"
          >
            {quote.label}
          </SummaryRow>
          <ChargedAndReceiptRows charged={quote.charged} email={email} />
        </dl>
        {notice ? <ChargingCountryNotice notice={notice} /> : null}
      </OrderSummary>
      {refused ? (
        <FormNotice
          className="mt-4"
          notice={{ ok: false, title: t("checkout.couldNotStart"), message: refused.error.message }}
        />
      ) : null}
      <GiftDetailsForm
        values={retry}
        lastResult={refused?.form}
        today={today}
        charged={quote.charged}
        mpesaDirect={loaderData.mpesaDirect}
        busy={busy}
      />
      {islands ? <script type="module" src={checkoutScript} nonce={nonce} /> : null}
    </div>
  );
}
