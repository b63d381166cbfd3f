import { NavLink } from "react-router";
import { useBottomNav } from "./nav-links";
import { useLocalHref, useT } from "~/lib/i18n/use-t";

export function BottomNav({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const localHref = useLocalHref();
  return (
    <nav aria-label={t("nav.mobile")} data-testid="bottom-nav" className="bottom-nav">
      <ul className="grid grid-cols-6">
        {useBottomNav(signedIn).map(({ label, to, icon: Icon }) => (
          <li key={label}>
            {/* The header has the same links (hidden on phones, still in the page): they mark the routes for
                React Router's discovery once; a second marker each would be only bytes. */}
            <NavLink to={localHref(to)} end className="tab" discover="none">
              <Icon aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
