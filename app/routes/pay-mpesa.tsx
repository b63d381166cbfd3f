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
import { useLocalHref, useLocale, useT } from "~/lib/i18n/use-t";
import { textParts } from "~/lib/i18n/parts";
import { translator, type Translate } from "~/lib/i18n/i18n";
import { localeFromPath, localeHref, localizedHref } from "~/lib/locale";
import { metaT } from "~/modules/site/meta";
import { promptOutcomeSw, refusalWords } from "~/components/commerce/checkout-words";

export const handle: RouteFacts = {
  islands: true,
  // No loader data when the page is an error (a 404 rendered by the Swahili error boundary): no refresh then.
  noscriptRefresh: (data) => {
    const page = (data as Route.ComponentProps["loaderData"] | undefined)?.page;
    return page && isWaiting(page) ? { seconds: LOOK_AGAIN_SECONDS } : null;
  },
};

/** Seconds between two looks while the prompt or a pasted code waits for M-Pesa's answer. */
const LOOK_AGAIN_SECONDS = 5;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches)("mpesa.metaTitle") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  // "Back to checkout", the item and what comes next in the language of the page (ADR 048).
  const locale = localeFromPath(new URL(request.url).pathname);
  const loaded = await loadPayPage({ orderId: params.orderId, userId: user.id, locale });
  if (!loaded) throw data(null, { status: 404 });
  const change = new URL(request.url).searchParams.get("change") === "1";
  const page = locale === "sw" ? { ...loaded, retryPath: localizedHref(loaded.retryPath, locale) } : loaded;
  return { page, change };
}

type Field = "phone" | "code" | "form";

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const phone = String(form.get("phone") ?? "").slice(0, 40);
  const code = String(form.get("code") ?? "").slice(0, 40);
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  const here = localeHref(`/pay/mpesa/${params.orderId}`, locale);
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
      return redirect(here, 303);
    }
    if (intent === "code") {
      await checkPastedCode({ orderId: params.orderId, userId: user.id, code });
      return redirect(here, 303);
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
        refusalWords(t, locale, error),
      );
    throw error;
  }
  return refuse("form", locale === "sw" ? t("mpesa.chooseWhat") : "Choose what to do.");
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
  const t = useT();
  const sw = useLocale() === "sw";
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
            ? t("mpesa.received")
            : askNumber
              ? t("mpesa.payWith")
              : state.kind === "waiting"
                ? t("mpesa.checkPhone")
                : outcomeTitle(state, sw ? t : null)}
        </h1>
        <p className="mt-2 text-gray-800" data-testid="mpesa-amount">
          {page.item}: <strong>{page.amount}</strong>
        </p>
        {refused?.field === "form" ? (
          <Notice tone="failed" title={t("mpesa.notDone")}>
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
              {t("mpesa.ratherCard")}{" "}
              <Link to={page.retryPath} className="font-semibold text-brand-700 underline">
                {t("mpesa.backToCheckout")}
              </Link>
            </p>
          </>
        )}
      </div>
    </>
  );
}

