// /payment/return (Pesapal's callback) and /payment-success: verify the reader's own order with Pesapal and show
// what it says. The query says which order to look at, never what happened to it. An islands page (ADR 045): a
// pending payment is looked at again by its script (islands/payment-status-page.ts), never while the page is hidden,
// or without JavaScript by a meta refresh.
import { Link, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/payment-status";
import { getOptionalUser } from "~/modules/access/viewer.server";
import { checkPaymentForReader, type PaymentDetails } from "~/modules/payments/payment-status.server";
import { signInHref } from "~/lib/sign-in-href";
import { formatDate } from "~/lib/format";
import { getEnv } from "~/lib/env.server";
import { SubscriptionStartedDialog } from "~/components/commerce/subscription-started-dialog";
import type { RouteFacts } from "~/lib/route-facts";
import { SentenceText } from "~/components/commerce/sentence";
import { LiveRefresh } from "~/components/commerce/live-refresh";
import statusScript from "~/islands/payment-status-page.ts?worker&url";
import { useLocale, useT } from "~/lib/i18n/use-t";
import { textParts } from "~/lib/i18n/parts";
import { translator } from "~/lib/i18n/i18n";
import { localeFromPath, localizedHref } from "~/lib/locale";
import { metaT } from "~/modules/site/meta";
import { failureWordsSw, methodWordsSw } from "~/components/commerce/checkout-words";

export const handle: RouteFacts = {
  islands: true,
  noscriptRefresh: (data) => {
    const page = data as Route.ComponentProps["loaderData"] | undefined;
    return page && "recheck" in page ? (page.recheck ?? null) : null;
  },
};

const MESSAGES = {
  missing: "Missing order tracking id",
  missingOnSuccessPage: "No order tracking ID found in URL",
  unknown: "Unable to verify payment",
  verificationError: "Payment Verification Error",
  failed: "Payment failed. Please try again.",
  pending: "Payment is being processed. Refresh this page in a moment.",
} as const;

/** Seconds until the next automatic check: quick at first (M-Pesa takes tens of seconds), then slower. */
const BACKOFF_SECONDS = [3, 4, 6, 8, 10, 15, 20, 30];
const MAX_CHECKS = 30;

function queryValue(url: URL, name: string): string | null {
  for (const [key, value] of url.searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const trackingId = queryValue(url, "OrderTrackingId");
  const reference = queryValue(url, "OrderMerchantReference");
  const check = Math.min(Math.max(Number.parseInt(url.searchParams.get("check") ?? "0", 10) || 0, 0), MAX_CHECKS);
  const supportEmail = getEnv().SUPPORT_EMAIL;
  // Pesapal sends her back to the address in the language she paid in (/sw/payment/return, ADR 048).
  const locale = localeFromPath(url.pathname);
  const t = translator(locale);
  const sw = locale === "sw";
  if (!trackingId) {
    const message = sw
      ? t("status.missing")
      : url.pathname.startsWith("/payment-success")
        ? MESSAGES.missingOnSuccessPage
        : MESSAGES.missing;
    return { state: "missing" as const, message, supportEmail };
  }
  const user = await getOptionalUser(context);
  if (!user) {
    return {
      state: "sign-in" as const,
      signIn: localizedHref(signInHref(url.pathname + url.search), locale),
      supportEmail,
    };
  }
  const page = await checkPaymentForReader({
    userId: user.id,
    trackingId,
    merchantReference: reference,
    source: check > 0 ? "poll" : "callback",
    locale,
  });
  if (page.state === "unknown") return { state: "unknown" as const, supportEmail };
  const waiting = page.state === "unreachable" || page.details.view === "pending";
  let recheck: { seconds: number; url: string } | null = null;
  if (waiting && check < MAX_CHECKS) {
    const next = new URL(url);
    next.searchParams.set("check", String(check + 1));
    recheck = {
      seconds: BACKOFF_SECONDS[Math.min(check, BACKOFF_SECONDS.length - 1)],
      url: next.pathname + next.search,
    };
  }
  const details: PaymentDetails = sw
    ? {
        ...page.details,
        method: methodWordsSw(t, page.details.method),
        failure: page.details.failure ? failureWordsSw(t, page.details.failure) : null,
        retryPath: localizedHref(page.details.retryPath, locale),
      }
    : page.details;
  return { state: page.state, details, recheck, supportEmail };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches)("status.metaTitle") },
  { name: "robots", content: "noindex" },
];

