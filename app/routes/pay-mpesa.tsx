// M-Pesa direct (ADR 043): her number once, then "Check your phone" while she enters her PIN, the outcome in plain
// words, and the Paybill way from the start. An islands page (ADR 045): every form is a plain POST; while it waits,
// its script (islands/pay-mpesa-page.ts) looks again every 5 s for 90 s, never while the page is hidden, and without
// JavaScript a meta refresh reloads it as often.
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/pay-mpesa";
import { requireUser } from "~/modules/access/viewer.server";
import {
  checkPastedCode,
  loadPayPage,
  MPESA_ERRORS,
  sendPrompt,
  type PayPage,
} from "~/modules/payments/mpesa-payments.server";
import { displayMpesaPhone, promptOutcome } from "~/modules/payments/mpesa-phone";
import { isAppError } from "~/lib/app-error";
import { readForm } from "~/lib/read-form.server";
import type { RouteFacts } from "~/lib/route-facts";
import { SentenceText } from "~/components/commerce/sentence";
import { LiveRefresh } from "~/components/commerce/live-refresh";
import payScript from "~/islands/pay-mpesa-page.ts?worker&url";

export const handle: RouteFacts = {
  islands: true,
  noscriptRefresh: (data) =>
    isWaiting((data as Route.ComponentProps["loaderData"]).page) ? { seconds: LOOK_AGAIN_SECONDS } : null,
};

/** Seconds between two looks while the prompt or a pasted code waits for M-Pesa's answer. */
const LOOK_AGAIN_SECONDS = 5;

export const meta: Route.MetaFunction = () => [
  { title: "Pay with M-Pesa | Nuru" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  const page = await loadPayPage({ orderId: params.orderId, userId: user.id });
  if (!page) throw data(null, { status: 404 });
  const change = new URL(request.url).searchParams.get("change") === "1";
  return { page, change };
}

type Field = "phone" | "code" | "form";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const phone = String(form.get("phone") ?? "").slice(0, 40);
  const code = String(form.get("code") ?? "").slice(0, 40);
  const refuse = (field: Field, message: string) =>
    data(
      { field, message, phone, code, remember: form.get("remember") === "on", sms: form.get("sms") === "on" },
      { status: 400 },
    );
  try {
    if (intent === "prompt") {
      await sendPrompt({
        orderId: params.orderId,
        userId: user.id,
        phone,
        remember: form.get("remember") === "on",
        smsReceipt: form.get("sms") === "on",
      });
      return redirect(`/pay/mpesa/${params.orderId}`, 303);
    }
    if (intent === "code") {
      await checkPastedCode({ orderId: params.orderId, userId: user.id, code });
      return redirect(`/pay/mpesa/${params.orderId}`, 303);
    }
  } catch (error) {
    if (isAppError(error, MPESA_ERRORS.MPESA_PAYMENT_NOT_FOUND)) throw data(null, { status: 404 });
    if (isAppError(error))
      return refuse(
        intent === "code"
          ? "code"
          : intent === "prompt" && error.is(MPESA_ERRORS.MPESA_PHONE_INVALID)
            ? "phone"
            : "form",
        error.message,
      );
    throw error;
  }
  return refuse("form", "Choose what to do.");
}

const button =
  "min-h-12 w-full rounded-full bg-brand-600 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-700";
const secondary =
  "min-h-12 w-full rounded-full border border-brand-600 px-6 py-3 font-semibold text-brand-700 hover:bg-rose-50";

/** She is to answer the prompt on her phone, or the shop is checking a confirmation code she typed. */
function isWaiting(page: Route.ComponentProps["loaderData"]["page"]): boolean {
  return page.state.kind === "waiting" || Boolean(page.codeChecking);
}