function outcomeTitle(state: Extract<PayPage["state"], { kind: "outcome" }>, sw: Translate | null): string {
  if (sw) return state.resultCode === null ? sw("mpesa.noAnswerYet") : promptOutcomeSw(sw, state.resultCode).title;
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
  const t = useT();
  return (
    <Form method="post" className="mt-5 space-y-4" noValidate>
      <input type="hidden" name="intent" value="prompt" />
      <div>
        <label htmlFor="phone" className="block font-semibold text-gray-900">
          {t("mpesa.yourNumber")}
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
          {t("mpesa.numberHelp")}
        </p>
        {refused?.field === "phone" ? (
          <p id="phone-error" role="alert" className="mt-1 text-sm font-semibold text-red-800">
            {refused.message}
          </p>
        ) : null}
      </div>
      <p className="rounded-xl bg-rose-50 p-3 text-sm text-gray-800" data-testid="prompt-name">
        {t("mpesa.promptSays")}
        <strong>{page.amount}</strong>
        {t("mpesa.promptSaysTo")}
        <strong>{page.businessName}</strong>.
      </p>
      <label className="flex items-start gap-3 text-gray-900">
        <input
          type="checkbox"
          name="remember"
          defaultChecked={refused ? refused.remember : Boolean(page.savedPhone)}
          className="mt-1 h-5 w-5 accent-brand-600"
        />
        {t("mpesa.remember")}
      </label>
      <label className="flex items-start gap-3 text-gray-900">
        <input
          type="checkbox"
          name="sms"
          defaultChecked={refused?.sms ?? false}
          className="mt-1 h-5 w-5 accent-brand-600"
        />
        {t("mpesa.smsReceipt")}
      </label>
      <button type="submit" className={button}>
        {t("mpesa.sendPrompt")}
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
  const t = useT();
  return (
    <>
      <Notice tone="pending" title={t("mpesa.promptSent", { phone: displayMpesaPhone(phone) })}>
        <p>
          {textParts(
            t("mpesa.enterPin", { amount: page.amount, business: page.businessName }),
            page.amount,
            page.businessName,
          )}
          {secondsLeft}
          {t("mpesa.secondsLeft")}
        </p>
      </Notice>
      <p className="mt-4 text-sm text-gray-700">{t("mpesa.noPrompt")}</p>
      <ResendForm phone={phone} label={t("mpesa.resend")} />
      <AnotherNumber />
    </>
  );
}

function Outcome({ resultCode, phone }: { resultCode: number | null; phone: string }) {
  const t = useT();
  const sw = useLocale() === "sw";
  const english =
    resultCode === null
      ? {
          message:
            "We have not heard from M-Pesa about the prompt. If you paid, this page will show it: we keep checking. Otherwise send the prompt again, or pay by Paybill below.",
          retry: true,
        }
      : promptOutcome(resultCode);
  const outcome = !sw
    ? english
    : resultCode === null
      ? { message: t("mpesa.notHeard"), retry: true }
      : { message: promptOutcomeSw(t, resultCode).message, retry: english.retry };
  return (
    <>
      <Notice tone="failed" title={outcomeTitle({ kind: "outcome", resultCode, phone }, sw ? t : null)}>
        <p data-testid="mpesa-outcome">{outcome.message}</p>
      </Notice>
      {outcome.retry ? <ResendForm phone={phone} label={t("mpesa.sendAgain")} /> : null}
      <AnotherNumber />
    </>
  );
}

function Paid({ page }: { page: PayPage }) {
  const t = useT();
  const localHref = useLocalHref();
  return (
    <Notice tone="success" title={t("mpesa.paidWith")}>
      {page.mpesaCode ? (
        <p className="mb-1" data-testid="mpesa-code">
          {t("mpesa.code")}
          <strong>{page.mpesaCode}</strong>
        </p>
      ) : null}
      <SentenceText sentence={page.paidNext} linkClassName="font-semibold underline" />
      <p className="mt-2">
        <Link to={localHref(`/receipts/${page.orderId}`)} className="underline">
          {t("mpesa.yourReceipt")}
        </Link>
      </p>
    </Notice>
  );
}

function Paybill({ page }: { page: PayPage }) {
  const t = useT();
  const sw = useLocale() === "sw";
  return (
    <section aria-labelledby="paybill" className="mt-8 rounded-2xl border border-rose-100 bg-white p-4">
      <h2 id="paybill" className="font-semibold text-gray-900">
        {sw ? (
          page.till ? (
            t("mpesa.orTill")
          ) : (
            t("mpesa.orPaybill")
          )
        ) : (
          <>Or pay by {page.till ? "Till" : "Paybill"} on your phone</>
        )}
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-gray-800">
        <li>{t("mpesa.openMpesa")}</li>
        <li>{page.till ? t("mpesa.buyGoods") : t("mpesa.payBill")}</li>
        <li>
          {page.till ? t("mpesa.till") : t("mpesa.business")}
          {t("mpesa.numberLabel")}
          <strong data-testid="paybill-number">{page.businessNumber}</strong>
        </li>
        {page.till ? null : (
          <li>
            {t("mpesa.accountNumber")}
            <strong data-testid="paybill-account">{page.accountNumber}</strong>
          </li>
        )}
        <li>
          {t("mpesa.amount")}
          <strong>{page.amount}</strong>
          {t("mpesa.thenPin")}
        </li>
      </ol>
      <p className="mt-2 text-sm text-gray-700">{t("mpesa.showsSoon")}</p>
    </section>
  );
}

function PasteCode({ page, refused }: { page: PayPage; refused: Refused }) {
  const t = useT();
  return (
    <Form method="post" className="mt-6 rounded-2xl border border-rose-100 bg-white p-4" noValidate>
      <input type="hidden" name="intent" value="code" />
      <label htmlFor="code" className="block font-semibold text-gray-900">
        {t("mpesa.pasteCode")}
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
          {textParts(
            t("mpesa.codeRefused", { code: page.codeRefused, amount: page.amount, business: page.businessName }),
            page.codeRefused,
            page.amount,
            page.businessName,
          )}
        </p>
      ) : null}
      {page.codeChecking ? (
        <p className="mt-1 text-sm text-gray-800" role="status" data-testid="code-checking">
          {textParts(t("mpesa.codeChecking", { code: page.codeChecking }), page.codeChecking)}
        </p>
      ) : null}
      <button type="submit" className={`${secondary} mt-3`}>
        {t("mpesa.checkCode")}
      </button>
    </Form>
  );
}

/** Back to the number form, to be prompted on another phone. */
function AnotherNumber() {
  const t = useT();
  return (
    <p className="mt-2 text-center text-sm">
      <Link to="?change=1" className="text-brand-700 underline">
        {t("mpesa.anotherNumber")}
      </Link>
    </p>
  );
}
