import { data, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { adminOf } from "~/modules/access/viewer.server";
import { getDashboardCounts } from "~/modules/admin/overview.server";
import { getSubscriptionsOverview } from "~/modules/payments/revenue.server";
import { formatKesCents } from "~/modules/pricing/money";
import { formatDate } from "~/lib/format";
import { ADMIN_SCREENS, AdminFrame } from "~/components/admin/admin-frame";
import { AdminTabs } from "~/components/admin/admin-tabs";

export function meta() {
  return [{ title: "Admin Dashboard | Nuru" }, { name: "robots", content: "noindex" }];
}

const TABS = [
  { id: "overview", label: "Overview" },
  { id: "subscriptions", label: "Subscriptions" },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const tab = new URL(request.url).searchParams.get("tab") === "subscriptions" ? "subscriptions" : "overview";
  const [counts, subscriptions] = await Promise.all([
    getDashboardCounts(viewer),
    tab === "subscriptions" ? getSubscriptionsOverview(viewer) : null,
  ]);
  return { counts, tab, subscriptions };
}

// The dashboard takes no posts; the admin check still comes first, so a guest learns nothing from a 405.
export async function action({ context }: Route.ActionArgs) {
  adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  throw data(null, { status: 405 });
}

const card = "rounded-2xl border border-rose-100 bg-white p-5 shadow-sm";

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, tab, subscriptions } = loaderData;
  const cards = [
    { label: "Articles", value: counts.articles, to: "/admin/articles" },
    { label: "Ebooks", value: counts.ebooks, to: "/admin/ebooks" },
    { label: "Profiles", value: counts.profiles, to: "/admin/users" },
    { label: "Subscriptions", value: counts.subscriptions, to: "/admin?tab=subscriptions" },
  ];
  return (
    <AdminFrame title="Admin Dashboard">
      <AdminTabs
        label="Dashboard sections"
        divided
        tabs={TABS.map((t) => ({
          to: t.id === "overview" ? "/admin" : `/admin?tab=${t.id}`,
          label: t.label,
          current: t.id === tab,
        }))}
      />
      <div className="mt-6">
        {subscriptions ? (
          <SubscriptionsTab overview={subscriptions} />
        ) : (
          <>
            <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
              {cards.map((c) => (
                <li key={c.label}>
                  <Link to={c.to} className={`block hover:border-brand-500 ${card}`}>
                    <p className="text-sm text-gray-700">{c.label}</p>
                    <p className="mt-1 text-3xl font-bold text-gray-900" data-testid={`count-${c.label.toLowerCase()}`}>
                      {c.value}
                    </p>
                  </Link>
                </li>
              ))}
            </ul>
            <section aria-labelledby="admin-screens" className="mt-8">
              <h2 id="admin-screens" className="text-lg font-semibold text-gray-900">
                Manage the shop
              </h2>
              <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {ADMIN_SCREENS.map((s) => (
                  <li key={s.to}>
                    <Link to={s.to} className={`block h-full hover:border-brand-500 ${card}`}>
                      <p className="font-semibold text-brand-700">{s.label}</p>
                      <p className="mt-1 text-sm text-gray-700">{s.about}</p>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </div>
    </AdminFrame>
  );
}

type Overview = NonNullable<Route.ComponentProps["loaderData"]["subscriptions"]>;

function SubscriptionsTab({ overview }: { overview: Overview }) {
  const { totals, byPlan, revenue, recent } = overview;
  const periods = [
    { id: "30d", label: "Last 30 days", value: revenue.last30Days },
    { id: "all", label: "All time", value: revenue.allTime },
  ];
  return (
    <div className="space-y-6">
      <section aria-labelledby="subs-revenue">
        <h2 id="subs-revenue" className="text-lg font-semibold text-gray-900">
          Revenue
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          Verified, completed Pesapal payments less accepted refunds, in Kenyan shillings (plans and ebooks).
        </p>
        <dl className="mt-3 grid gap-4 sm:grid-cols-2">
          {periods.map((p) => (
            <div key={p.id} className={card}>
              <dt className="text-sm text-gray-700">{p.label}</dt>
              <dd className="mt-1 text-2xl font-bold text-gray-900" data-testid={`revenue-${p.id}`}>
                {formatKesCents(p.value.netCents)}
              </dd>
              <dd className="mt-1 text-xs text-gray-600">
                {p.value.payments} {p.value.payments === 1 ? "payment" : "payments"},{" "}
                {formatKesCents(p.value.paymentsCents)}; less {p.value.refunds}{" "}
                {p.value.refunds === 1 ? "refund" : "refunds"}, {formatKesCents(p.value.refundsCents)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="subs-totals">
        <h2 id="subs-totals" className="text-lg font-semibold text-gray-900">
          Subscriptions
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {[
            { id: "all", label: "All", value: totals.all },
            { id: "running", label: "Active now", value: totals.running },
            { id: "trials", label: "Free trials", value: totals.trials },
            { id: "by-hand", label: "Granted by hand", value: totals.byHand },
          ].map((t) => (
            <div key={t.id} className={card}>
              <dt className="text-sm text-gray-700">{t.label}</dt>
              <dd className="mt-1 text-2xl font-bold text-gray-900" data-testid={`subscriptions-${t.id}`}>
                {t.value}
              </dd>
            </div>
          ))}
        </dl>
        <h3 className="mt-4 text-base font-semibold text-gray-900">Active now, by plan</h3>
        <ul className="mt-2 grid gap-2 sm:grid-cols-3">
          {byPlan.map((p) => (
            <li key={p.planId} className="flex justify-between rounded-xl bg-rose-50 px-4 py-3 text-sm text-gray-900">
              <span>{p.name}</span>
              <span className="font-semibold">{p.running}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="subs-recent">
        <h2 id="subs-recent" className="text-lg font-semibold text-gray-900">
          Recent subscriptions
        </h2>
        {recent.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">No subscriptions yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-gray-100 rounded-2xl border border-rose-100 bg-white">
            {recent.map((r) => (
              <li key={r.id} className="p-4 text-sm" data-testid="recent-subscription">
                <p className="font-semibold text-gray-900">{r.fullName || "No name"}</p>
                <p className="break-all text-gray-700">{r.email}</p>
                <p className="text-gray-900">
                  {r.planName} · {formatKesCents(r.priceCents)}
                  {r.source === "order" && r.paidCents !== null && r.paidCents !== r.priceCents
                    ? ` (paid ${formatKesCents(r.paidCents)})`
                    : ""}
                  {r.source === "trial" ? " · free trial" : r.source === "by hand" ? " · granted by hand" : ""} ·{" "}
                  <span data-testid="subscription-status">{r.statusWords}</span>
                  {r.until ? ` · ${r.statusWords === "Ended" ? "ended" : "until"} ${formatDate(r.until)}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
