// Every admin page's parent: the count the admin menu shows of what needs attention about payments (orders in review,
// refunds with an unknown outcome, unmatched card charges), one query per page. The pages check the admin themselves;
// here anyone else gets no count (and the page's own loader sends them away).
import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { isAdmin } from "~/modules/access/policy";
import { getViewer } from "~/modules/access/viewer.server";
import { attentionCount } from "~/modules/payments/admin-orders.server";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  return { attention: isAdmin(viewer) ? await attentionCount(viewer) : 0 };
}

export default function AdminLayout() {
  return <Outlet />;
}
