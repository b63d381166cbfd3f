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

export const handle: RouteFacts = {
  islands: true,
  noscriptRefresh: (data) => {
    const page = data as Route.ComponentProps["loaderData"];
    return "recheck" in page ? (page.recheck ?? null) : null;
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
  if (!trackingId) {
    const message = url.pathname.startsWith("/payment-success") ? MESSAGES.missingOnSuccessPage : MESSAGES.missing;
    return { state: "missing" as const, message, supportEmail };
  }
  const user = await getOptionalUser(context);
  if (!user) return { state: "sign-in" as const, signIn: signInHref(url.pathname + url.search), supportEmail };
  const page = await checkPaymentForReader({
    userId: user.id,
    trackingId,
    merchantReference: reference,
    source: check > 0 ? "poll" : "callback",
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
  return { state: page.state, details: page.details, recheck, supportEmail };
}

export const meta: Route.MetaFunction = () => [
  { title: "Payment Status | Nuru" },
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
  const rows: [string, string | null][] = [
    ["Item", details.item],
    ["Amount", details.localAmount ? `${details.amount} (≈ ${details.localAmount})` : details.amount],
    ["Currency", details.currency],
    ["Payment method", details.method],
    ["Confirmation code", details.confirmationCode],
    ["Reference", details.reference],
    ["Date", formatDate(details.date)],
  ];
  return (
    <section
      aria-labelledby="payment-details"
      className="mt-6 rounded-2xl border border-rose-100 bg-white p-5 shadow-sm"
    >
      <h2 id="payment-details" className="font-semibold text-gray-900">
        Payment details
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-gray-700">{label}</dt>
              <dd className="text-right font-medium break-all text-gray-900">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/**
 * The payment method is chosen on Pesapal's page and Pesapal reports it only once money moved, so a pending page
 * cannot know it was M-Pesa: it says what to do if it was (issue 46, item 16), plainly.
 */
function MpesaPrompt() {
  return (
    <div data-testid="mpesa-prompt" className="mb-2">
      <p className="font-semibold">Paying with M-Pesa? Check your phone for the M-Pesa prompt.</p>
      <p>Enter your M-Pesa PIN to confirm. It may take a minute; this page updates by itself.</p>
    </div>
  );
}

function NextSteps({ details }: { details: PaymentDetails }) {
  // The same checkout with what she chose (plan or ebook, code, upgrade, gift), from the order's own rows.
  const retry = details.retryPath;
  const link = "font-semibold text-brand-700 underline";
  switch (details.view) {
    case "success":
      return <SentenceText sentence={details.paidNext} linkClassName={link} />;
    case "failed":
      return (
        <p>
          No money was taken for this order.{" "}
          <Link to={retry} className={link} data-testid="retry-payment">
            Try again
          </Link>
          , with M-Pesa or a card: your choices are kept.
        </p>
      );
    case "reversed":
      return (
        <p>
          The access this payment gave has ended.{" "}
          <Link to={retry} className={link}>
            Buy again
          </Link>{" "}
          to read on.
        </p>
      );
    default:
      return null;
  }
}

export default function PaymentStatus() {
  const page = useLoaderData<typeof loader>();
  const verifying = useNavigation().state === "loading";
  const support = (
    <a href={`mailto:${page.supportEmail}`} className="font-semibold underline">
      {page.supportEmail}
    </a>
  );
  let body: React.ReactNode;
  if (page.state === "missing") {
    body = (
      <Banner tone="failed" title={page.message}>
        Open this page from the link Pesapal sends you back with.
      </Banner>
    );
  } else if (page.state === "sign-in") {
    body = (
      <Banner tone="pending" title="Sign in to see your payment">
        <Link to={page.signIn} className="font-semibold underline">
          Sign in
        </Link>{" "}
        with the account you paid from.
      </Banner>
    );
  } else if (page.state === "unknown") {
    body = (
      <Banner tone="failed" title={MESSAGES.unknown}>
        We found no payment of yours with this reference. If you paid, write to {support} with your M-Pesa or card
        confirmation.
      </Banner>
    );
  } else {
    const { details } = page;
    const recheck = page.recheck;
    const again = recheck ? (
      <p className="mt-2 text-sm">
        Verifying... checking again in {recheck.seconds} seconds.{" "}
        <Link to={recheck.url} className="font-semibold underline">
          Check now
        </Link>
      </p>
    ) : null;
    const banner =
      page.state === "unreachable" ? (
        <Banner tone="pending" title={MESSAGES.verificationError}>
          We could not reach Pesapal to confirm this payment. {MESSAGES.pending}
          {again}
        </Banner>
      ) : details.view === "success" ? (
        <Banner tone="success" title="Payment successful">
          Thank you! Your payment is confirmed.
        </Banner>
      ) : details.view === "pending" ? (
        <Banner tone="pending" title="Payment pending">
          <MpesaPrompt />
          {MESSAGES.pending}
          {again}
        </Banner>
      ) : details.view === "failed" ? (
        <Banner tone="failed" title={MESSAGES.failed}>
          {details.failure ? (
            <div data-testid="failure-reason">
              <p className="font-semibold">{details.failure.reason}</p>
              <p>{details.failure.next}</p>
            </div>
          ) : null}
        </Banner>
      ) : details.view === "reversed" ? (
        <Banner tone="reversed" title="Payment reversed">
          This payment was reversed.
        </Banner>
      ) : (
        <Banner tone="review" title={MESSAGES.verificationError}>
          The payment we received does not match this order, so nothing was unlocked yet. We will check it and write to
          you; questions to {support}.
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
            message={`Your ${details.item} is active${
              details.subscriptionEnds ? ` until ${formatDate(details.subscriptionEnds)}` : ""
            }. Every premium and subscription article is open to you.`}
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
        <h1 className="font-serif text-3xl font-bold text-gray-900">Payment Status</h1>
        {verifying ? (
          <p role="status" className="mt-2 text-gray-700">
            Verifying...
          </p>
        ) : null}
        {body}
      </div>
    </>
  );
}
