import { Link } from "react-router";

// The row of pill links that switches an admin screen's view (dashboard sections, homepage sections, analytics
// periods, media filters): plain links, so each view has its own address and works without JavaScript; the current
// one is marked for screen readers with aria-current.

export interface AdminTab {
  to: string;
  label: string;
  current: boolean;
}

export function AdminTabs({ label, tabs, divided = false }: { label: string; tabs: AdminTab[]; divided?: boolean }) {
  return (
    <nav aria-label={label}>
      <ul
        className={`flex flex-wrap gap-2 text-sm font-semibold ${divided ? "border-b border-gray-200 pb-3" : ""}`.trim()}
      >
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              className={`block min-h-11 rounded-full px-4 py-3 leading-5 ${tab.current ? "bg-gray-900 text-white" : "bg-gray-100 text-gray-900 hover:bg-gray-200"}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
