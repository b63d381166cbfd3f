import { data, Form, Link, redirect, useNavigation } from "react-router";
import { useItemWords } from "~/components/commerce/use-item-words";
import { CheckoutBackLink } from "~/components/commerce/checkout-back-link";
import { ebookAllowanceText } from "~/components/commerce/plan-text";
import type { Route } from "./+types/checkout";
import { MpesaOrCardButtons } from "~/components/commerce/pay-buttons";
import { getOptionalUser, type SessionUser } from "~/modules/access/viewer.server";
import { assertCanBuy, quoteCheckout, startCheckout, type CheckoutItem } from "~/modules/payments/checkout.server";
import { CHECKOUT_ERRORS, isCheckoutError } from "~/modules/orders/checkout-errors";
import { startFreeTrial } from "~/modules/membership/free-trial.server";
import { BASE_CURRENCY, formatPrice } from "~/modules/pricing/pricing";
import { priceCountries } from "~/modules/pricing/visitor-country.server";
import { countryName } from "~/modules/pricing/countries";
import { chargingNotice } from "~/modules/pricing/charging-country-text";
import { redirectWithToast } from "~/modules/site/flash.server";
import { formatDate } from "~/lib/format";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { refusal } from "~/lib/app-error.server";
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
import { hasActiveCardRenewal } from "~/modules/membership/card-renewals.server";
import {
  autoRenewScheduleText,
  checkoutFormSchema,
  firstPeriodCodeAutoRenewText,
} from "~/modules/membership/card-renewal-schedule";
import { periodLabel } from "~/modules/membership/plan-period";
import { isId } from "~/lib/ids";
import { quoteUpgrade, type UpgradeQuote } from "~/modules/membership/upgrades.server";
import { upgradeQuoteTime, upgradeQuoteToken } from "~/modules/membership/upgrade-quote.server";
import { formatKesCents } from "~/modules/pricing/money";
import { beginCodeAttempt, type CodeAttempt } from "~/modules/orders/offer-code-attempts.server";
import { retryAfterHeader } from "~/lib/route-headers";
import { quoteWithCode } from "~/modules/orders/offer-codes.server";
import { isCoded, offerText } from "~/modules/orders/offer-code-rules";
import { currentPlanOf } from "~/modules/membership/membership.server";
import { readPaymentMethodSettings } from "~/modules/payments/payment-provider.server";
import { darajaAvailable } from "~/modules/payments/daraja-gateway.server";
import type { RouteFacts } from "~/lib/route-facts";
import { useLocalHref, useLocale, useT } from "~/lib/i18n/use-t";
import { textParts } from "~/lib/i18n/parts";
import { translator } from "~/lib/i18n/i18n";
import { localeFromPath, localeHref, localizedHref } from "~/lib/locale";
import { metaT } from "~/modules/site/meta";
import { allowanceWords, featureWords, periodText } from "~/components/commerce/plan-words";
import {
  autoRenewScheduleSw,
  chargingNoticeSw,
  countryNameIn,
  firstPeriodCodeSw,
  offerWordsSw,
  refusalWords,
} from "~/components/commerce/checkout-words";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import checkoutScript from "~/islands/checkout-page.ts?worker&url";

// An islands page (ADR 045): plain forms answered by the server; checkout-page.ts marks Pay busy once it is sent.
export const handle: RouteFacts = { islands: true };

/** `?upgrade=1`: the plan bought as an upgrade now, paying the difference (ADR 039). */
function isUpgrade(request: Request, item: CheckoutItem): boolean {
  return item.kind === "plan" && new URL(request.url).searchParams.get("upgrade") === "1";
}

/** The offer code in the address (a shared link, or typed in the form below), as typed. */
function codeFrom(request: Request): string | null {
  const code = new URL(request.url).searchParams.get("code");
  return code?.trim() ? code.trim().slice(0, 64) : null;
}

