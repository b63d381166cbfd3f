import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ebookAllowanceText } from "~/components/commerce/plan-text";
import type { Route } from "./+types/checkout";
import { getOptionalUser, type SessionUser } from "~/modules/access/viewer.server";
import { assertCanBuy, quoteCheckout, startCheckout, type CheckoutItem } from "~/modules/payments/checkout.server";
import { CheckoutError } from "~/modules/orders/checkout-errors";
import { startFreeTrial } from "~/modules/membership/free-trial.server";
import { BASE_CURRENCY, formatPrice } from "~/modules/pricing/pricing";
import { priceCountries } from "~/modules/pricing/visitor-country.server";
import { countryName } from "~/modules/pricing/countries";
import { chargingNotice } from "~/modules/pricing/charging-country-text";
import { redirectWithToast } from "~/modules/site/flash.server";
import { formatDate } from "~/lib/format";
import { readForm } from "~/lib/read-form.server";
import { signInHref } from "~/lib/sign-in-href";
import { FormNotice } from "~/components/ui/form-notice";
import { hasActiveCardRenewal } from "~/modules/membership/card-renewals.server";
import { autoRenewScheduleText, checkoutFormSchema } from "~/modules/membership/card-renewal-schedule";
import { isId } from "~/lib/ids";

function articleIdFrom(request: Request): string | null {
  const from = new URL(request.url).searchParams.get("from");
  return isId(from) ? from.toLowerCase() : null;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Checkout: ${loaderData.quote.name} | Nuru` : "Checkout | Nuru" },
  { name: "robots", content: "noindex" },
];

function itemOf(params: Route.LoaderArgs["params"]): CheckoutItem {
  if (params.kind === "plan") return { kind: "plan", slug: params.id };
  if (params.kind === "ebook") return { kind: "ebook", id: params.id };
  throw data(null, { status: 404 });
}

async function buyerOrSignIn(
  { request, context }: Pick<Route.LoaderArgs, "request" | "context">,
  item: CheckoutItem,
): Promise<SessionUser> {
  const user = await getOptionalUser(context);
  if (user) return user;
  const { pathname, search } = new URL(request.url);
  const path = pathname + search;
  throw redirect(signInHref(path, item.kind === "ebook" ? "purchase" : "subscribe"));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const item = itemOf(params);
  const user = await buyerOrSignIn({ request, context }, item);
  // The price is the charging country's (verified), never her pick on /country's (ADR 026).
  const { shown, charging } = await priceCountries(request);
  const quote = await quoteCheckout(item, charging.code);
  if (!quote) throw data(null, { status: 404 });
  let refusal: string | null = null;
  try {
    await assertCanBuy(user, quote);
  } catch (error) {
    if (!(error instanceof CheckoutError)) throw error;
    refusal = error.message;
  }
  return {
    quote: {
      kind: quote.kind,
      itemId: quote.itemId,
      name: quote.name,
      description: quote.description,
      features: quote.features,
      durationMonths: quote.durationMonths,
      ebookLimit: quote.ebookLimit,
      coverImageUrl: quote.coverImageUrl,
      label: quote.price.label,
      charged: formatPrice(quote.price.chargedCents, BASE_CURRENCY),
    },
    email: user.email,
    countryName: countryName(charging.code) ?? charging.code,
    notice: chargingNotice(shown.code, charging.code),
    refusal,
    // Card auto-renew (ADR 019): for plans, unless her card already renews one.
    autoRenew:
      quote.kind === "plan" && quote.durationMonths && !(await hasActiveCardRenewal(user.id))
        ? { schedule: autoRenewScheduleText(quote.durationMonths) }
        : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const item = itemOf(params);
  const user = await buyerOrSignIn({ request, context }, item);
  const form = await readForm(request);
  const parsed = checkoutFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Unknown request" }, { status: 400 });
  }
  try {
    if (parsed.data.intent === "trial") {
      if (item.kind !== "plan") throw new CheckoutError("TRIAL_UNAVAILABLE");
      const { endDate } = await startFreeTrial({ userId: user.id, planSlug: item.slug });
      throw await redirectWithToast("/articles", {
        kind: "success",
        title: "Subscription Started",
        message: `Your free trial runs until ${formatDate(endDate.toISOString())}. Enjoy every premium article.`,
      });
    }
    const { charging, picked } = await priceCountries(request);
    const { redirectUrl } = await startCheckout({
      buyer: user,
      item,
      countryCode: charging.code,
      countryEvidence: { source: charging.source, picked },
      autoRenew: parsed.data.autoRenew,
      // Carried from the paywall's link through /pricing (the form posts to this address, query included).
      fromArticleId: articleIdFrom(request),
    });
    // Pesapal's hosted page (M-Pesa or card); it sends the reader back to /payment/return.
    return redirect(redirectUrl, 303);
  } catch (error) {
    if (!(error instanceof CheckoutError)) throw error;
    if (error.code === "ITEM_NOT_FOUND") throw data(null, { status: 404 });
    // CASE: Start Free Trial posted from /pricing -> back there with the reason as a toast.
    if (parsed.data.intent === "trial") {
      throw await redirectWithToast("/pricing", { kind: "error", title: "Free trial", message: error.message });
    }
    return data({ error: error.message }, { status: error.code === "GATEWAY_UNAVAILABLE" ? 503 : 409 });
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, email, refusal, countryName: country, notice, autoRenew } = loaderData;
  const busy = useNavigation().state !== "idle";
  const error = actionData?.error ?? refusal;
  const back = quote.kind === "plan" ? "/pricing" : `/ebook/${quote.itemId}`;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Link to={back} className="inline-block py-2 text-sm font-medium text-brand-700 hover:underline">
        ← {quote.kind === "plan" ? "Back to plans" : "Back to the ebook"}
      </Link>
      <h1 className="mt-2 font-serif text-3xl font-bold text-gray-900">Checkout</h1>
      <section
        aria-labelledby="order-summary"
        className="mt-6 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm"
      >
        <h2 id="order-summary" className="text-sm font-semibold tracking-wide text-gray-700 uppercase">
          Your order
        </h2>
        <div className="mt-3 flex gap-4">
          {quote.coverImageUrl ? (
            <img
              src={quote.coverImageUrl}
              alt=""
              width="80"
              height="120"
              className="h-28 w-20 rounded-md object-cover"
            />
          ) : null}
          <div>
            <p className="text-lg font-semibold text-gray-900">
              {quote.kind === "plan" ? `${quote.name} plan` : quote.name}
            </p>
            {quote.kind === "plan" ? (
              <p className="text-sm text-gray-700">
                {quote.durationMonths} months · {ebookAllowanceText(quote.ebookLimit)}
              </p>
            ) : (
              <p className="text-sm text-gray-700">Ebook, yours to read on Nuru</p>
            )}
          </div>
        </div>
        {quote.features.length ? (
          <ul className="mt-4 space-y-1 text-sm text-gray-800">
            {quote.features.map((feature) => (
              <li key={feature}>✓ {feature}</li>
            ))}
          </ul>
        ) : null}
        <dl className="mt-5 border-t border-rose-100 pt-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-gray-700">Price</dt>
            <dd className="font-semibold text-gray-900" data-testid="checkout-price">
              {quote.label}
            </dd>
          </div>
          <div className="mt-1 flex justify-between gap-4">
            <dt className="text-gray-700">Charged in Kenyan shillings</dt>
            <dd className="text-gray-900">{quote.charged}</dd>
          </div>
          <div className="mt-1 flex justify-between gap-4">
            <dt className="text-gray-700">Receipt to</dt>
            <dd className="break-all text-gray-900">{email}</dd>
          </div>
        </dl>
        {notice ? (
          <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="charging-country">
            <p className="font-semibold">{notice.checkout}</p>
            <p className="mt-1">{notice.reason}</p>
          </div>
        ) : (
          <p className="mt-3 text-xs text-gray-700">
            Prices for {country} ·{" "}
            <Link to="/country" className="font-semibold text-brand-700 underline">
              change
            </Link>
          </p>
        )}
      </section>
      {error ? (
        <FormNotice className="mt-4" notice={{ ok: false, title: "We could not start this payment", message: error }} />
      ) : null}
      {refusal ? null : (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="pay" />
          {autoRenew ? (
            <div className="mb-4 rounded-xl border border-rose-100 bg-white p-4">
              <div className="flex items-start gap-3">
                <input
                  id="auto-renew"
                  type="checkbox"
                  name="autoRenew"
                  value="on"
                  aria-describedby="auto-renew-help"
                  className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
                />
                <label htmlFor="auto-renew" className="font-semibold text-gray-900">
                  Renew automatically by card
                </label>
              </div>
              <p id="auto-renew-help" className="mt-2 text-sm text-gray-700">
                Visa or MasterCard only; M-Pesa payers renew by hand. Cancel any time from My Library.{" "}
                {autoRenew.schedule}
              </p>
            </div>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="min-h-12 w-full rounded-full bg-brand-600 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
          >
            {busy ? "Taking you to Pesapal..." : `Pay ${quote.charged}`}
          </button>
          <p className="mt-3 text-center text-sm text-gray-700">
            M-Pesa or card, on Pesapal&apos;s secure page. You come back here when it is done. Payments are
            non-refundable (
            <Link to="/terms" className="underline">
              Terms
            </Link>
            ).
          </p>
        </Form>
      )}
    </div>
  );
}
