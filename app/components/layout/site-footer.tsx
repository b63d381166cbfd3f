import { Link } from "react-router";
import type { ShellCountry } from "~/modules/commerce/shell-country.server";
import { CountryPicker } from "./country-picker";

export function SiteFooter({ supportEmail, country }: { supportEmail: string; country: ShellCountry | null }) {
  return (
    <footer className="mt-16 border-t border-rose-100 bg-rose-50/60">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-gray-700 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-brand-700">Nuru</p>
          <p className="mt-2">Wellness, body confidence and beauty, written for the women of Kenya.</p>
          {country ? <CountryPicker country={country} /> : null}
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
