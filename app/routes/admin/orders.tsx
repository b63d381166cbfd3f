import { data, Form, Link } from "react-router";
import type { Route } from "./+types/orders";
import { requireAdmin } from "~/modules/access/viewer.server";
import { pendingModerationTotal } from "~/modules/engagement/moderation.server";
import {
  listOrdersForAdmin,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  REFUND_UNKNOWN_FILTER,
} from "~/modules/commerce/admin-orders.server";
import { formatKesCents } from "~/modules/commerce/money";
import { AdminFrame } from "~/components/admin/admin-frame";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { Pagination } from "~/components/content/pagination";

export function meta() {
  return [{ title: "Orders | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const [list, pending] = await Promise.all([
    listOrdersForAdmin(viewer, {
      status: search.get("status") ?? "",
      kind: search.get("kind") ?? "",
      from: search.get("from") ?? "",
      to: search.get("to") ?? "",
      reader: search.get("reader") ?? "",
      page: Number(search.get("page") ?? 1) || 1,
    }),
    pendingModerationTotal(viewer),
  ]);
  return {
    ...list,
    statusLabels: ORDER_STATUS_LABELS,
    statuses: ORDER_STATUSES,
    refundUnknownFilter: REFUND_UNKNOWN_FILTER,
    pending,
  };
}

// The list takes no posts; the admin check still comes first.
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  throw data(null, { status: 405 });
}

const field = "mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-sm";
const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Africa/Nairobi" });

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const {
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
    <AdminFrame title="Orders" pending={loaderData.pending}>
      <p className="text-sm text-gray-700">
        <Link to="/admin/orders/reconciliation" className="font-semibold text-brand-700 underline">
          Reconciliation report
        </Link>{" "}
        · payments, refunds and grants of a date range, and where they disagree.
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
