import { Link } from "react-router";
import { DataSaverSwitch } from "~/components/data-saver";
import type { ShellData } from "~/modules/site/shell.server";

export function SiteFooter({
  supportEmail,
  country,
  dataSaver,
}: {
  supportEmail: string;
  country: ShellData["country"] | null;
  dataSaver: boolean;
}) {
  return (
    <footer className="foot">
      <div className="foot-grid">
        <div>
          <p className="text-lg font-bold text-brand-700">Nuru</p>
          <p className="mt-2">Wellness, body confidence and beauty, written for the women of Kenya.</p>
          {country ? (
            <p className="mt-4">
              Prices for <span className="font-semibold">{country.name}</span>
              {" · "}
              <Link to="/country" className="font-semibold text-brand-700 underline" discover="none">
                change
              </Link>
            </p>
          ) : null}
          <DataSaverSwitch on={dataSaver} />
        </div>
        {/* About and pricing are in the header too: its links mark them for React Router's route discovery. */}
        <nav aria-label="Footer">
          <ul className="space-y-1">
            <li>
              <Link className="foot-link" to="/about" discover="none">
                About us
              </Link>
            </li>
            <li>
              <Link className="foot-link" to="/pricing" discover="none">
                Plans and pricing
              </Link>
            </li>
            <li>
              <Link className="foot-link" to="/terms">
                Terms of service
              </Link>
            </li>
            <li>
              <Link className="foot-link" to="/privacy">
                Privacy and your data
              </Link>
            </li>
            <li>
              {/* A file, not a page: a plain link, so the browser (or her feed reader) opens it. */}
              <a className="foot-link" href="/rss.xml" type="application/rss+xml">
                RSS feed of new articles
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <p className="font-semibold">Support</p>
          <a className="foot-link underline" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
          <p className="mt-2 text-xs text-gray-600">{`© ${new Date().getFullYear()} Nuru. Made in Nairobi.`}</p>
        </div>
      </div>
    </footer>
  );
}
