import { NavLink } from "react-router";
import { bottomNav } from "./nav-links";

export function BottomNav({ signedIn }: { signedIn: boolean }) {
  return (
    <nav
      aria-label="Mobile"
      data-testid="bottom-nav"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-rose-100 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-6">
        {bottomNav(signedIn).map(({ label, to, icon: Icon }) => (
          <li key={label}>
            <NavLink to={to} end className={({ isActive }) => `tab ${isActive ? "text-brand-700" : "text-gray-600"}`}>
              <Icon aria-hidden="true" className="h-5 w-5" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