const TONES = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-950",
  pending: "border-amber-300 bg-amber-50 text-amber-950",
  failed: "border-red-300 bg-red-50 text-red-950",
  reversed: "border-slate-300 bg-slate-100 text-slate-950",
  review: "border-orange-300 bg-orange-50 text-orange-950",
} as const;

function Banner({ tone, title, children }: { tone: keyof typeof TONES; title: string; children?: React.ReactNode }) {
  return (
    <div
      role={tone === "failed" ? "alert" : "status"}
      data-status={tone}
      className={`mt-6 rounded-2xl border p-5 ${TONES[tone]}`}
    >
      <p className="text-xl font-semibold">{title}</p>
      {children ? <div className="mt-1">{children}</div> : null}
    </div>
  );
}

function DetailsCard({ details }: { details: PaymentDetails }) {
  const t = useT();
  const locale = useLocale();
  // A code (the confirmation code, the reference) is one unbroken string: it is broken only when it is wider than the
  // card; words ("Utunzaji") are never broken mid-word.
  const rows: [string, string | null, "words" | "code"][] = [
    [t("status.item"), details.item, "words"],
    [
      t("status.amount"),
      details.localAmount ? `${details.amount} (≈ ${details.localAmount})` : details.amount,
      "words",
    ],
    [t("status.currency"), details.currency, "words"],
    [t("status.method"), details.method, "words"],
    [t("status.confirmationCode"), details.confirmationCode, "code"],
    [t("status.reference"), details.reference, "code"],
    [t("status.date"), formatDate(details.date, locale), "words"],
  ];
  return (
    <section
      aria-labelledby="payment-details"
      className="mt-6 rounded-2xl border border-rose-100 bg-white p-5 shadow-sm"
    >
      <h2 id="payment-details" className="font-semibold text-gray-900">
        {t("status.details")}
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        {rows
          .filter((row): row is [string, string, "words" | "code"] => Boolean(row[1]))
          .map(([label, value, kind]) =>
            kind === "code" ? (
              // Beside its label when it fits, else on its own line below it (right-aligned), whole.
              <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
                <dt className="text-gray-700">{label}</dt>
                <dd className="ml-auto text-right font-medium wrap-anywhere text-gray-900">{value}</dd>
              </div>
            ) : (
              <div key={label} className="flex justify-between gap-4">
                <dt className="text-gray-700">{label}</dt>
                <dd className="min-w-0 text-right font-medium break-words text-gray-900">{value}</dd>
              </div>
            ),
          )}
      </dl>
    </section>
  );
}

/**
 * The payment method is chosen on Pesapal's page and Pesapal reports it only once money moved, so a pending page
 * cannot know it was M-Pesa: it says what to do if it was (issue 46, item 16), plainly.
 */
function MpesaPrompt() {
  const t = useT();
  return (
    <div data-testid="mpesa-prompt" className="mb-2">
      <p className="font-semibold">{t("status.mpesaPrompt")}</p>
      <p>{t("status.mpesaPromptPin")}</p>
    </div>
  );
}

function NextSteps({ details }: { details: PaymentDetails }) {
  // The same checkout with what she chose (plan or ebook, code, upgrade, gift), from the order's own rows.
  const retry = details.retryPath;
  const link = "font-semibold text-brand-700 underline";
  const t = useT();
  switch (details.view) {
    case "success":
      return <SentenceText sentence={details.paidNext} linkClassName={link} />;
    case "failed":
      return (
        <p>
          {t("status.noMoneyTaken")}{" "}
          <Link to={retry} className={link} data-testid="retry-payment">
            {t("status.tryAgain")}
          </Link>
          {t("status.tryAgainAfter")}
        </p>
      );
    case "reversed":
      return (
        <p>
          {t("status.accessEnded")}{" "}
          <Link to={retry} className={link}>
            {t("status.buyAgain")}
          </Link>{" "}
          {t("status.toReadOn")}
        </p>
      );
    default:
      return null;
  }
}

