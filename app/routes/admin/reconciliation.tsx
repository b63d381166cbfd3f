import { data, Link } from "react-router";
import type { Route } from "./+types/reconciliation";
import { adminOf } from "~/modules/access/viewer.server";
import { reconcile } from "~/modules/payments/reconciliation.server";
import { compareWithProviders } from "~/modules/payments/reconcile-report.server";
import { ProviderComparisons } from "~/components/admin/reconciliation/provider-comparisons";
import { formatKesCents } from "~/modules/pricing/money";
import { FilterBar, FilterDate } from "~/components/admin/filter-bar";
import { AdminFrame } from "~/components/admin/admin-frame";
import { nairobiDate } from "~/lib/nairobi-time";
import { nairobiDateTime } from "~/lib/nairobi-display";

export function meta() {
  return [{ title: "Reconciliation | Orders | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

const LIST_LIMIT = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const nairobiDay = (time: number) => nairobiDate(new Date(time));

export async function loader({ request, context }: Route.LoaderArgs) {
  adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  const search = new URL(request.url).searchParams;
  const now = Date.now();
  // Default: the last 30 days. A malformed or reversed range falls back to it rather than failing.
  let from = search.get("from") ?? "";
  let to = search.get("to") ?? "";
  if (!DAY.test(from) || !DAY.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)) || to < from) {
    from = nairobiDay(now - 29 * 86_400_000);
    to = nairobiDay(now);
  }
  const full = await reconcile({ from, to });
  // The page lists the first rows of each kind; totals and differences are always complete (the script prints all).
  const report = {
    ...full,
    payments: full.payments.slice(0, LIST_LIMIT),
    refunds: full.refunds.slice(0, LIST_LIMIT),
    grants: full.grants.slice(0, LIST_LIMIT),
  };
  const counts = { payments: full.payments.length, refunds: full.refunds.length, grants: full.grants.length };
  // The providers are asked only when she presses "Compare now": each order that can still change is a call.
  const compared = search.get("compare") === "providers" ? await compareWithProviders() : null;
  return { report, counts, compared };
}

// The report takes no posts; the admin check still comes first.
export async function action({ context }: Route.ActionArgs) {
  adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  throw data(null, { status: 405 });
}

const at = (iso: string) => <time dateTime={iso}>{nairobiDateTime.format(new Date(iso))}</time>;
const card = "rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6";

export default function Reconciliation({ loaderData }: Route.ComponentProps) {
  const { report, counts, compared } = loaderData;
  const more = (shown: number, all: number) =>
    all > shown ? (
      <p className="mt-2 text-sm text-gray-700">
        The first {shown} of {all}; <code>npm run reconcile -- --json</code> lists them all.
      </p>
    ) : null;
  const { totals, differences } = report;
  return (
    <AdminFrame title="Reconciliation">
      <p>
        <Link to="/admin/orders" className="text-sm font-semibold text-brand-700 underline">
          Back to Orders
        </Link>
      </p>
      <div className="mt-4">
        <FilterBar submitLabel="Show" search={false}>
          <FilterDate id="reconcile-from" label="From" name="from" defaultValue={report.from} />
          <FilterDate id="reconcile-to" label="To" name="to" defaultValue={report.to} />
        </FilterBar>
      </div>
      <p className="mt-2 text-sm text-gray-700">
        Nairobi days, both included. The same report:{" "}
        <code>
          npm run reconcile -- --from {report.from} --to {report.to}
        </code>
      </p>

      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[
          { label: "Payments verified", value: formatKesCents(totals.paymentsCents), note: `${totals.payments}` },
          { label: "Refunds accepted", value: formatKesCents(totals.refundsCents), note: `${totals.refunds}` },
          { label: "Revenue", value: formatKesCents(totals.netCents), note: "payments less refunds" },
          { label: "Differences", value: String(differences.length), note: differences.length ? "to look at" : "none" },
        ].map((t) => (
          <div key={t.label} className={card}>
            <dt className="text-sm text-gray-700">{t.label}</dt>
            <dd
              className="mt-1 text-xl font-bold text-gray-900"
              data-testid={`reconcile-${t.label.toLowerCase().replace(/ /g, "-")}`}
            >
              {t.value}
            </dd>
            <dd className="text-xs text-gray-600">{t.note}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="reconcile-differences" className={`${card} mt-6`}>
        <h2 id="reconcile-differences" className="text-lg font-semibold text-gray-900">
          Differences
        </h2>
        {differences.length === 0 ? (
          <p className="mt-2 text-sm text-emerald-900" data-testid="no-differences">
            No differences: every paid order has its verified payment and its grant, every grant its paid order, trial
            or reason, and every refund or reversal its revocation.
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-gray-100 text-sm">
            {differences.map((d, i) => (
              <li key={i} className="py-2" data-testid="difference">
                <p className="font-semibold text-gray-900">{d.kind}</p>
                <p className="break-words text-gray-700">
                  {d.orderId ? (
                    <Link to={`/admin/orders/${d.orderId}`} className="font-mono text-brand-700 underline">
                      {d.reference}
                    </Link>
                  ) : null}{" "}
                  {d.detail}
                  {d.kind === "scheduled card charge matching no agreement" ? (
                    <>
                      {" "}
                      <Link to="/admin/orders?status=attention" className="font-semibold text-brand-700 underline">
                        Mark it resolved
                      </Link>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        )}
        {report.review.length > 0 ? (
          <p className="mt-3 text-sm text-amber-950">
            {report.review.length} {report.review.length === 1 ? "order waits" : "orders wait"} for review (a payment
            that does not match its order); they are not revenue until someone decides.
          </p>
        ) : null}
      </section>

      <ProviderComparisons from={report.from} to={report.to} compared={compared} className={`${card} mt-6`} />

      <section aria-labelledby="reconcile-payments" className={`${card} mt-6`}>
        <h2 id="reconcile-payments" className="text-lg font-semibold text-gray-900">
          Payments ({counts.payments})
        </h2>
        <ul className="mt-2 divide-y divide-gray-100 text-sm">
          {report.payments.map((p) => (
            <li key={`${p.orderId}-${p.verifiedAt}`} className="py-2" data-testid="reconcile-payment">
              <p className="text-gray-900">
                <Link to={`/admin/orders/${p.orderId}`} className="font-mono text-brand-700 underline">
                  {p.reference}
                </Link>{" "}
                <span className="font-semibold">{formatKesCents(p.amountCents)}</span>
                {p.method ? ` by ${p.method}` : ""} · order {p.orderStatusLabel.toLowerCase()}
                {p.counted ? "" : " (not counted)"}
              </p>
              <p className="text-xs text-gray-600">{at(p.verifiedAt)}</p>
            </li>
          ))}
        </ul>
        {more(report.payments.length, counts.payments)}
      </section>

      <section aria-labelledby="reconcile-refunds" className={`${card} mt-6`}>
        <h2 id="reconcile-refunds" className="text-lg font-semibold text-gray-900">
          Refunds ({counts.refunds})
        </h2>
        <ul className="mt-2 divide-y divide-gray-100 text-sm">
          {report.refunds.map((r) => (
            <li key={`${r.orderId}-${r.at}`} className="py-2" data-testid="reconcile-refund">
              <p className="text-gray-900">
                <Link to={`/admin/orders/${r.orderId}`} className="font-mono text-brand-700 underline">
                  {r.reference}
                </Link>{" "}
                <span className="font-semibold">{formatKesCents(r.amountCents)}</span> ({r.full ? "full" : "partial"}):{" "}
                {r.statusLabel}
              </p>
              <p className="text-xs break-words text-gray-600">
                {r.by ?? "A removed account"} · {at(r.at)} · {r.reason}
              </p>
            </li>
          ))}
        </ul>
        {more(report.refunds.length, counts.refunds)}
      </section>

      <section aria-labelledby="reconcile-grants" className={`${card} mt-6`}>
        <h2 id="reconcile-grants" className="text-lg font-semibold text-gray-900">
          Grants ({counts.grants})
        </h2>
        <ul className="mt-2 divide-y divide-gray-100 text-sm">
          {report.grants.map((g) => (
            <li key={g.id} className="py-2">
              <p className="break-all text-gray-900">
                {g.kind === "subscription" ? "Subscription" : "Ebook"} for {g.email} · {g.source}
                {g.reference ? ` (${g.reference})` : ""} · {g.live ? "gives access" : "revoked"}
              </p>
              <p className="text-xs break-words text-gray-600">
                {at(g.createdAt)}
                {g.reason ? ` · ${g.reason}` : ""}
              </p>
            </li>
          ))}
        </ul>
        {more(report.grants.length, counts.grants)}
      </section>
    </AdminFrame>
  );
}