export default function PayMpesa({ loaderData, actionData }: Route.ComponentProps) {
  const { page, change } = loaderData;
  const state = page.state;
  const refused = actionData && "field" in actionData ? actionData : null;
  const askNumber = state.kind === "ask" || change || refused?.field === "phone";
  const waiting = isWaiting(page);
  return (
    <>
      <LiveRefresh seconds={waiting ? LOOK_AGAIN_SECONDS : null} script={payScript} />
      <div
        className="mx-auto max-w-md px-4 py-8"
        data-live-page=""
        data-poll-seconds={waiting ? LOOK_AGAIN_SECONDS : undefined}
      >
        <h1 className="text-2xl font-bold text-gray-900">
          {state.kind === "paid"
            ? "Payment received"
            : askNumber
              ? "Pay with M-Pesa"
              : state.kind === "waiting"
                ? "Check your phone"
                : outcomeTitle(state)}
        </h1>
        <p className="mt-2 text-gray-800" data-testid="mpesa-amount">
          {page.item}: <strong>{page.amount}</strong>
        </p>
        {refused?.field === "form" ? (
          <Notice tone="failed" title="Not done">
            {refused.message}
          </Notice>
        ) : null}

        {state.kind === "paid" ? (
          <Paid page={page} />
        ) : askNumber ? (
          <NumberForm page={page} refused={refused} />
        ) : state.kind === "waiting" ? (
          <Waiting page={page} phone={state.phone} secondsLeft={state.secondsLeft} />
        ) : (
          <Outcome resultCode={state.resultCode} phone={state.phone} />
        )}

        {state.kind === "paid" ? null : (
          <>
            <Paybill page={page} />
            <PasteCode page={page} refused={refused} />
            <p className="mt-6 text-center text-sm text-gray-700">
              Rather pay by card?{" "}
              <Link to={page.retryPath} className="font-semibold text-brand-700 underline">
                Back to checkout
              </Link>
            </p>
          </>
        )}
      </div>
    </>
  );
}

function outcomeTitle(state: Extract<PayPage["state"], { kind: "outcome" }>): string {
  return state.resultCode === null ? "No answer from your phone yet" : promptOutcome(state.resultCode).title;
}

function Notice({
  tone,
  title,
  children,
}: {
  tone: "failed" | "pending" | "success";
  title: string;
  children: React.ReactNode;
}) {
  const tones = {
    failed: "border-red-300 bg-red-50 text-red-950",
    pending: "border-amber-300 bg-amber-50 text-amber-950",
    success: "border-emerald-300 bg-emerald-50 text-emerald-950",
  };
  return (
    <div
      role={tone === "failed" ? "alert" : "status"}
      data-status={tone}
      className={`mt-5 rounded-2xl border p-4 ${tones[tone]}`}
    >
      <p className="text-lg font-semibold">{title}</p>
      <div className="mt-1">{children}</div>
    </div>
  );
}

type Refused = { field: Field; message: string; phone: string; code: string; remember: boolean; sms: boolean } | null;

function NumberForm({ page, refused }: { page: PayPage; refused: Refused }) {
  const typed = refused?.field === "phone" ? refused.phone : page.savedPhone ? displayMpesaPhone(page.savedPhone) : "";
  return (
    <Form method="post" className="mt-5 space-y-4" noValidate>
      <input type="hidden" name="intent" value="prompt" />
      <div>
        <label htmlFor="phone" className="block font-semibold text-gray-900">
          Your M-Pesa number
        </label>
        <input
          id="phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          defaultValue={typed}
          required
          aria-invalid={refused?.field === "phone" ? true : undefined}
          aria-describedby={refused?.field === "phone" ? "phone-error phone-help" : "phone-help"}
          className="mt-1 min-h-12 w-full rounded-xl border border-gray-400 px-3 text-lg"
        />
        <p id="phone-help" className="mt-1 text-sm text-gray-700">
          07..., 01..., +254... or 254... We send an M-Pesa prompt to this phone; you enter your PIN there.
        </p>
        {refused?.field === "phone" ? (
          <p id="phone-error" role="alert" className="mt-1 text-sm font-semibold text-red-800">
            {refused.message}
          </p>
        ) : null}
      </div>
      <p className="rounded-xl bg-rose-50 p-3 text-sm text-gray-800" data-testid="prompt-name">
        The prompt will say: pay <strong>{page.amount}</strong> to <strong>{page.businessName}</strong>.
      </p>
      <label className="flex items-start gap-3 text-gray-900">
        <input
          type="checkbox"
          name="remember"
          defaultChecked={refused ? refused.remember : Boolean(page.savedPhone)}
          className="mt-1 h-5 w-5 accent-brand-600"
        />
        Remember this number for next time
      </label>
      <label className="flex items-start gap-3 text-gray-900">
        <input
          type="checkbox"
          name="sms"
          defaultChecked={refused?.sms ?? false}
          className="mt-1 h-5 w-5 accent-brand-600"
        />
        Send my receipt by SMS to this number
      </label>
      <button type="submit" className={button}>
        Send the M-Pesa prompt
      </button>
    </Form>
  );
}

function ResendForm({ phone, label }: { phone: string; label: string }) {
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="prompt" />
      <input type="hidden" name="phone" value={phone} />
      <button type="submit" className={secondary}>
        {label}
      </button>
    </Form>
  );
}

