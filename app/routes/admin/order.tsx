import { useState } from "react";
import { priceCountryEvidence } from "~/modules/pricing/charging-country-text";
import { data, Form, Link, useNavigation } from "react-router";
import { getFormProps } from "@conform-to/react";
import type { Route } from "./+types/order";
import { adminOf } from "~/modules/access/viewer.server";
import { getOrderForAdmin, ORDER_STATUS_LABELS } from "~/modules/payments/admin-orders.server";
import {
  checkRefundFormSchema,
  grantFormSchema,
  GRANT_MONTHS_MAX,
  REASON_MAX,
  recordRefundFormSchema,
  refundFormSchema,
} from "~/modules/orders/admin-order-forms";
import { grantSubscriptionByHand, GrantError } from "~/modules/membership/admin-grants.server";
import { checkRefund, recordRefundOutcome, refundOrder, RefundError } from "~/modules/payments/refunds.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { formatKesCents, formatMinorUnits, kesToCents } from "~/modules/pricing/money";
import type { OrderStatus } from "~/modules/orders/order-transitions";
import { appErrorResponse } from "~/lib/app-error.server";
import { parseForm, useSchemaForm, type FormResult, firstFormError } from "~/lib/forms";
import { readForm } from "~/lib/read-form.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { paymentMethodLabel } from "~/modules/orders/payment-method";
import { FieldError, TextAreaField, TextField } from "~/components/forms/fields";
import { LazyToast } from "~/components/ui/lazy-toast";
import { SubmitButton } from "~/components/ui/submit-button";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Order ${loaderData?.order.reference ?? ""} | Admin | Nuru` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const details = await getOrderForAdmin(viewer, params.id);
  if (!details) throw appErrorResponse("ORDER_NOT_FOUND");
  return { ...details, statusLabels: ORDER_STATUS_LABELS };
}

/** Orders nothing Pesapal says can change (payment-verification.server.ts does not even ask about them). */
const FINAL_STATUSES: readonly OrderStatus[] = ["reversed", "cancelled", "refunded"];

type Intent = "refund" | "grant" | "check-refund" | "record-refund" | "check-payment";
const REFUSAL_TITLES: Record<Intent, string> = {
  "check-payment": "Not Checked",
  refund: "Refund Not Sent",
  grant: "Not Granted",
  "check-refund": "Not Checked",
  "record-refund": "Not Recorded",
};
const refusal = (intent: Intent, result: FormResult | null, message: string, status: number) =>
  data(
    {
      intent,
      result,
      toast: {
        kind: "error" as const,
        title: REFUSAL_TITLES[intent],
        message,
      },
    },
    { status },
  );

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const here = `/admin/orders/${params.id}`;
  if (intent === "refund") {
    const submission = parseForm(form, refundFormSchema);
    if (submission.status !== "success") {
      const first = firstFormError(submission);
      return refusal("refund", submission.reply(), first, 400);
    }
    const { mode, amount, reason } = submission.value;
    try {
      const outcome = await refundOrder(viewer, {
        orderId: params.id,
        amount: mode === "full" ? "full" : kesToCents(amount!),
        reason,
      });
      if (outcome.kind === "accepted") {
        throw await redirectWithToast(here, {
          kind: "success",
          title: "Refund Accepted",
          message: `Pesapal accepted the refund of ${formatKesCents(outcome.amountCents)}. ${
            outcome.full ? "The access this order gave has ended." : "The reader keeps her access."
          } She has been e-mailed.`,
        });
      }
      // The attempt is recorded either way, so the page reloads to show it.
      throw await redirectWithToast(here, {
        kind: "error",
        title: outcome.kind === "refused" ? "Refund Refused" : "Refund Outcome Unknown",
        message:
          outcome.kind === "refused"
            ? `Pesapal refused the refund: ${outcome.message}. Access is unchanged.`
            : unknownMessage(outcome.message),
      });
    } catch (error) {
      if (error instanceof RefundError) {
        return refusal("refund", submission.reply({ formErrors: [error.message] }), error.message, 409);
      }
      throw error;
    }
  }
  if (intent === "check-payment") {
    // What `npm run reconcile` asks for when Pesapal disagrees: the one verification door, run now (ADR 027).
    const details = await getOrderForAdmin(viewer, params.id);
    if (!details) throw appErrorResponse("ORDER_NOT_FOUND");
    if (!details.order.trackingId) {
      return refusal("check-payment", null, "This order never reached Pesapal, so there is nothing to ask.", 409);
    }
    if (FINAL_STATUSES.includes(details.order.status)) {
      return refusal("check-payment", null, "This order is final: nothing Pesapal says can change it.", 409);
    }
    const result = await verifyPayment({ trackingId: details.order.trackingId, source: "admin" });
    if (result.kind !== "checked") {
      return refusal("check-payment", null, "Pesapal could not be asked. Try again in a few minutes.", 503);
    }
    throw await redirectWithToast(here, {
      kind: "success",
      title: result.changed ? "Order Updated" : "Nothing Changed",
      message: result.changed
        ? `Pesapal's answer made this order ${ORDER_STATUS_LABELS[result.status]}.`
        : `Pesapal agrees with what is recorded: ${ORDER_STATUS_LABELS[result.status]}.`,
    });
  }
  if (intent === "check-refund") {
    const submission = parseForm(form, checkRefundFormSchema);
    if (submission.status !== "success") return refusal("check-refund", submission.reply(), "No such refund", 400);
    try {
      const outcome = await checkRefund(submission.value.refundId, viewer);
      throw await redirectWithToast(here, settledToast(outcome));
    } catch (error) {
      if (error instanceof RefundError) return refusal("check-refund", null, error.message, 409);
      throw error;
    }
  }
  if (intent === "record-refund") {
    const submission = parseForm(form, recordRefundFormSchema);
    if (submission.status !== "success") {
      const first = firstFormError(submission);
      return refusal("record-refund", submission.reply(), first, 400);
    }
    try {
      const outcome = await recordRefundOutcome(viewer, {
        refundId: submission.value.refundId,
        refunded: submission.value.outcome === "refunded",
        note: submission.value.note,
      });
      throw await redirectWithToast(here, settledToast(outcome));
    } catch (error) {
      if (error instanceof RefundError) {
        return refusal("record-refund", submission.reply({ formErrors: [error.message] }), error.message, 409);
      }
      throw error;
    }
  }
  if (intent === "grant") {
    const submission = parseForm(form, grantFormSchema);
    if (submission.status !== "success") {
      const first = firstFormError(submission);
      return refusal("grant", submission.reply(), first, 400);
    }
    const details = await getOrderForAdmin(viewer, params.id);
    if (!details) throw appErrorResponse("ORDER_NOT_FOUND");
    try {
      const granted = await grantSubscriptionByHand(viewer, {
        userId: details.order.userId,
        planId: submission.value.planId,
        months: submission.value.months,
        reason: submission.value.reason,
        orderId: details.order.id,
      });
      const day = (d: Date) => d.toLocaleDateString("en-GB", { dateStyle: "long", timeZone: "Africa/Nairobi" });
      throw await redirectWithToast(here, {
        kind: "success",
        title: "Subscription Granted",
        message: `${details.order.email} has a period from ${day(granted.startDate)}${
          granted.endDate ? ` to ${day(granted.endDate)}` : ""
        }.`,
      });
    } catch (error) {
      if (error instanceof GrantError) {
        return refusal("grant", submission.reply({ formErrors: [error.message] }), error.message, 404);
      }
      throw error;
    }
  }
  return data({ intent: null, result: null, toast: null }, { status: 400 });
}

