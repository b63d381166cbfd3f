import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { readerInitialOf, readerNameOf, roleLabelOf } from "~/modules/accounts/reader-name";
import type { HeaderUser } from "./site-header";
import { useLocalHref, useT } from "~/lib/i18n/use-t";

export function AccountMenu({
  user,
  initiallyOpen = false,
  islands = false,
}: {
  user: HeaderUser;
  initiallyOpen?: boolean;
  /** For an islands page (ADR 045, server only): the menu is in the page, hidden, for its script to open. */
  islands?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const ref = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // It replaces the avatar button that was tapped: keep the keyboard focus where the reader left it.
  useEffect(() => {
    if (initiallyOpen) trigger.current?.focus();
  }, [initiallyOpen]);
  const location = useLocation();
  // Closes when the reader moves to another page (not on mount: it may mount open).
  const shownAt = useRef(location.pathname);
  useEffect(() => {
    if (shownAt.current === location.pathname) return;
    shownAt.current = location.pathname;
    setOpen(false);
  }, [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  const t = useT();
  // On a Swahili page (server-rendered, ADR 045) her own pages open in Swahili too.
  const localHref = useLocalHref();
  const name = readerNameOf(user);
  const initial = user.initial ?? readerInitialOf(user);
  return (
    <div ref={ref} className="relative" data-account-menu={islands ? "" : undefined}>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t("nav.accountMenu")}
        onClick={() => setOpen((o) => !o)}
        className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-semibold text-white"
      >
        {initial}
      </button>
      {/* Without JavaScript the menu is reachable through /account. */}
      {open || islands ? (
        <div
          role="menu"
          hidden={!open}
          className="absolute right-0 mt-2 w-64 rounded-xl border border-rose-100 bg-white p-2 shadow-lg"
        >
          <div className="border-b border-gray-100 px-3 pt-1 pb-2">
            <p className="font-semibold text-gray-900">{name}</p>
            <p className="truncate text-sm text-gray-700">{user.email}</p>
            <p className="mt-1 text-xs font-medium text-brand-700">{roleLabelOf(user.role)}</p>
          </div>
          <Link
            role="menuitem"
            to={localHref("/dashboard")}
            className="block rounded-md px-3 py-2 text-sm hover:bg-rose-50"
          >
            {t("nav.myLibrary")}
          </Link>
          <Link
            role="menuitem"
            to={localHref("/library/offline")}
            className="block rounded-md px-3 py-2 text-sm hover:bg-rose-50"
          >
            {t("nav.offlineLibrary")}
          </Link>
          <Link
            role="menuitem"
            to={localHref("/account")}
            className="block rounded-md px-3 py-2 text-sm hover:bg-rose-50"
          >
            {t("nav.account")}
          </Link>
          {user.role === "admin" ? (
            <Link role="menuitem" to="/admin" className="block rounded-md px-3 py-2 text-sm hover:bg-rose-50">
              {t("nav.admin")}
            </Link>
          ) : null}
          <Form method="post" action="/signout">
            <button
              role="menuitem"
              type="submit"
              className="block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-rose-50"
            >
              {t("nav.signOut")}
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