function Waiting({ page, phone, secondsLeft }: { page: PayPage; phone: string; secondsLeft: number }) {
  return (
    <>
      <Notice tone="pending" title={`Prompt sent to ${displayMpesaPhone(phone)}`}>
        <p>
          Enter your M-Pesa PIN in the prompt to pay {page.amount} to {page.businessName}. This page checks every 5
          seconds by itself ({secondsLeft} s left).
        </p>
      </Notice>
      <p className="mt-4 text-sm text-gray-700">No prompt on your phone? Send it again, or pay by Paybill below.</p>
      <ResendForm phone={phone} label="Resend prompt" />
      <AnotherNumber />
    </>
  );
}

function Outcome({ resultCode, phone }: { resultCode: number | null; phone: string }) {
  const outcome =
    resultCode === null
      ? {
          message:
            "We have not heard from M-Pesa about the prompt. If you paid, this page will show it: we keep checking. Otherwise send the prompt again, or pay by Paybill below.",
          retry: true,
        }
      : promptOutcome(resultCode);
  return (
    <>
      <Notice
        tone="failed"
        title={resultCode === null ? "No answer from your phone yet" : promptOutcome(resultCode).title}
      >
        <p data-testid="mpesa-outcome">{outcome.message}</p>
      </Notice>
      {outcome.retry ? <ResendForm phone={phone} label="Send the prompt again" /> : null}
      <AnotherNumber />
    </>
  );
}

function Paid({ page }: { page: PayPage }) {
  return (
    <Notice tone="success" title="Paid with M-Pesa">
      {page.mpesaCode ? (
        <p className="mb-1" data-testid="mpesa-code">
          M-Pesa code <strong>{page.mpesaCode}</strong>
        </p>
      ) : null}
      <SentenceText sentence={page.paidNext} linkClassName="font-semibold underline" />
      <p className="mt-2">
        <Link to={`/receipts/${page.orderId}`} className="underline">
          Your receipt
        </Link>
      </p>
    </Notice>
  );
}

function Paybill({ page }: { page: PayPage }) {
  return (
    <section aria-labelledby="paybill" className="mt-8 rounded-2xl border border-rose-100 bg-white p-4">
      <h2 id="paybill" className="font-semibold text-gray-900">
        Or pay by {page.till ? "Till" : "Paybill"} on your phone
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-gray-800">
        <li>Open M-Pesa, then Lipa na M-Pesa.</li>
        <li>{page.till ? "Buy Goods and Services." : "Pay Bill."}</li>
        <li>
          {page.till ? "Till" : "Business"} number: <strong data-testid="paybill-number">{page.businessNumber}</strong>
        </li>
        {page.till ? null : (
          <li>
            Account number: <strong data-testid="paybill-account">{page.accountNumber}</strong>
          </li>
        )}
        <li>
          Amount: <strong>{page.amount}</strong>, then your PIN.
        </li>
      </ol>
      <p className="mt-2 text-sm text-gray-700">This page shows the payment as soon as M-Pesa tells us.</p>
    </section>
  );
}

function PasteCode({ page, refused }: { page: PayPage; refused: Refused }) {
  return (
    <Form method="post" className="mt-6 rounded-2xl border border-rose-100 bg-white p-4" noValidate>
      <input type="hidden" name="intent" value="code" />
      <label htmlFor="code" className="block font-semibold text-gray-900">
        Paid already? Paste the M-Pesa code from your SMS
      </label>
      <input
        id="code"
        name="code"
        defaultValue={refused?.field === "code" ? refused.code : ""}
        autoCapitalize="characters"
        aria-invalid={refused?.field === "code" ? true : undefined}
        aria-describedby={refused?.field === "code" ? "code-error" : undefined}
        className="mt-1 min-h-12 w-full rounded-xl border border-gray-400 px-3 text-lg uppercase"
      />
      {refused?.field === "code" ? (
        <p id="code-error" role="alert" className="mt-1 text-sm font-semibold text-red-800">
          {refused.message}
        </p>
      ) : null}
      {page.codeRefused ? (
        <p className="mt-1 text-sm font-semibold text-red-800" role="alert" data-testid="code-refused">
          M-Pesa did not confirm {page.codeRefused} as a payment of {page.amount} to {page.businessName} for this order.
          Check the code in your SMS, or pay by Paybill above.
        </p>
      ) : null}
      {page.codeChecking ? (
        <p className="mt-1 text-sm text-gray-800" role="status" data-testid="code-checking">
          We asked M-Pesa about {page.codeChecking}. If it paid this order, this page will show it in a moment.
        </p>
      ) : null}
      <button type="submit" className={`${secondary} mt-3`}>
        Check the code
      </button>
    </Form>
  );
}

/** Back to the number form, to be prompted on another phone. */
function AnotherNumber() {
  return (
    <p className="mt-2 text-center text-sm">
      <Link to="?change=1" className="text-brand-700 underline">
        Use another number
      </Link>
    </p>
  );
}