const unknownMessage = (detail: string) =>
  `Nobody knows yet whether the money went back (${detail}). Do not refund again: Nuru asks Pesapal on its own; ` +
  "you can check now, or record what the Pesapal dashboard shows. Access is unchanged.";

function settledToast(outcome: Awaited<ReturnType<typeof checkRefund>>) {
  if (outcome.kind === "accepted") {
    return {
      kind: "success" as const,
      title: "Refund Settled",
      message: `The refund of ${formatKesCents(outcome.amountCents)} is recorded as made. ${
        outcome.full ? "The access this order gave has ended." : "The reader keeps her access."
      } She has been e-mailed.`,
    };
  }
  if (outcome.kind === "refused") {
    return {
      kind: "success" as const,
      title: "Recorded: Not Refunded",
      message: "The refund is recorded as not made. The payment can be refunded again.",
    };
  }
  return {
    kind: "error" as const,
    title: "Outcome Still Unknown",
    message: `${outcome.message}. Nuru will ask again; if the Pesapal dashboard shows the refund, record it.`,
  };
}

const REFUND_STATUS_WORDS: Record<string, string> = {
  requesting: "Being sent",
  accepted: "Accepted by Pesapal",
  refused: "Refused",
  unconfirmed: "Outcome unknown",
};

const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Nairobi" });
const at = (iso: string | null) => (iso ? <time dateTime={iso}>{when.format(new Date(iso))}</time> : "—");
const card = "rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6";
const heading = "text-lg font-semibold text-gray-900";

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, history, payments, grants, refunds, handGrants, activity, plans, refund, statusLabels } = loaderData;
  const label = (status: string | null) => (status ? (statusLabels[status as OrderStatus] ?? status) : "—");
  const lastResult = (intent: Intent) => (actionData?.intent === intent ? actionData.result : null);
  const navigation = useNavigation();
  const checking = navigation.state === "submitting" && navigation.formData?.get("intent") === "check-payment";
  return (
    <AdminFrame title={`Order ${order.reference}`}>
      <LazyToast toast={actionData?.toast ?? null} />
      <p>
        <Link to="/admin/orders" className="text-sm font-semibold text-brand-700 underline">
          Back to Orders
        </Link>
      </p>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="order-summary" className={card}>
          <h2 id="order-summary" className={heading}>
            Summary
          </h2>
          <dl className="mt-3 grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
            <dt className="font-medium text-gray-700">Status</dt>
            <dd data-testid="order-status">
              <OrderStatusBadge status={order.status} label={label(order.status)} />
            </dd>
            <dt className="font-medium text-gray-700">Reader</dt>
            <dd className="break-all text-gray-900">
              {order.fullName ? `${order.fullName}, ` : ""}
              {order.email}
            </dd>
            <dt className="font-medium text-gray-700">Member now</dt>
            <dd className="text-gray-900" data-testid="order-member-standing">
              {order.memberStanding ?? "No plan"}
            </dd>
            <dt className="font-medium text-gray-700">{order.kind === "plan" ? "Plan" : "Ebook"}</dt>
            <dd className="text-gray-900">{order.item}</dd>
            <dt className="font-medium text-gray-700">Charged</dt>
            <dd className="font-semibold text-gray-900">{formatKesCents(order.amountCents)}</dd>
            <dt className="font-medium text-gray-700">Shown</dt>
            <dd className="text-gray-900">
              {formatMinorUnits(order.displayAmount, order.displayCurrency, "en-KE")} ({order.countryCode}); base price{" "}
              {formatKesCents(order.basePriceCents)}
            </dd>
            <dt className="font-medium text-gray-700">Price country</dt>
            <dd className="text-gray-900" data-testid="order-price-country">
              {priceCountryEvidence(order)}
            </dd>
            <dt className="font-medium text-gray-700">Ordered</dt>
            <dd className="text-gray-900">{at(order.createdAt)}</dd>
            <dt className="font-medium text-gray-700">Paid</dt>
            <dd className="text-gray-900">{at(order.completedAt)}</dd>
            <dt className="font-medium text-gray-700">Pesapal id</dt>
            <dd className="font-mono text-xs break-all text-gray-900">{order.trackingId ?? "—"}</dd>
            {order.cardRenewal ? (
              <>
                <dt className="font-medium text-gray-700">Card renewal</dt>
                <dd className="break-words text-gray-900" data-testid="order-card-renewal">
                  {order.cardRenewal.role === "charge" ? (
                    <>
                      Scheduled charge of{" "}
                      <Link to={`/admin/orders/${order.cardRenewal.firstOrderId}`} className="underline">
                        {order.cardRenewal.accountNumber}
                      </Link>
                    </>
                  ) : (
                    <>Opted in: {order.cardRenewal.accountNumber}</>
                  )}{" "}
                  ({order.cardRenewal.status})
                </dd>
              </>
            ) : null}
          </dl>
          {order.trackingId && !FINAL_STATUSES.includes(order.status) ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="check-payment" />
              <SubmitButton
                busy={checking}
                busyLabel="Asking Pesapal..."
                label="Check payment with Pesapal"
                className="min-h-11"
              />
            </Form>
          ) : null}
        </section>

        <section aria-labelledby="order-history" className={card}>
          <h2 id="order-history" className={heading}>
            Status history
          </h2>
          <ol className="mt-3 space-y-3 text-sm">
            {history.map((h) => (
              <li key={h.id} data-testid="order-history">
                <p className="text-gray-900">
                  {h.from ? `${label(h.from)} → ` : ""}
                  <span className="font-semibold">{label(h.to)}</span>{" "}
                  <span className="text-gray-700">({h.source})</span>
                </p>
                <p className="text-xs text-gray-600">{at(h.at)}</p>
                {h.note ? <p className="text-xs break-words text-gray-700">{h.note}</p> : null}
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="order-payments" className={card}>
          <h2 id="order-payments" className={heading}>
            Verified answers from Pesapal
          </h2>
          {payments.length === 0 ? (
            <p className="mt-3 text-sm text-gray-700">Pesapal has not reported a payment for this order.</p>
          ) : (
            <ul className="mt-3 divide-y divide-gray-100 text-sm">
              {payments.map((p) => (
                <li key={p.id} className="py-2" data-testid="order-payment">
                  <p className="text-gray-900">
                    <span className="font-semibold">{label(p.status)}</span>:{" "}
                    {p.currency === "KES" ? formatKesCents(p.amountCents) : `${p.currency} ${p.amountCents / 100}`}
                    {p.method ? ` by ${paymentMethodLabel(p.method)}` : ""}
                  </p>
                  <p className="text-xs break-all text-gray-700">
                    {p.confirmationCode ? `Confirmation ${p.confirmationCode} · ` : ""}verified {at(p.verifiedAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="order-grants" className={card}>
          <h2 id="order-grants" className={heading}>
            What it granted
          </h2>
          {grants.length === 0 ? (
            <p className="mt-3 text-sm text-gray-700">Nothing.</p>
          ) : (
            <ul className="mt-3 space-y-2 text-sm">
              {grants.map((g) => (
                <li key={g.id} data-testid="order-grant">
                  <p className="text-gray-900">
                    {g.what}: <span className="font-semibold">{g.words}</span>
                  </p>
                  <p className="text-xs text-gray-700">
                    From {at(g.from)}
                    {g.until ? (
                      <>
                        {" "}
                        {g.state === "revoked" ? "· revoked" : "until"} {at(g.until)}
                      </>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section aria-labelledby="order-refunds" className={`${card} mt-6`}>
        <h2 id="order-refunds" className={heading}>
          Refund
        </h2>
        <p className="mt-2 text-sm text-gray-700">
          A <strong>full refund</strong> ends the access this order gave (the plan or the ebook), as soon as Pesapal
          accepts it. A <strong>partial refund</strong> (cards only) keeps the reader&apos;s access. M-Pesa and other
          mobile money can only be refunded in full, and Pesapal takes one refund per payment. The reader is e-mailed.
        </p>
        {refunds.length > 0 ? (
          <ul className="mt-3 divide-y divide-gray-100 text-sm">
            {refunds.map((r) => (
              <li key={r.id} className="py-2" data-testid="order-refund">
                <p className="text-gray-900">
                  <span className="font-semibold">{formatKesCents(r.amountCents)}</span> ({r.full ? "full" : "partial"}
                  ):{" "}
                  <span className="font-semibold" data-testid="order-refund-status">
                    {r.outcomeUnknown ? "Outcome unknown" : (REFUND_STATUS_WORDS[r.status] ?? r.status)}
                  </span>
                  {r.gatewayMessage ? ` — Pesapal: ${r.gatewayMessage}` : ""}
                </p>
                <p className="text-xs break-words text-gray-700">
                  {r.by ?? "A removed account"} · {at(r.createdAt)} · Reason: {r.reason}
                </p>
                {r.checkedAt ? (
                  <p className="text-xs break-words text-gray-700">
                    Checked {at(r.checkedAt)}: {r.checkMessage}
                  </p>
                ) : null}
                {r.outcomeUnknown ? (
                  <UnknownRefund
                    refundId={r.id}
                    nextCheckAt={r.nextCheckAt}
                    lastResult={actionData?.intent === "record-refund" ? actionData.result : null}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {refund ? (
          <RefundForm refund={refund} lastResult={lastResult("refund")} />
        ) : (
          <p className="mt-3 text-sm text-gray-700">
            {refunds.some((r) => r.outcomeUnknown || r.status === "unconfirmed")
              ? "No new refund can be sent until the unknown outcome above is settled."
              : refunds.some((r) => r.status === "accepted" || r.status === "requesting")
                ? "This payment has been refunded."
                : "There is no verified payment to refund on this order."}
          </p>
        )}
      </section>

      <section aria-labelledby="order-grant-form" className={`${card} mt-6`}>
        <h2 id="order-grant-form" className={heading}>
          Grant or extend a subscription by hand
        </h2>
        <p className="mt-2 text-sm text-gray-700">
          For a goodwill period or a proven technical error. No order is made: the period records who gave it and why.
          If {order.email} has a plan running, the new period starts when her last one ends.
        </p>
        {handGrants.length > 0 ? (
          <ul className="mt-3 divide-y divide-gray-100 text-sm">
            {handGrants.map((g) => (
              <li key={g.id} className="py-2" data-testid="hand-grant">
                <p className="text-gray-900">
                  {g.planName}: {g.status}, {at(g.startDate)} to {at(g.endDate)}
                </p>
                <p className="text-xs break-words text-gray-700">
                  {g.by ?? "A removed account"} · {at(g.createdAt)} · Reason: {g.reason}
                </p>
              </li>
            ))}
          </ul>
        ) : null}
        <GrantForm plans={plans} lastResult={lastResult("grant")} />
      </section>

      <section aria-labelledby="order-activity" className={`${card} mt-6`}>
        <h2 id="order-activity" className={heading}>
          Admin money actions
        </h2>
        {activity.length === 0 ? (
          <p className="mt-3 text-sm text-gray-700">None yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-gray-100 text-sm">
            {activity.map((a) => (
              <li key={a.id} className="py-2" data-testid="order-activity">
                <p className="break-words text-gray-900">
                  <span className="font-semibold capitalize">{a.action}</span>: {a.summary}
                </p>
                <p className="text-xs text-gray-600">
                  {a.actorEmail ?? "A removed account"} · {at(a.createdAt)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </AdminFrame>
  );
}

/** A refund nobody knows the outcome of: ask Pesapal, or record what its dashboard shows (issue 30). */
function UnknownRefund({
  refundId,
  nextCheckAt,
  lastResult,
}: {
  refundId: string;
  nextCheckAt: string | null;
  lastResult: FormResult | null;
}) {
  const [form, fields] = useSchemaForm(recordRefundFormSchema, { id: `record-${refundId}`, lastResult });
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("refundId") === refundId;
  return (
    <div className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 sm:p-4" data-testid="refund-unknown">
      <p className="text-sm text-amber-950">
        <strong>Outcome unknown.</strong> This refund was sent, but whether Pesapal made it is not known: the money may
        already be back with the reader. Do not refund again. Nuru asks Pesapal on its own
        {nextCheckAt ? <> (next: {at(nextCheckAt)})</> : null}; you can ask now, or record what the Pesapal dashboard
        shows for this payment.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="check-refund" />
        <input type="hidden" name="refundId" value={refundId} />
        <SubmitButton
          busy={busy("check-refund")}
          busyLabel="Asking Pesapal..."
          label="Check with Pesapal"
          className="min-h-11"
        />
      </Form>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3 border-t border-amber-200 pt-3">
        <input type="hidden" name="intent" value="record-refund" />
        <input type="hidden" name="refundId" value={refundId} />
        {form.errors?.length ? (
          <p role="alert" id={form.errorId} className="rounded-md bg-red-700 p-3 text-sm text-white">
            {form.errors[0]}
          </p>
        ) : null}
        <fieldset>
          <legend className="text-sm font-medium text-gray-900">Record what the Pesapal dashboard shows</legend>
          <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
            <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
              <input type="radio" name={fields.outcome.name} value="refunded" required className="h-4 w-4" />
              Refunded (access ends for a full refund)
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
              <input type="radio" name={fields.outcome.name} value="not-refunded" className="h-4 w-4" />
              Not refunded (the Refund button returns)
            </label>
          </div>
          <FieldError meta={fields.outcome} />
        </fieldset>
        <TextAreaField
          meta={fields.note}
          label="Note"
          required
          rows={2}
          maxLength={REASON_MAX}
          hint="What the dashboard shows, e.g. the refund's reference and date. Kept in the activity log."
        />
        <SubmitButton
          busy={busy("record-refund")}
          busyLabel="Recording..."
          label="Record outcome"
          className="min-h-11"
        />
      </Form>
    </div>
  );
}

function RefundForm({
  refund,
  lastResult,
}: {
  refund: { paidCents: number; currency: string; method: string; partialAllowed: boolean };
  lastResult: FormResult | null;
}) {
  const [form, fields] = useSchemaForm(refundFormSchema, { id: "refund", lastResult, defaultValue: { mode: "full" } });
  const [mode, setMode] = useState<"full" | "partial">("full");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "refund";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="refund" />
      <p className="text-sm text-gray-900">
        Paid: <span className="font-semibold">{formatKesCents(refund.paidCents)}</span>
        {refund.method ? ` by ${paymentMethodLabel(refund.method)}` : ""}
      </p>
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-md bg-red-700 p-3 text-sm text-white">
          {form.errors[0]}
        </p>
      ) : null}
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">How much</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
            <input
              type="radio"
              name={fields.mode.name}
              value="full"
              checked={mode === "full"}
              onChange={() => setMode("full")}
              className="h-4 w-4"
            />
            Full refund ({formatKesCents(refund.paidCents)}), access ends
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
            <input
              type="radio"
              name={fields.mode.name}
              value="partial"
              checked={mode === "partial"}
              disabled={!refund.partialAllowed}
              onChange={() => setMode("partial")}
              aria-describedby={refund.partialAllowed ? undefined : "refund-partial-note"}
              className="h-4 w-4"
            />
            Partial refund, access kept
          </label>
        </div>
        {refund.partialAllowed ? null : (
          <p id="refund-partial-note" className="mt-1 text-sm text-gray-600">
            Paid by mobile money: only a full refund is possible.
          </p>
        )}
        <FieldError meta={fields.mode} />
      </fieldset>
      {mode === "partial" ? (
        <TextField
          meta={fields.amount}
          label="Amount to refund (KSh)"
          inputMode="decimal"
          maxLength={13}
          placeholder="150.00"
          hint={`More than 0.00 and less than ${formatKesCents(refund.paidCents)}.`}
        />
      ) : null}
      <TextAreaField
        meta={fields.reason}
        label="Reason"
        required
        rows={3}
        maxLength={REASON_MAX}
        hint="Sent to Pesapal as the refund's remarks and kept in the audit log."
      />
      <SubmitButton busy={busy} busyLabel="Asking Pesapal..." label="Request refund" className="min-h-11" />
    </Form>
  );
}

function GrantForm({
  plans,
  lastResult,
}: {
  plans: { id: string; name: string; months: number }[];
  lastResult: FormResult | null;
}) {
  const [form, fields] = useSchemaForm(grantFormSchema, { id: "grant", lastResult, defaultValue: { months: "1" } });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "grant";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="grant" />
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-md bg-red-700 p-3 text-sm text-white">
          {form.errors[0]}
        </p>
      ) : null}
      <div>
        <label htmlFor={fields.planId.id} className="block text-sm font-medium text-gray-800">
          Plan
        </label>
        <select
          id={fields.planId.id}
          name={fields.planId.name}
          defaultValue={plans[0]?.id}
          aria-invalid={fields.planId.errors?.length ? true : undefined}
          aria-describedby={fields.planId.errors?.length ? fields.planId.errorId : undefined}
          className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3"
        >
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <FieldError meta={fields.planId} />
      </div>
      <TextField
        meta={fields.months}
        label="Months"
        type="number"
        inputMode="numeric"
        step="1"
        hint={`1 to ${GRANT_MONTHS_MAX}.`}
      />
      <TextAreaField
        meta={fields.reason}
        label="Reason"
        required
        rows={3}
        maxLength={REASON_MAX}
        hint="E.g. “Goodwill month after the outage of 3 March” or “Paid twice, see order NURU-…”."
      />
      <SubmitButton busy={busy} busyLabel="Granting..." label="Grant subscription" className="min-h-11" />
    </Form>
  );
}