function articleIdFrom(request: Request): string | null {
  const from = new URL(request.url).searchParams.get("from");
  return isId(from) ? from.toLowerCase() : null;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return [
    { title: loaderData ? t("checkout.metaTitle", { name: loaderData.quote.name }) : t("checkout.metaTitleBare") },
    { name: "robots", content: "noindex" },
  ];
};

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
  // Reached from a link in the app (the paywall's offers), the request is the page's `.data`: back to the page.
  throw redirect(signInHref(pageAddressOf(request.url), item.kind === "ebook" ? "purchase" : "subscribe"));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const item = itemOf(params);
  const user = await buyerOrSignIn({ request, context }, item);
  // The page's language (its address): the words the loader writes, the dates, and the addresses it gives (ADR 048).
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  const sw = locale === "sw";
  // The price is the charging country's (verified), never her pick on /country's (ADR 026).
  const { shown, charging } = await priceCountries(request);
  const quote = await quoteCheckout(item, charging.code);
  if (!quote) throw data(null, { status: 404 });
  // Regional price first, then the code (ADR 037); checked again, and its slot taken, when she pays.
  // An upgrade's price is the difference after her credit (ADR 039): no offer code applies to it.
  // Guessing codes is limited per account and address (issue 46, item 4): past the limit the code is not looked
  // at; the page still offers the normal price, answered as 429 with Retry-After.
  const typed = isUpgrade(request, item) ? null : codeFrom(request);
  const attempt = typed ? await beginCodeAttempt({ request, userId: user.id }) : null;
  const limited = attempt && !attempt.allowed ? attempt : null;
  const coded = await quoteWithCode({ price: quote.price, item: quote, code: limited ? null : typed, userId: user.id });
  if (attempt?.allowed) await attempt.settle({ refused: coded.kind === "refused" });
  const price = coded.price;
  const url = new URL(request.url);
  const here = localeHref(`/checkout/${params.kind}/${encodeURIComponent(params.id)}`, locale);
  // CASE: the code does not apply -> she pays the normal price, so the form posts without it.
  if (coded.kind === "refused" || limited) url.searchParams.delete("code");
  let refused: string | null = null;
  let upgrade: UpgradeQuote | null = null;
  let upgradeQuote: string | null = null;
  try {
    if (isUpgrade(request, item) && item.kind === "plan") {
      const now = new Date();
      upgrade = await quoteUpgrade({ userId: user.id, slug: item.slug, countryCode: charging.code, now });
      // The form carries the instant of this quote: Pay locks the credit the page shows, not a second later's.
      upgradeQuote = upgradeQuoteToken(user.id, item.slug, now);
    } else {
      await assertCanBuy(user, quote);
    }
  } catch (error) {
    if (!isCheckoutError(error)) throw error;
    refused = refusalWords(t, locale, error);
  }
  // An early renewal (ADR 015): the paid period is queued behind the running one; she is told when it starts
  // (issue 46, item 23), in Nairobi time like every date on the site.
  const running = item.kind === "plan" && !upgrade && !refused ? await currentPlanOf(user.id) : null;
  // M-Pesa direct (ADR 043): offered beside the card when the owner chose Daraja for M-Pesa and it is reachable.
  const mpesaDirect = (await readPaymentMethodSettings()).mpesa === "daraja" && darajaAvailable();
  const page = {
    mpesaDirect,
    renewalStartsOn: running?.endDate ? formatDate(running.endDate, locale) : null,
    quote: {
      kind: quote.kind,
      itemId: quote.itemId,
      name: quote.name,
      description: quote.description,
      features:
        sw && quote.period ? featureWords(t, { ...quote.period, ebookLimit: quote.ebookLimit }) : quote.features,
      periodText: quote.period ? (sw ? periodText(t, quote.period) : periodLabel(quote.period)) : null,
      ebookLimit: quote.ebookLimit,
      coverImageUrl: quote.coverImageUrl,
      label: price.label,
      charged: upgrade ? formatKesCents(upgrade.chargeCents) : formatPrice(price.chargedCents, BASE_CURRENCY),
      free: price.chargedCents === 0,
    },
    upgrade: upgrade
      ? {
          fromPlan: upgrade.from.planName,
          until: formatDate(upgrade.from.endDate.toISOString(), locale),
          paid: formatKesCents(upgrade.from.paidCents),
          price: formatKesCents(upgrade.price.chargedCents),
          credit: formatKesCents(upgrade.creditCents),
          roundedOff: upgrade.roundedOffCents > 0 ? formatKesCents(upgrade.roundedOffCents) : null,
          raisedToMinimum: upgrade.raisedToMinimum,
          quote: upgradeQuote,
        }
      : null,
    offer: isCoded(price)
      ? {
          code: price.offer.code,
          words: coded.kind !== "applied" ? "" : sw ? offerWordsSw(t, offerText(coded.code)) : offerText(coded.code),
          before: price.offer.beforeLabel,
          discount: formatPrice(price.offer.discountCents, BASE_CURRENCY),
          // M-Pesa moves whole shillings: the cents the code left are hers, and said (issue 46 item 27).
          roundedOff: price.roundedOffCents > 0 ? formatKesCents(price.roundedOffCents) : null,
        }
      : null,
    codeRefusal: limited
      ? { code: typed, message: sw ? t("checkout.codesLimited") : limited.message }
      : coded.kind === "refused"
        ? { code: typed, message: sw ? t("checkout.codeRefused") : coded.message }
        : null,
    // Built from the route's own path: a data request's URL ends in .data.
    formAction: `${here}${url.search}`,
    withoutCode: (() => {
      const plain = new URL(request.url);
      plain.searchParams.delete("code");
      return `${here}${plain.search}`;
    })(),
    email: user.email,
    fromArticle: articleIdFrom(request),
    countryName: sw ? countryNameIn(charging.code, locale) : (countryName(charging.code) ?? charging.code),
    notice:
      sw && chargingNotice(shown.code, charging.code)
        ? chargingNoticeSw(t, shown.code, charging.code)
        : chargingNotice(shown.code, charging.code),
    refusal: refused,
    // Card auto-renew (ADR 019): for plans, unless her card already renews one.
    autoRenew:
      !isUpgrade(request, item) &&
      quote.kind === "plan" &&
      quote.period &&
      price.chargedCents > 0 &&
      !(await hasActiveCardRenewal(user.id))
        ? {
            schedule: sw ? autoRenewScheduleSw(t, quote.period) : autoRenewScheduleText(quote.period),
            // A first-period-only code: both amounts, and why the card cannot renew at the later one (issue 46 item 26).
            notWithCode: !isCoded(price)
              ? null
              : sw
                ? price.offer.firstPeriodOnly
                  ? firstPeriodCodeSw(t, price.label, price.offer.beforeLabel)
                  : null
                : firstPeriodCodeAutoRenewText(price.offer, price.label),
          }
        : null,
  };
  return limited ? data(page, { status: 429, headers: retryAfterHeader(limited.retryAfterMs) }) : page;
}

