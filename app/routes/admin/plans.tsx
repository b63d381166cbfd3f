// Subscription plans and passes (issue 33, ADR 036): each with its price in KES, period, ebook limit and whether it
// is offered; editing one: plan-edit.tsx.
import { Link } from "react-router";
import type { Route } from "./+types/plans";
import { adminOf } from "~/modules/access/viewer.server";
import { listPlansForAdmin } from "~/modules/membership/plan-admin.server";
import { periodLabel } from "~/modules/membership/plan-period";
import { formatKesCents } from "~/modules/pricing/money";
import { AdminFrame } from "~/components/admin/admin-frame";

export function meta() {
  return [{ title: "Plans | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  const plans = await listPlansForAdmin(admin);
  return {
    plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      slug: p.slug,
      price: formatKesCents(p.priceCents),
      period: periodLabel(p),
      ebooks: p.ebookLimit === null ? "Unlimited ebooks" : `${p.ebookLimit} ebook${p.ebookLimit === 1 ? "" : "s"}`,
      isActive: p.isActive,
      members: p.members,
      badge: p.badge,
    })),
  };
}

const card = "rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6";

export default function Plans({ loaderData }: Route.ComponentProps) {
  const { plans } = loaderData;
  return (
    <AdminFrame title="Plans">
      <section aria-labelledby="plans-list" className={card}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="plans-list" className="text-lg font-semibold text-gray-900">
            Plans and passes
          </h2>
          <Link
            to="/admin/plans/new"
            className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            New plan
          </Link>
        </div>
        <p className="mt-1 text-sm text-gray-700">
          Listed in the order /pricing shows them. A plan switched off is not offered; its members keep it.
        </p>
        {plans.length === 0 ? (
          <p className="mt-3 text-sm text-gray-700">No plans yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-100">
            {plans.map((p) => (
              <li key={p.id} className="py-3" data-testid="plan-row">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="min-w-0">
                    <Link to={`/admin/plans/${p.id}`} className="font-semibold text-brand-700 underline">
                      {p.name}
                    </Link>{" "}
                    <span className="font-mono text-xs break-all text-gray-700">/checkout/plan/{p.slug}</span>
                  </p>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                      p.isActive ? "bg-emerald-100 text-emerald-900" : "bg-gray-100 text-gray-800"
                    }`}
                  >
                    {p.isActive ? "Active" : "Off"}
                  </span>
                </div>
                <p className="mt-1 text-sm text-gray-900" data-testid="plan-terms">
                  {p.price} · {p.period} · {p.ebooks}
                </p>
                <p className="text-xs text-gray-700">
                  {p.members} current member{p.members === 1 ? "" : "s"}
                  {p.badge ? ` · badge “${p.badge}”` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminFrame>
  );
}
