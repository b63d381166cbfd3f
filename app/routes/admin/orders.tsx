import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/orders";
import { adminOf } from "~/modules/access/viewer.server";
import {
  ATTENTION_FILTER,
  listOrdersForAdmin,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  REFUND_UNKNOWN_FILTER,
} from "~/modules/payments/admin-orders.server";
import { listUnmatchedCharges, resolveUnmatchedCharge } from "~/modules/payments/unmatched-charges.server";
import { RESOLUTION_NOTE_LIMIT, resolveChargeFormSchema } from "~/modules/payments/unmatched-charge-form";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { readForm } from "~/lib/read-form.server";
import { isAppError } from "~/lib/app-error";
import { refusalOf } from "~/lib/action-result";
import { redirectWithToast } from "~/modules/site/flash.server";
import { formatKesCents } from "~/modules/pricing/money";
import { FilterBar, FilterDate, FilterSearch, FilterSelect } from "~/components/admin/filter-bar";
import { AdminFrame } from "~/components/admin/admin-frame";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { Pagination } from "~/components/content/pagination";
import { UnmatchedMpesaPayments } from "~/components/admin/unmatched-mpesa-payments";
import {
  listUnmatchedMpesaPayments,
  matchMpesaPayment,
  reverseMpesaPayment,
} from "~/modules/payments/mpesa-payments.server";
import { nairobiDateTime } from "~/lib/nairobi-display";
import { itemWordsOf } from "~/modules/membership/purchase-kind-words";