/** The shell's headers (cookies), and the Retry-After of a code, or a payment, refused by the code limit. */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const out = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const item = itemOf(params);
  const user = await buyerOrSignIn({ request, context }, item);
  const { submission } = await readSubmission(request, checkoutFormSchema);
  if (submission.status !== "success") return refuseForm(submission);
  const form = submission.value;
  // Posted from the Swahili page: her answers, toasts and the payment's way back stay in Swahili (ADR 048).
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  const sw = locale === "sw";
  try {
    if (form.intent === "trial") {
      if (item.kind !== "plan") throw new AppError(CHECKOUT_ERRORS.TRIAL_UNAVAILABLE);
      const { endDate } = await startFreeTrial({ userId: user.id, planSlug: item.slug });
      throw await redirectWithToast(localizedHref("/articles", locale), {
        kind: "success",
        title: sw ? t("checkout.trialStarted") : "Subscription Started",
        message: sw
          ? t("checkout.trialRuns", { date: formatDate(endDate.toISOString(), locale) })
          : `Your free trial runs until ${formatDate(endDate.toISOString())}. Enjoy every premium article.`,
      });
    }
    // A code posted straight to Pay counts like one typed into the page (the limit has no other door).
    const typed = isUpgrade(request, item) ? null : codeFrom(request);
    const attempt = typed ? await beginCodeAttempt({ request, userId: user.id }) : null;
    if (attempt && !attempt.allowed) {
      return refusal(
        new AppError(CHECKOUT_ERRORS.OFFER_CODE_LIMITED, sw ? t("checkout.codesLimited") : attempt.message),
        {
          headers: retryAfterHeader(attempt.retryAfterMs),
        },
      );
    }
    const { charging, picked } = await priceCountries(request);
    const { redirectUrl, zeroAmount } = await settleAttempt(attempt, () =>
      startCheckout({
        buyer: user,
        item,
        countryCode: charging.code,
        countryEvidence: { source: charging.source, picked },
        autoRenew: form.autoRenew,
        upgrade: isUpgrade(request, item),
        upgradeQuotedAt:
          isUpgrade(request, item) && item.kind === "plan" && form.intent === "pay"
            ? upgradeQuoteTime(form.quote, user.id, item.slug, new Date())
            : null,
        // Carried from the paywall's link through /pricing (the form posts to this address, query included).
        fromArticleId: articleIdFrom(request),
        offerCode: typed,
        method: form.intent === "pay" ? form.method : undefined,
        locale,
      }),
    );
    // CASE: the code took the whole price -> completed without Pesapal; her receipt shows the code.
    if (zeroAmount) {
      throw await redirectWithToast(localizedHref(redirectUrl, locale), {
        kind: "success",
        title: sw ? t("checkout.nothingToPay") : "Nothing to pay",
        message: sw ? t("checkout.codeCoveredAll") : "Your offer code covered the whole price. It is yours now.",
      });
    }
    // Pesapal's hosted page (M-Pesa or card); it sends the reader back to /payment/return (/sw/payment/return when
    // she paid from the Swahili page). M-Pesa direct's page is ours: in her language.
    return redirect(localizedHref(redirectUrl, locale), 303);
  } catch (error) {
    if (!isCheckoutError(error)) throw error;
    if (error.is(CHECKOUT_ERRORS.ITEM_NOT_FOUND)) throw data(null, { status: 404 });
    // CASE: Start Free Trial posted from /pricing -> back there with the reason as a toast.
    if (form.intent === "trial") {
      throw await redirectWithToast(localizedHref("/pricing", locale), {
        kind: "error",
        title: sw ? t("checkout.trialTitle") : "Free trial",
        message: refusalWords(t, locale, error),
      });
    }
    return sw ? refusal(new AppError(CHECKOUT_ERRORS[error.code], refusalWords(t, locale, error))) : refusal(error);
  }
}

