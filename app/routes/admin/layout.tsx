// Every admin route's parent (pages, their actions, and the admin resources: uploads, the assistant, CSV, image
// lists). Its middleware is the admin guard: signed out -> /, a reader -> /home, before any admin loader or action
// runs (middleware runs for actions and resource routes too, unlike a layout loader). Routes take the checked admin
// from the context (adminOf). Its loader reads what every admin page's menu shows, once per page: what needs
// attention about payments (orders in review, refunds with an unknown outcome, unmatched card charges) and the
// reviews and comments waiting for moderation.
import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { adminMiddleware, adminOf } from "~/modules/access/viewer.server";
import { attentionCount } from "~/modules/payments/admin-orders.server";
import { pendingModerationTotal } from "~/modules/engagement/moderation.server";

export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const [attention, pending] = await Promise.all([attentionCount(admin), pendingModerationTotal(admin)]);
  return { attention, pending };
}

// The counts are read afresh for every admin page, as each page's own loader read the moderation count before: a
// reader's new review shows on the admin's next page, not only after a reload or an action.
export function shouldRevalidate() {
  return true;
}

export default function AdminLayout() {
  return <Outlet />;
}