export default function PaymentStatus() {
  const page = useLoaderData<typeof loader>();
  const verifying = useNavigation().state === "loading";
  const t = useT();
  const locale = useLocale();
  const support = (
    <a href={`mailto:${page.supportEmail}`} className="font-semibold underline">
      {page.supportEmail}
    </a>
  );
  let body: React.ReactNode;
  if (page.state === "missing") {
    body = (
      <Banner tone="failed" title={page.message}>
        {t("status.openFromLink")}
      </Banner>
    );
  } else if (page.state === "sign-in") {
    body = (
      <Banner tone="pending" title={t("status.signInTitle")}>
        <Link to={page.signIn} className="font-semibold underline">
          {t("status.signIn")}
        </Link>{" "}
        {t("status.withAccount")}
      </Banner>
    );
  } else if (page.state === "unknown") {
    body = (
      <Banner tone="failed" title={locale === "sw" ? t("status.unknown") : MESSAGES.unknown}>
        {t("status.noPaymentFound")}
        {support}
        {t("status.noPaymentFoundAfter")}
      </Banner>
    );
  } else {
    const { details } = page;
    const recheck = page.recheck;
    const again = recheck ? (
      <p className="mt-2 text-sm">
        {textParts(t("status.checkingAgain", { seconds: recheck.seconds }), recheck.seconds)}{" "}
        <Link to={recheck.url} className="font-semibold underline">
          {t("status.checkNow")}
        </Link>
      </p>
    ) : null;
    const banner =
      page.state === "unreachable" ? (
        <Banner tone="pending" title={locale === "sw" ? t("status.verificationError") : MESSAGES.verificationError}>
          {t("status.unreachable")}
          {locale === "sw" ? t("status.pending") : MESSAGES.pending}
          {again}
        </Banner>
      ) : details.view === "success" ? (
        <Banner tone="success" title={t("status.successTitle")}>
          {t("status.success")}
        </Banner>
      ) : details.view === "pending" ? (
        <Banner tone="pending" title={t("status.pendingTitle")}>
          <MpesaPrompt />
          {locale === "sw" ? t("status.pending") : MESSAGES.pending}
          {again}
        </Banner>
      ) : details.view === "failed" ? (
        <Banner tone="failed" title={locale === "sw" ? t("status.failed") : MESSAGES.failed}>
          {details.failure ? (
            <div data-testid="failure-reason">
              <p className="font-semibold">{details.failure.reason}</p>
              <p>{details.failure.next}</p>
            </div>
          ) : null}
        </Banner>
      ) : details.view === "reversed" ? (
        <Banner tone="reversed" title={t("status.reversedTitle")}>
          {t("status.reversed")}
        </Banner>
      ) : (
        <Banner tone="review" title={locale === "sw" ? t("status.verificationError") : MESSAGES.verificationError}>
          {t("status.review")}
          {support}.
        </Banner>
      );
    body = (
      <>
        {banner}
        <DetailsCard details={details} />
        <div className="mt-6 text-gray-800">
          <NextSteps details={details} />
        </div>
        {details.view === "success" && details.showsPeriod ? (
          <SubscriptionStartedDialog
            message={
              locale === "sw"
                ? details.subscriptionEnds
                  ? t("status.activeUntil", {
                      item: details.item,
                      date: formatDate(details.subscriptionEnds, locale),
                    })
                  : t("status.active", { item: details.item })
                : `Your ${details.item} is active${
                    details.subscriptionEnds ? ` until ${formatDate(details.subscriptionEnds)}` : ""
                  }. Every premium and subscription article is open to you.`
            }
          />
        ) : null}
      </>
    );
  }
  // Re-checks a pending payment by itself, with or without JavaScript.
  const recheck = "recheck" in page ? page.recheck : null;
  return (
    <>
      <LiveRefresh seconds={recheck?.seconds ?? null} url={recheck?.url} script={statusScript} />
      <div
        className="mx-auto max-w-xl px-4 py-10"
        data-live-page=""
        data-poll-seconds={recheck?.seconds}
        data-poll-url={recheck?.url}
      >
        <h1 className="font-serif text-3xl font-bold text-gray-900">{t("status.title")}</h1>
        {verifying ? (
          <p role="status" className="mt-2 text-gray-700">
            {t("status.verifying")}
          </p>
        ) : null}
        {body}
      </div>
    </>
  );
}
