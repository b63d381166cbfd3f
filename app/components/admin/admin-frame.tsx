import { Link, NavLink, useRouteLoaderData } from "react-router";

/** Every admin screen with what it is for: the admin menu, and the dashboard's link cards (spec section 6). */
export const ADMIN_SCREENS = [
  { to: "/admin/articles", label: "Articles", about: "Write, edit and publish articles, with the AI assistant." },
  { to: "/admin/ebooks", label: "Ebooks", about: "Add ebooks, their PDFs, covers, prices and access." },
  { to: "/admin/orders", label: "Orders", about: "Payments, refunds, grants by hand and reconciliation." },
  {
    to: "/admin/analytics",
    label: "Analytics",
    about: "Views, paywall, sign-ups, revenue, members, failed payments and searches.",
  },
  {
    to: "/admin/codes",
    label: "Offer codes",
    about: "Discount codes to share, their limits and uses, and the retention offer.",
  },
  {
    to: "/admin/plans",
    label: "Plans",
    about: "Plans and passes: price, period in days, weeks or months, ebook limit, on or off.",
  },
  { to: "/admin/users", label: "Users", about: "Readers and their roles: guest, subscriber, admin." },
  { to: "/admin/categories", label: "Categories", about: "Topics that group articles, their colours and icons." },
  { to: "/admin/homepage", label: "Homepage", about: "Hero slides, the featured ad, testimonials and sections." },
  { to: "/admin/moderation", label: "Moderation", about: "Approve or reject readers' comments and reviews." },
  { to: "/admin/media", label: "Files", about: "Uploaded images, videos and PDFs, and what uses them." },
  { to: "/admin/activity", label: "Activity", about: "Who changed what in the admin area, and when." },
  { to: "/admin/gifts", label: "Gifts", about: "Gifts readers bought for others: claimed or not, resend, refund." },
  {
    to: "/admin/mail",
    label: "Member mail",
    about: "Articles mailed to followers: progress and outcome of each send.",
  },
] as const;

const LINKS = [{ to: "/admin", label: "Dashboard" }, ...ADMIN_SCREENS];

/** The admin layout's loader data (routes/admin/layout.tsx): the menu's counts. */
export const ADMIN_LAYOUT_ID = "routes/admin/layout";
/** Where the count leads: the orders list filtered to what needs attention (admin-orders.server.ts ATTENTION_FILTER). */
export const ATTENTION_LIST = "/admin/orders?status=attention";

/**
 * The admin menu's counts, read once per page by the admin layout (0 outside it): orders in review, refunds with an
 * unknown outcome and unmatched charges (attention); reviews and comments waiting for approval (pending).
 */
export function useAdminCounts(): { attention: number; pending: number } {
  const layout = useRouteLoaderData(ADMIN_LAYOUT_ID) as { attention?: number; pending?: number } | undefined;
  return { attention: layout?.attention ?? 0, pending: layout?.pending ?? 0 };
}

export function AdminFrame({ title, children }: { title: string; children: React.ReactNode }) {
  const { attention, pending } = useAdminCounts();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      {/* The screens wrap onto more lines on a phone: all in sight, and nothing to scroll sideways. */}
      <nav aria-label="Admin">
        <ul className="flex flex-wrap gap-2 text-sm font-medium">
          {LINKS.map((l) => (
            <li key={l.to} className="flex items-center">
              <NavLink
                to={l.to}
                end
                className={({ isActive }) =>
                  `block rounded-full px-3 py-1.5 whitespace-nowrap ${isActive ? "bg-brand-600 text-white" : "bg-rose-50 text-gray-800 hover:bg-rose-100"}`
                }
              >
                {l.label}
                {l.to === "/admin/moderation" && pending ? (
                  <span className="ml-1.5 rounded-full bg-amber-300 px-1.5 text-xs font-bold text-gray-900">
                    <span className="sr-only">, waiting: </span>
                    {pending}
                  </span>
                ) : null}
              </NavLink>
              {/* A link of its own, beside the menu's: to the list where each item is dealt with. */}
              {l.to === "/admin/orders" && attention > 0 ? (
                <Link
                  to={ATTENTION_LIST}
                  className="ml-1 inline-block rounded-full bg-amber-300 px-2 py-1.5 text-xs font-bold whitespace-nowrap text-gray-900 hover:bg-amber-400"
                >
                  {attention}
                  <span className="sr-only">{attention === 1 ? " needs attention" : " need attention"}</span>
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="mt-6 font-serif text-3xl font-bold break-words text-gray-900">{title}</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}
