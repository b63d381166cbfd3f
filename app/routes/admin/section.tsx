import { data } from "react-router";
import type { Route } from "./+types/section";
import { requireAdmin } from "~/modules/access/viewer.server";
import { pendingModerationTotal } from "~/modules/engagement/moderation.server";
import { ADMIN_SECTIONS, getDashboardCounts, isAdminSection } from "~/modules/admin/overview.server";
import { AdminFrame } from "~/components/admin/admin-frame";

export function meta() {
  return [{ title: "Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

// Admin screens not yet built show the section frame with live counts; each checks the admin itself.
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  if (!isAdminSection(params.section)) throw data(null, { status: 404 });
  const [counts, pending] = await Promise.all([getDashboardCounts(viewer), pendingModerationTotal(viewer)]);
  return { title: ADMIN_SECTIONS[params.section], counts, pending };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  throw data(null, { status: 405 });
}

export default function AdminSection({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame title={loaderData.title} pending={loaderData.pending}>
      <p className="text-gray-700">
        The shop holds {loaderData.counts.articles} articles and {loaderData.counts.ebooks} ebooks. Editing tools for
        this section are part of the admin screens release.
      </p>
    </AdminFrame>
  );
}