/** Runs the checkout, then keeps the code attempt's count only when the code was what it refused. */
async function settleAttempt<T>(attempt: CodeAttempt | null, run: () => Promise<T>): Promise<T> {
  if (!attempt?.allowed) return run();
  let refusedCode = false;
  try {
    return await run();
  } catch (error) {
    refusedCode = isCheckoutError(error) && error.is(CHECKOUT_ERRORS.OFFER_CODE_REFUSED);
    throw error;
  } finally {
    await attempt.settle({ refused: refusedCode });
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const {
    quote,
    email,
    refusal,
    countryName: country,
    notice,
    autoRenew,
    upgrade,
    offer,
    codeRefusal,
    renewalStartsOn,
  } = loaderData;
  const busy = useNavigation().state !== "idle";
  const error = refusalOf(actionData)?.error.message ?? refusal;
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const t = useT();
  const localHref = useLocalHref();
  const itemWords = useItemWords(quote.kind);
  const sw = useLocale() === "sw";
  const allowance = sw ? allowanceWords(t, quote.ebookLimit) : ebookAllowanceText(quote.ebookLimit);
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <CheckoutBackLink quote={quote} />
      <h1 className="mt-2 font-serif text-3xl font-bold text-gray-900">
        {upgrade ? t("checkout.upgradeTo", { name: quote.name }) : t("checkout.title")}
      </h1>
      <OrderSummary
        headingId="order-summary"
        heading={t("checkout.yourOrder")}
        coverImageUrl={quote.coverImageUrl}
        title={itemWords.title({ planName: quote.name, ebookTitle: quote.name })}
        subtitle={
          quote.kind === "plan" ? (
            <>
              <span data-testid="checkout-period">{quote.periodText}</span> · {allowance}
            </>
          ) : (
            t("checkout.ebookSubtitle")
          )
        }
      >
        {quote.features.length ? (
          <ul className="mt-4 space-y-1 text-sm text-gray-800">
            {quote.features.map((feature) => (
              <li key={feature}>✓ {feature}</li>
            ))}
          </ul>
        ) : null}
        {upgrade ? (
          <div className="mt-5 border-t border-rose-100 pt-4 text-sm" data-testid="upgrade-summary">
            <p className="text-gray-800">
              {textParts(
                t("checkout.upgradeEnds", { from: upgrade.fromPlan, name: quote.name, period: quote.periodText ?? "" }),
                upgrade.fromPlan,
                quote.name,
                quote.periodText ?? "",
              )}
            </p>
            <dl className="mt-3">
              <SummaryRow first label={t("checkout.planRow", { name: quote.name })}>
                {upgrade.price}
              </SummaryRow>
              <SummaryRow
                label={t("checkout.credit", { paid: upgrade.paid, from: upgrade.fromPlan, until: upgrade.until })}
                valueClassName="shrink-0 text-gray-900"
                testId="upgrade-credit"
              >
                − {upgrade.credit}
              </SummaryRow>
              {upgrade.roundedOff ? (
                <SummaryRow
                  label={t("checkout.roundedOff")}
                  valueClassName="shrink-0 text-gray-900"
                  testId="upgrade-rounded-off"
                >
                  − {upgrade.roundedOff}
                </SummaryRow>
              ) : null}
              {upgrade.raisedToMinimum ? <p className="mt-1 text-xs text-gray-700">{t("checkout.minimum")}</p> : null}
            </dl>
          </div>
        ) : null}
        {renewalStartsOn ? (
          <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950" data-testid="renewal-starts">
            {textParts(t("checkout.renewalStarts", { date: renewalStartsOn }), renewalStartsOn)}
          </p>
        ) : null}
        <dl className="mt-5 border-t border-rose-100 pt-4 text-sm">
          {offer ? (
            <>
              <SummaryRow first label={t("checkout.priceBefore")} testId="checkout-price-before">
                <s>{offer.before}</s>
              </SummaryRow>
              <SummaryRow
                label={
                  <>
                    {t("checkout.offerCodeBefore")}
                    <span className="font-mono font-semibold">{offer.code}</span>
                    {offer.words ? t("checkout.offerWords", { words: offer.words }) : ""}
                  </>
                }
                valueClassName="text-emerald-800"
                testId="checkout-discount"
              >
                −{offer.discount}
              </SummaryRow>
              {offer.roundedOff ? (
                <SummaryRow
                  label={t("checkout.roundedOff")}
                  valueClassName="shrink-0 text-gray-900"
                  testId="checkout-rounded-off"
                >
                  −{offer.roundedOff}
                </SummaryRow>
              ) : null}
            </>
          ) : null}
          <SummaryRow
            first={!offer}
            label={upgrade ? t("checkout.toPayNow") : offer ? t("checkout.priceWithCode") : t("checkout.price")}
            valueClassName="font-semibold text-gray-900"
            testId="checkout-price"
          >
            {upgrade ? quote.charged : quote.label}
          </SummaryRow>
          <ChargedAndReceiptRows charged={quote.charged} email={email} />
        </dl>
        {notice ? (
          <ChargingCountryNotice notice={notice} testId="charging-country" />
        ) : (
          <p className="mt-3 text-xs text-gray-700">
            {textParts(t("checkout.pricesFor", { country }), country)}{" "}
            <Link to={localHref("/country")} className="font-semibold text-brand-700 underline">
              {t("footer.change")}
            </Link>
          </p>
        )}
      </OrderSummary>
      {codeRefusal ? (
        <p role="alert" className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="code-refusal">
          {codeRefusal.message}
        </p>
      ) : null}
      {refusal ? null : (
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" aria-label={t("checkout.applyCodeLabel")}>
          <div className="min-w-0 flex-1">
            <label htmlFor="offer-code" className="block text-sm font-medium text-gray-900">
              {t("checkout.offerCode")}
            </label>
            <input
              id="offer-code"
              name="code"
              defaultValue={offer?.code ?? codeRefusal?.code ?? ""}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={32}
              className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3 font-mono text-sm uppercase"
            />
          </div>
          {loaderData.fromArticle ? <input type="hidden" name="from" value={loaderData.fromArticle} /> : null}
          <button
            type="submit"
            className="min-h-11 rounded-full border border-brand-600 px-5 text-sm font-semibold text-brand-700 hover:bg-rose-50"
          >
            {t("checkout.apply")}
          </button>
          {offer ? (
            <Link to={loaderData.withoutCode} className="min-h-11 px-2 py-3 text-sm text-gray-700 underline">
              {t("checkout.remove")}
            </Link>
          ) : null}
        </Form>
      )}
      {error ? (
        <FormNotice className="mt-4" notice={{ ok: false, title: t("checkout.couldNotStart"), message: error }} />
      ) : null}
      {refusal ? null : (
        <Form method="post" action={loaderData.formAction} className="mt-6">
          <input type="hidden" name="intent" value="pay" />
          {upgrade?.quote ? <input type="hidden" name="quote" value={upgrade.quote} /> : null}
          {autoRenew?.notWithCode ? (
            <p
              className="mb-4 rounded-xl border border-rose-100 bg-white p-4 text-sm text-gray-700"
              data-testid="auto-renew-code"
            >
              {autoRenew.notWithCode}
            </p>
          ) : autoRenew ? (
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
                  {t("checkout.renewByCard")}
                </label>
              </div>
              <p id="auto-renew-help" className="mt-2 text-sm text-gray-700">
                {t("checkout.renewByCardHelp")} {autoRenew.schedule}
              </p>
            </div>
          ) : null}
          {loaderData.mpesaDirect && !quote.free ? (
            <MpesaOrCardButtons charged={quote.charged} busy={busy}>
              {t("checkout.cardsOnPesapal")}
              <Link to={localHref("/terms")} className="underline">
                {t("checkout.terms")}
              </Link>
              ).
            </MpesaOrCardButtons>
          ) : (
            <>
              <button
                type="submit"
                disabled={busy}
                data-busy-label={quote.free ? t("checkout.confirming") : t("checkout.toPesapal")}
                className="min-h-12 w-full rounded-full bg-brand-600 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
              >
                {quote.free
                  ? busy
                    ? t("checkout.confirming")
                    : t("checkout.getWithCode")
                  : busy
                    ? t("checkout.toPesapal")
                    : t("checkout.pay", { amount: quote.charged })}
              </button>
              <p className="mt-3 text-center text-sm text-gray-700">
                {t("checkout.mpesaOrCard")}
                <Link to={localHref("/terms")} className="underline">
                  {t("checkout.terms")}
                </Link>
                ).
              </p>
            </>
          )}
        </Form>
      )}
      {islands ? <script type="module" src={checkoutScript} nonce={nonce} /> : null}
    </div>
  );
}
