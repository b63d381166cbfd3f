import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { ShellData } from "~/modules/site/shell.server";
import { StaticHtml } from "~/components/static-html";
import { CountryPicker as ServerCountryPicker } from "./country-picker";

// In the browser the picker is the server's HTML (ADR 022); its code loads only if the countries come as data
// (the shell revalidated), so it is not in every page's JavaScript (vite.config.ts drops the static import there).
// The Suspense boundary is the browser's only: on the server it would stream the form after the shell, behind a
// script, and a reader without JavaScript would have no picker.
const LazyCountryPicker = lazy(() => import("./country-picker").then((m) => ({ default: m.CountryPicker })));
const CountryPicker: typeof ServerCountryPicker = import.meta.env.SSR
  ? ServerCountryPicker
  : (props) => (
      <Suspense fallback={null}>
        <LazyCountryPicker {...props} />
      </Suspense>
    );

export function SiteFooter({ supportEmail, country }: { supportEmail: string; country: ShellData["country"] | null }) {
  return (
    <footer className="mt-16 border-t border-rose-100 bg-rose-50/60">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-gray-700 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-brand-700">Nuru</p>
          <p className="mt-2">Wellness, body confidence and beauty, written for the women of Kenya.</p>
          {country ? (
            <StaticHtml value={country.choices}>
              {(choices) => <CountryPicker country={{ ...country, choices }} />}
            </StaticHtml>
          ) : null}
        </div>
        <nav aria-label="Footer">
          <ul className="space-y-1">
            <li>
              <Link className="inline-block py-1.5 hover:text-brand-700" to="/about">
                About us
              </Link>
            </li>
            <li>
              <Link className="inline-block py-1.5 hover:text-brand-700" to="/pricing">
                Plans and pricing
              </Link>
            </li>
            <li>
              <Link className="inline-block py-1.5 hover:text-brand-700" to="/terms">
                Terms of service
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <p className="font-semibold">Support</p>
          <a className="inline-block py-1.5 underline hover:text-brand-700" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
          <p className="mt-2 text-xs text-gray-600">© {new Date().getFullYear()} Nuru. Made in Nairobi.</p>
        </div>
      </div>
    </footer>
  );
}
