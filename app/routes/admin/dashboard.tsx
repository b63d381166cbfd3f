import { data, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { requireAdmin } from "~/modules/access/viewer.server";
import { pendingModerationTotal } from "~/modules/engagement/moderation.server";
import { getDashboardCounts } from "~/modules/admin/overview.server";
import { AdminFrame } from "~/components/admin/admin-frame";

export function meta() {
  return [{ title: "Admin Dashboard | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  const [counts, pending] = await Promise.all([getDashboardCounts(viewer), pendingModerationTotal(viewer)]);
  return { counts, pending };
}

// The dashboard takes no posts; the admin check still comes first, so a guest learns nothing from a 405.
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  throw data(null, { status: 405 });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  const cards = [
    { label: "Articles", value: counts.articles, to: "/admin/articles" },
    { label: "Ebooks", value: counts.ebooks, to: "/admin/ebooks" },
    { label: "Profiles", value: counts.profiles, to: "/admin/users" },
    { label: "Subscriptions", value: counts.subscriptions, to: "/admin" },
  ];
  return (
    <AdminFrame title="Admin Dashboard" pending={loaderData.pending}>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map((c) => (
          <li key={c.label}>
            <Link
              to={c.to}
              className="block rounded-2xl border border-rose-100 bg-white p-5 shadow-sm hover:border-brand-500"
            >
              <p className="text-sm text-gray-700">{c.label}</p>
              <p className="mt-1 text-3xl font-bold text-gray-900" data-testid={`count-${c.label.toLowerCase()}`}>
                {c.value}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </AdminFrame>
  );
}
