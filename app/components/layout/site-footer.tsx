import { Link, useLocation } from "react-router";
import { DataSaverSwitch } from "~/components/data-saver";
import type { ShellData } from "~/modules/site/shell.server";
import { hasSwahiliVersion, localeFromPath, switchNext, type Locale } from "~/lib/locale";
import { useLocalHref, useT } from "~/lib/i18n/use-t";

/**
 * The link to this page in the other language (issue 50): through /language, which remembers her choice, so it works
 * as a plain link with no script. Each language is named in itself. Only on pages that exist in both languages.
 */
function LanguageSwitch() {
  const { pathname, search } = useLocation();
  if (!hasSwahiliVersion(pathname)) return null;
  // From the address, the same on the server and in the browser (an islands route's error page hydrates React).
  const locale = localeFromPath(pathname);
  const other: Locale = locale === "sw" ? "en" : "sw";
  const href = `/language?to=${other}&next=${encodeURIComponent(switchNext(pathname, search))}`;
  return (
    <p className="mt-4">
      <a href={href} hrefLang={other} lang={other} className="font-semibold text-brand-700 underline">
        {other === "sw" ? "Kiswahili" : "English"}
      </a>
    </p>
  );
}

export function SiteFooter({
  supportEmail,
  country,
  dataSaver,
}: {
  supportEmail: string;
  country: ShellData["country"] | null;
  dataSaver: boolean;
}) {
  const t = useT();
  const localHref = useLocalHref();
  return (
    <footer className="foot">
      <div className="foot-grid">
        <div>
          <p className="text-lg font-bold text-brand-700">Nuru</p>
          <p className="mt-2">{t("footer.tagline")}</p>
          {country ? (
            <p className="mt-4">
              {`${t("footer.pricesFor")} `}
              <span className="font-semibold">{country.name}</span>
              {" · "}
              <Link to={localHref("/country")} className="font-semibold text-brand-700 underline" discover="none">
                {t("footer.change")}
              </Link>
            </p>
          ) : null}
          <DataSaverSwitch on={dataSaver} />
          <LanguageSwitch />
        </div>
        {/* About and pricing are in the header too: its links mark them for React Router's route discovery. */}
        <nav aria-label={t("nav.footer")}>
          <ul className="space-y-1">
            <li>
              <Link className="foot-link" to={localHref("/about")} discover="none">
                {t("footer.about")}
              </Link>
            </li>
            <li>
              <Link className="foot-link" to={localHref("/pricing")} discover="none">
                {t("footer.plans")}
              </Link>
            </li>
            <li>
              <Link className="foot-link" to={localHref("/terms")}>
                {t("footer.terms")}
              </Link>
            </li>
            <li>
              <Link className="foot-link" to={localHref("/privacy")}>
                {t("footer.privacy")}
              </Link>
            </li>
            <li>
              {/* A file, not a page: a plain link, so the browser (or her feed reader) opens it. */}
              <a className="foot-link" href="/rss.xml" type="application/rss+xml">
                {t("footer.rss")}
              </a>
            </li>
          </ul>
        </nav>
        <div>
          <p className="font-semibold">{t("footer.support")}</p>
          <a className="foot-link underline" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
          <p className="mt-2 text-xs text-gray-600">{`© ${new Date().getFullYear()} ${t("footer.madeIn")}`}</p>
        </div>
      </div>
    </footer>
  );
}
