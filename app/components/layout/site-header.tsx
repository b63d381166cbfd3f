import { lazy, Suspense, useEffect, useState } from "react";
import { Link, NavLink } from "react-router";
import { useDesktopNav } from "./nav-links";
import { HIDE_HEADER_AFTER_PX, SHADOW_AFTER_PX, useIsMobile, useScroll } from "./use-scroll-y";
// The server renders the menu whole for an islands page (ADR 045); the browser's build drops this import (no side
// effects, vite.config.ts) and loads the menu lazily as before.
import { AccountMenu as ServerAccountMenu } from "./account-menu";
import { useIslands } from "~/components/islands";
import { useLocalHref, useT } from "~/lib/i18n/use-t";

export interface HeaderUser {
  fullName: string | null;
  email: string;
  role: string;
  /** Her initial as the server wrote it (a token in a page rendered once for her access level, ADR 049). */
  initial?: string;
}

// The menu's code loads when a signed-in reader reaches for it (hover, focus, tap), not with every page.
const loadAccountMenu = () => import("./account-menu");
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })));

const avatarClass = "flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-semibold text-white";

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const { y, direction } = useScroll();
  const mobile = useIsMobile();
  const hidden = mobile && y > HIDE_HEADER_AFTER_PX && direction === "down";
  const scrolled = y > SHADOW_AFTER_PX;
  const t = useT();
  const localHref = useLocalHref();
  return (
    <header
      data-testid="site-header"
      data-hidden={hidden}
      data-scrolled={scrolled}
      // Hidden and shadowed by its data attributes (app.css): one short class on every page.
      className="site-header"
    >
      <div className="header-bar">
        <Link to={localHref(user ? "/home" : "/")} className="logo">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>Nuru</span>
        </Link>
        <nav aria-label={t("nav.main")} className="hidden md:block">
          <ul className="flex items-center gap-1 text-sm font-medium">
            {useDesktopNav(Boolean(user)).map((item) => (
              <li key={item.label}>
                <NavLink to={localHref(item.to)} end className="nav-link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div data-testid="account-slot">
          {user ? (
            <AccountSlot user={user} />
          ) : (
            // With JavaScript this opens the sign-in dialog (useSignInLinks in the root layout).
            <Link to={localHref("/signin")} className="btn">
              {t("nav.signIn")}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

function AccountSlot({ user }: { user: HeaderUser }) {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const t = useT();
  const localHref = useLocalHref();
  const [hydrated, setHydrated] = useState(false);
  const [opened, setOpened] = useState(false);
  useEffect(() => setHydrated(true), []);
  const initial = (user.fullName?.trim()[0] ?? "U").toUpperCase();
  const button = (onClick?: () => void) => (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={opened}
      aria-label={t("nav.accountMenu")}
      onPointerEnter={() => void loadAccountMenu()}
      onFocus={() => void loadAccountMenu()}
      onClick={onClick}
      className={avatarClass}
    >
      {initial}
    </button>
  );
  if (import.meta.env.SSR && islands) return <ServerAccountMenu user={user} islands />;
  // Without JavaScript (and until the page is interactive) the avatar is a link to the account page.
  if (!hydrated)
    return (
      <Link to={localHref("/account")} aria-label={t("nav.account")} className={avatarClass}>
        {initial}
      </Link>
    );
  if (!opened) return button(() => setOpened(true));
  return (
    <Suspense fallback={button()}>
      <AccountMenu user={user} initiallyOpen />
    </Suspense>
  );
}
