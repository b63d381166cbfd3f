// /gift/plan/:slug and /gift/ebook/:id: buy a plan or an ebook for someone else (issue 33, ADR 038). The same
// checkout as her own purchase, without the "you already have it" rules; the recipient gets a claim link by e-mail.
import { data, Form, Link, redirect, useNavigation } from "react-router";
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
import { giftFormSchema, nairobiToday } from "~/modules/membership/gift-form";
import { paymentMethodField } from "~/modules/membership/card-renewal-schedule";
import { periodLabel } from "~/modules/membership/plan-period";
import { giftDetailsForRetry } from "~/modules/membership/gifts.server";
import { readPaymentMethodSettings } from "~/modules/payments/payment-provider.server";
import { darajaAvailable } from "~/modules/payments/daraja-gateway.server";
import { MpesaOrCardButtons } from "~/components/commerce/pay-buttons";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Give ${loaderData.quote.name} as a gift | Nuru` : "Give a gift | Nuru" },
  { name: "robots", content: "noindex" },
];

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
      periodText: quote.period ? periodLabel(quote.period) : null,
      ebookLimit: quote.ebookLimit,
      coverImageUrl: quote.coverImageUrl,
      label: quote.price.label,
      charged: formatPrice(quote.price.chargedCents, BASE_CURRENCY),
    },
    email: user.email,
    // M-Pesa direct (ADR 043) beside the card, as on her own checkout.
    mpesaDirect: (await readPaymentMethodSettings()).mpesa === "daraja" && darajaAvailable(),
    notice: chargingNotice(shown.code, charging.code),
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

type Field = "recipientEmail" | "recipientPhone" | "note" | "deliverOn";

/** The gift's details and the button she pressed: M-Pesa direct or card (absent when only Pesapal is offered). */
const giftCheckoutSchema = giftFormSchema.extend({ method: paymentMethodField });

export async function action({ request, params, context }: Route.ActionArgs) {
  const item = itemOf(params);
  const user = await buyerOrSignIn({ request, context });
  const { submission } = await readSubmission(request, giftCheckoutSchema);
  // The notice above the form names no field: each field says what to fix beside it.
  if (submission.status !== "success") {
    return refuseForm(submission, { error: new AppError("VALIDATION", "Please check the gift's details.") });
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
    });
    return redirect(redirectUrl, 303);
  } catch (error) {
    if (!isCheckoutError(error)) throw error;
    if (error.is(CHECKOUT_ERRORS.ITEM_NOT_FOUND)) throw data(null, { status: 404 });
    // CASE: the date is out of range -> said beside the date too, with everything she typed kept.
    const fieldErrors = error.is(CHECKOUT_ERRORS.GIFT_DATE_INVALID) ? { deliverOn: [error.message] } : undefined;
    return refuseForm(submission, { error, fieldErrors });
  }
}

const input =
  "mt-1 block w-full rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200";

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

export default function GiftCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, email, notice, today, retry } = loaderData;
  const busy = useNavigation().state !== "idle";
  const refused = refusalOf(actionData);
  // What she typed and what to fix, from the refused submission (conform's reply), so nothing is lost without JavaScript.
  const fields: Partial<Record<Field, string>> = Object.fromEntries(
    Object.entries(refused?.form?.error ?? {}).map(([name, messages]) => [name, messages?.[0]]),
  );
  const values = (refused?.form?.initialValue as Partial<Record<Field, string>> | undefined) ?? retry ?? undefined;
  const back = quote.kind === "plan" ? "/pricing" : `/ebook/${quote.itemId}`;
  const described = (name: Field, help?: string) =>
    [help, fields[name] ? `${name}-error` : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Link to={back} className="inline-block py-2 text-sm font-medium text-brand-700 hover:underline">
        ← {quote.kind === "plan" ? "Back to plans" : "Back to the ebook"}
      </Link>
      <h1 className="mt-2 font-serif text-3xl font-bold text-gray-900">Give as a gift</h1>
      <OrderSummary
        headingId="gift-summary"
        heading="Your gift"
        coverImageUrl={quote.coverImageUrl}
        title={quote.kind === "plan" ? `${quote.name} plan` : quote.name}
        subtitle={
          quote.kind === "plan"
            ? `${quote.periodText} from the day she claims it · ${ebookAllowanceText(quote.ebookLimit)}`
            : "Ebook, hers to read on Nuru"
        }
      >
        <dl className="mt-5 border-t border-rose-100 pt-4 text-sm">
          <SummaryRow first label="Price" valueClassName="font-semibold text-gray-900" testId="gift-price">
            {quote.label}
          </SummaryRow>
          <ChargedAndReceiptRows charged={quote.charged} email={email} />
        </dl>
        {notice ? <ChargingCountryNotice notice={notice} /> : null}
      </OrderSummary>
      {refused ? (
        <FormNotice
          className="mt-4"
          notice={{ ok: false, title: "We could not start this payment", message: refused.error.message }}
        />
      ) : null}
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <div>
          <label htmlFor="recipientEmail" className="font-semibold text-gray-900">
            Her e-mail address
          </label>
          <input
            id="recipientEmail"
            name="recipientEmail"
            type="email"
            required
            autoComplete="off"
            defaultValue={values?.recipientEmail}
            aria-invalid={fields.recipientEmail ? true : undefined}
            aria-describedby={described("recipientEmail", "recipientEmail-help")}
            className={input}
          />
          <p id="recipientEmail-help" className="mt-1 text-sm text-gray-700">
            We e-mail her a link to claim the gift. She never sees the price.
          </p>
          <FieldError id="recipientEmail-error" message={fields.recipientEmail} />
        </div>
        <div>
          <label htmlFor="recipientPhone" className="font-semibold text-gray-900">
            Her phone number <span className="font-normal text-gray-700">(optional)</span>
          </label>
          <input
            id="recipientPhone"
            name="recipientPhone"
            type="tel"
            autoComplete="off"
            placeholder="0712 345 678"
            defaultValue={values?.recipientPhone}
            aria-invalid={fields.recipientPhone ? true : undefined}
            aria-describedby={described("recipientPhone", "recipientPhone-help")}
            className={input}
          />
          <p id="recipientPhone-help" className="mt-1 text-sm text-gray-700">
            Written in the e-mail so she knows it is for her. We send no SMS.
          </p>
          <FieldError id="recipientPhone-error" message={fields.recipientPhone} />
        </div>
        <div>
          <label htmlFor="note" className="font-semibold text-gray-900">
            A note <span className="font-normal text-gray-700">(optional)</span>
          </label>
          <textarea
            id="note"
            name="note"
            rows={3}
            maxLength={500}
            defaultValue={values?.note}
            aria-invalid={fields.note ? true : undefined}
            aria-describedby={described("note")}
            className={input}
          />
          <FieldError id="note-error" message={fields.note} />
        </div>
        <div>
          <label htmlFor="deliverOn" className="font-semibold text-gray-900">
            Send it on <span className="font-normal text-gray-700">(optional)</span>
          </label>
          <input
            id="deliverOn"
            name="deliverOn"
            type="date"
            min={today}
            defaultValue={values?.deliverOn}
            aria-invalid={fields.deliverOn ? true : undefined}
            aria-describedby={described("deliverOn", "deliverOn-help")}
            className={input}
          />
          <p id="deliverOn-help" className="mt-1 text-sm text-gray-700">
            Leave it empty to send it as soon as you have paid. Dates are Nairobi time.
          </p>
          <FieldError id="deliverOn-error" message={fields.deliverOn} />
        </div>
        {loaderData.mpesaDirect ? (
          <div>
            <MpesaOrCardButtons charged={quote.charged} busy={busy} what=" for the gift">
              Cards on Pesapal&apos;s secure page. Your receipt says it is a gift. A gift she has not claimed can be
              refunded on request (
              <Link to="/terms" className="underline">
                Terms
              </Link>
              ).
            </MpesaOrCardButtons>
          </div>
        ) : (
          <>
            <button
              type="submit"
              disabled={busy}
              className="min-h-12 w-full rounded-full bg-brand-600 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
            >
              {busy ? "Taking you to Pesapal..." : `Pay ${quote.charged} for the gift`}
            </button>
            <p className="text-center text-sm text-gray-700">
              M-Pesa or card, on Pesapal&apos;s secure page. Your receipt says it is a gift. A gift she has not claimed
              can be refunded on request (
              <Link to="/terms" className="underline">
                Terms
              </Link>
              ).
            </p>
          </>
        )}
      </Form>
    </div>
  );
}
