import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/orders";
import { adminOf } from "~/modules/access/viewer.server";
import {
  ATTENTION_FILTER,
  listOrdersForAdmin,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  REFUND_UNKNOWN_FILTER,
} from "~/modules/payments/admin-orders.server";
import {
  listUnmatchedCharges,
  resolveUnmatchedCharge,
  RESOLUTION_NOTE_LIMIT,
} from "~/modules/payments/unmatched-charges.server";
import { readForm } from "~/lib/read-form.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { formatKesCents } from "~/modules/pricing/money";
import { AdminFrame } from "~/components/admin/admin-frame";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { Pagination } from "~/components/content/pagination";

export function meta() {
  return [{ title: "Orders | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const search = new URL(request.url).searchParams;
  const [list, unmatchedCharges] = await Promise.all([
    listOrdersForAdmin(viewer, {
      status: search.get("status") ?? "",
      kind: search.get("kind") ?? "",
      from: search.get("from") ?? "",
      to: search.get("to") ?? "",
      reader: search.get("reader") ?? "",
      page: Number(search.get("page") ?? 1) || 1,
    }),
    listUnmatchedCharges(viewer),
  ]);
  return {
    ...list,
    unmatchedCharges,
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
  const form = await readForm(request);
  if (form.get("intent") !== "resolve-charge") throw data(null, { status: 405 });
  const chargeId = String(form.get("chargeId") ?? "");
  const result = await resolveUnmatchedCharge(viewer, { chargeId, note: String(form.get("note") ?? "") });
  if (!result.ok) return data({ chargeId, message: result.message }, { status: 400 });
  throw await redirectWithToast(`/admin/orders?status=${ATTENTION_FILTER}`, {
    kind: "success",
    title: "Charge Resolved",
    message: "The charge is marked resolved with your note; it is no longer a reconciliation difference.",
  });
}

const field = "mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-sm";
const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Nairobi" });

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
          unknown: Pesapal&apos;s answer never arrived.{" "}
          <Link to={`/admin/orders?status=${refundUnknownFilter}`} className="font-semibold underline">
            Show them
          </Link>
        </p>
      ) : null}
      {unmatchedCharges.length > 0 ? (
        <UnmatchedCharges charges={unmatchedCharges} noteLimit={noteLimit} refused={actionData ?? null} />
      ) : null}
      {/* Keyed by the filters: a link that changes them ("Show them") must show them in the fields too. */}
      <Form
        key={search.toString()}
        method="get"
        role="search"
        className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
      >
        <div className="col-span-2 sm:col-span-3 lg:col-span-2">
          <label htmlFor="orders-reader" className="block text-sm font-medium text-gray-900">
            Reader (e-mail or name)
          </label>
          <input
            id="orders-reader"
            type="search"
            name="reader"
            defaultValue={filters.reader}
            maxLength={100}
            className={field}
          />
        </div>
        <div>
          <label htmlFor="orders-status" className="block text-sm font-medium text-gray-900">
            Status
          </label>
          <select id="orders-status" name="status" defaultValue={filters.status} className={field}>
            <option value="">Any</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
            <option value={refundUnknownFilter}>Refund outcome unknown</option>
            <option value={attentionFilter}>Needs attention</option>
          </select>
        </div>
        <div>
          <label htmlFor="orders-kind" className="block text-sm font-medium text-gray-900">
            Kind
          </label>
          <select id="orders-kind" name="kind" defaultValue={filters.kind} className={field}>
            <option value="">Plans and ebooks</option>
            <option value="plan">Plans</option>
            <option value="ebook">Ebooks</option>
          </select>
        </div>
        <div>
          <label htmlFor="orders-from" className="block text-sm font-medium text-gray-900">
            From
          </label>
          <input id="orders-from" type="date" name="from" defaultValue={filters.from} className={field} />
        </div>
        <div>
          <label htmlFor="orders-to" className="block text-sm font-medium text-gray-900">
            To
          </label>
          <input id="orders-to" type="date" name="to" defaultValue={filters.to} className={field} />
        </div>
        <div className="col-span-2 flex gap-2 sm:col-span-3 lg:col-span-6">
          <button type="submit" className="min-h-11 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white">
            Filter
          </button>
          <Link
            to="/admin/orders"
            className="inline-flex min-h-11 items-center rounded-full border border-gray-300 px-5 text-sm font-semibold text-gray-900"
          >
            Clear
          </Link>
        </div>
      </Form>
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
                {o.kind === "plan" ? "Plan" : "Ebook"}: {o.item} ·{" "}
                <span className="font-semibold">{formatKesCents(o.amountCents)}</span>
              </p>
              <p className="text-sm break-all text-gray-700">
                {o.fullName ? `${o.fullName} · ` : ""}
                {o.email}
              </p>
              <p className="text-xs text-gray-600">
                <time dateTime={o.createdAt}>{when.format(new Date(o.createdAt))}</time>
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
                <time dateTime={charge.createdAt}>{when.format(new Date(charge.createdAt))}</time>
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
