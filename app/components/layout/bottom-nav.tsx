import { NavLink } from "react-router";
import { bottomNav } from "./nav-links";

export function BottomNav({ signedIn }: { signedIn: boolean }) {
  return (
    <nav aria-label="Mobile" data-testid="bottom-nav" className="bottom-nav">
      <ul className="grid grid-cols-6">
        {bottomNav(signedIn).map(({ label, to, icon: Icon }) => (
          <li key={label}>
            {/* The header has the same links (hidden on phones, still in the page): they mark the routes for
                React Router's discovery once; a second marker each would be only bytes. */}
            <NavLink to={to} end className="tab" discover="none">
              <Icon aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
