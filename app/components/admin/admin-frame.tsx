import { NavLink } from "react-router";

const LINKS = [
  { to: "/admin", label: "Dashboard" },
  { to: "/admin/articles", label: "Articles" },
  { to: "/admin/ebooks", label: "Ebooks" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/categories", label: "Categories" },
  { to: "/admin/homepage", label: "Homepage" },
  { to: "/admin/moderation", label: "Moderation" },
  { to: "/admin/media", label: "Files" },
  { to: "/admin/activity", label: "Activity" },
];

export function AdminFrame({
  title,
  pending,
  children,
}: {
  title: string;
  /** Reviews and comments waiting for approval, shown on the Moderation link. */
  pending?: number;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Admin" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-2 text-sm font-medium">
          {LINKS.map((l) => (
            <li key={l.to}>
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
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="mt-6 font-serif text-3xl font-bold break-words text-gray-900">{title}</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}