export function meta() {
  return [{ title: "Orders | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const search = new URL(request.url).searchParams;
  const [list, unmatchedCharges, unmatchedMpesa] = await Promise.all([
    listOrdersForAdmin(viewer, {
      status: search.get("status") ?? "",
      kind: search.get("kind") ?? "",
      from: search.get("from") ?? "",
      to: search.get("to") ?? "",
      reader: search.get("reader") ?? "",
      page: Number(search.get("page") ?? 1) || 1,
    }),
    listUnmatchedCharges(viewer),
    listUnmatchedMpesaPayments(viewer),
  ]);
  return {
    ...list,
    unmatchedCharges,
    unmatchedMpesa,
    noteLimit: RESOLUTION_NOTE_LIMIT,
    attentionFilter: ATTENTION_FILTER,
    statusLabels: ORDER_STATUS_LABELS,
    statuses: ORDER_STATUSES,
    refundUnknownFilter: REFUND_UNKNOWN_FILTER,
  };
}

// One post: an unmatched card charge marked resolved with what was done. The admin check comes first.
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  // M-Pesa paid by hand (ADR 043): match it to an order, or refund it by reversal.
  const posted = await readForm(request.clone());
  const intent = String(posted.get("intent") ?? "");
  if (intent === "mpesa-match" || intent === "mpesa-reverse") {
    const paymentId = String(posted.get("paymentId") ?? "");
    try {
      if (intent === "mpesa-match")
        await matchMpesaPayment(viewer, { paymentId, order: String(posted.get("order") ?? "") });
      else await reverseMpesaPayment(viewer, paymentId);
    } catch (error) {
      if (isAppError(error)) return { mpesaRefused: { paymentId, message: error.message } };
      throw error;
    }
    throw await redirectWithToast(`/admin/orders?status=${ATTENTION_FILTER}`, {
      kind: "success",
      title: intent === "mpesa-match" ? "Payment Matched" : "Reversal Asked",
      message:
        intent === "mpesa-match"
          ? "The payment paid the order; she has what she bought."
          : "M-Pesa was asked to reverse the payment; its answer shows here when it comes.",
    });
  }
  const { submission } = await readSubmission(request, resolveChargeFormSchema);
  if (submission.status !== "success") return refuseForm(submission);
  try {
    await resolveUnmatchedCharge(viewer, submission.value);
  } catch (error) {
    // CASE: no such charge, or another admin resolved it first -> said beside the charge, the note kept.
    if (isAppError(error)) return refuseForm(submission, { error });
    throw error;
  }
  throw await redirectWithToast(`/admin/orders?status=${ATTENTION_FILTER}`, {
    kind: "success",
    title: "Charge Resolved",
    message: "The charge is marked resolved with your note; it is no longer a reconciliation difference.",
  });
}

/** A refused "Mark resolved": which charge, and what to fix (shown beside that charge). */
function chargeRefusal(answer: unknown): { chargeId: string; message: string } | null {
  const refused = refusalOf(answer);
  const chargeId = refused?.form?.initialValue?.chargeId;
  return refused && typeof chargeId === "string" ? { chargeId, message: refused.error.message } : null;
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const {
    unmatchedCharges,
    noteLimit,
    attentionFilter,
    items,
    total,
    flagged,
    refundsUnknown,
    refundUnknownFilter,
    page,
    pageSize,
    filters,
    statuses,
    statusLabels,
  } = loaderData;
  const search = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== "") as [string, string][]);
  return (
    <AdminFrame title="Orders">
      <p className="text-sm text-gray-700">
        <Link to="/admin/orders/reconciliation" className="font-semibold text-brand-700 underline">
          Reconciliation report
        </Link>{" "}
        · payments, refunds and grants of a date range, and where they disagree.
      </p>
      <p className="mt-1 text-sm text-gray-700">
        <Link to="/admin/orders/payment-methods" className="font-semibold text-brand-700 underline">
          Payment methods
        </Link>{" "}
        · M-Pesa through Pesapal or M-Pesa direct, and which keys are set.
      </p>
      <p className="mt-1 text-sm text-gray-700">
        <Link to="/admin/orders/receipts" className="font-semibold text-brand-700 underline">
          Receipts and VAT
        </Link>{" "}
        · the seller named on receipts, VAT, and a month&apos;s receipts and refunds as CSV for the accountant.
      </p>
      {flagged > 0 ? (
        <p role="status" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          {flagged === 1 ? "1 order needs" : `${flagged} orders need`} review: Pesapal reported a payment that does not
          match the order. They are listed first.
        </p>
      ) : null}
      {refundsUnknown > 0 && filters.status !== refundUnknownFilter ? (
        <p role="status" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          {refundsUnknown === 1 ? "1 order has a refund" : `${refundsUnknown} orders have refunds`} whose outcome is
          unknown: the provider&apos;s answer never arrived.{" "}
          <Link to={`/admin/orders?status=${refundUnknownFilter}`} className="font-semibold underline">
            Show them
          </Link>
        </p>
      ) : null}
      {loaderData.unmatchedMpesa.length > 0 ? (
        <UnmatchedMpesaPayments
          payments={loaderData.unmatchedMpesa}
          refused={actionData && "mpesaRefused" in actionData ? actionData.mpesaRefused : null}
        />
      ) : null}
      {unmatchedCharges.length > 0 ? (
        <UnmatchedCharges charges={unmatchedCharges} noteLimit={noteLimit} refused={chargeRefusal(actionData)} />
      ) : null}
      <div className="mt-4">
        {/* Keyed by the filters: a link that changes them ("Show them") must show them in the fields too. */}
        <FilterBar formKey={search.toString()} clearTo="/admin/orders">
          <FilterSearch
            id="orders-reader"
            label="Reader (e-mail or name)"
            name="reader"
            defaultValue={filters.reader}
          />
          <FilterSelect
            id="orders-status"
            label="Status"
            name="status"
            defaultValue={filters.status}
            options={[
              { value: "", label: "Any" },
              ...statuses.map((s) => ({ value: s, label: statusLabels[s] })),
              { value: refundUnknownFilter, label: "Refund outcome unknown" },
              { value: attentionFilter, label: "Needs attention" },
            ]}
          />
          <FilterSelect
            id="orders-kind"
            label="Kind"
            name="kind"
            defaultValue={filters.kind}
            options={[
              { value: "", label: "Plans and ebooks" },
              { value: "plan", label: "Plans" },
              { value: "ebook", label: "Ebooks" },
            ]}
          />
          <FilterDate id="orders-from" label="From" name="from" defaultValue={filters.from} />
          <FilterDate id="orders-to" label="To" name="to" defaultValue={filters.to} />
        </FilterBar>
      </div>
      <p className="mt-4 text-sm text-gray-700" aria-live="polite">
        {total === 1 ? "1 order" : `${total} orders`}
      </p>
      {items.length === 0 ? (
        <p className="mt-3 rounded-2xl bg-gray-50 p-6 text-center text-gray-700">No orders found.</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100 rounded-2xl border border-rose-100 bg-white">
          {items.map((o) => (
            <li key={o.id} data-testid="admin-order" className="p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link
                  to={`/admin/orders/${o.id}`}
                  className="font-mono text-sm font-semibold break-all text-brand-700 underline"
                >
                  {o.reference}
                </Link>
                <OrderStatusBadge status={o.status} label={statusLabels[o.status]} />
              </div>
              {o.refundUnknown ? (
                <p className="mt-1 text-sm font-semibold text-amber-900">Refund outcome unknown: check it</p>
              ) : null}
              <p className="mt-1 text-sm text-gray-900">
                {itemWordsOf(o).label}: {o.item} ·{" "}
                <span className="font-semibold">{formatKesCents(o.amountCents)}</span>
              </p>
              <p className="text-sm break-all text-gray-700">
                {o.fullName ? `${o.fullName} · ` : ""}
                {o.email}
              </p>
              <p className="text-xs text-gray-600">
                <time dateTime={o.createdAt}>{nairobiDateTime.format(new Date(o.createdAt))}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} search={search} />
    </AdminFrame>
  );
}

/** Scheduled card charges matching no agreement: the card was charged and no plan was extended. */
function UnmatchedCharges({
  charges,
  noteLimit,
  refused,
}: {
  charges: { id: string; trackingId: string | null; accountNumber: string; note: string; createdAt: string }[];
  noteLimit: number;
  refused: { chargeId: string; message: string } | null;
}) {
  const navigation = useNavigation();
  return (
    <section aria-labelledby="unmatched-charges" className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-4">
      <h2 id="unmatched-charges" className="font-semibold text-amber-950">
        {charges.length === 1
          ? "1 scheduled card charge matches no subscription"
          : `${charges.length} scheduled card charges match no subscription`}
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        Pesapal charged a card on a schedule, and its answer names no subscription of ours, so no plan was extended.
        Find the reader&apos;s subscription or refund the charge on Pesapal&apos;s dashboard, then mark it resolved with
        what you did.
      </p>
      <ul className="mt-3 space-y-3">
        {charges.map((charge) => {
          const noteId = `charge-note-${charge.id}`;
          const error = refused?.chargeId === charge.id ? refused.message : null;
          return (
            <li key={charge.id} data-testid="unmatched-charge" className="rounded-xl bg-white p-3 text-sm">
              <p className="font-mono break-all text-gray-900">Pesapal {charge.trackingId ?? "(no tracking id)"}</p>
              <p className="mt-1 break-words text-gray-800">{charge.note}</p>
              <p className="text-xs text-gray-600">
                <time dateTime={charge.createdAt}>{nairobiDateTime.format(new Date(charge.createdAt))}</time>
              </p>
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="resolve-charge" />
                <input type="hidden" name="chargeId" value={charge.id} />
                <label htmlFor={noteId} className="block font-medium text-gray-900">
                  What was done
                </label>
                <textarea
                  id={noteId}
                  name="note"
                  required
                  rows={2}
                  maxLength={noteLimit}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${noteId}-error` : undefined}
                  className="mt-1 block w-full rounded-md border border-gray-300 bg-white p-2 text-sm"
                />
                {error ? (
                  <p id={`${noteId}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-800">
                    {error}
                  </p>
                ) : null}
                <button
                  type="submit"
                  disabled={navigation.state === "submitting"}
                  className="mt-2 min-h-11 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white disabled:opacity-60"
                >
                  Mark resolved
                </button>
              </Form>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
