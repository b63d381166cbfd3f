import { BookOpen, ChevronLeft, ChevronRight, FileText, X } from "~/components/ui/icons";
import { SaveForOfflineIsland } from "~/components/offline/save-for-offline-island";
import { useIslands } from "~/components/islands";
import { useLocalHref, useLocale, useT } from "~/lib/i18n/use-t";
import { localeHref } from "~/lib/locale";
import { useNonce } from "~/lib/nonce";
import type { StoredTextSettings, TextTheme } from "~/modules/reader/text-settings";
import textReaderScript from "~/islands/text-reader-page.ts?worker&url";

export interface TextReaderProps {
  ebook: { id: string; title: string };
  toc: { title: string }[];
  section: { index: number; title: string; blocks: string[] };
  /** Her settings and when she chose them (kept on the phone for her offline copies). */
  settings: StoredTextSettings;
  progress: { start: number; end: number };
  watermark: { email: string; date: string };
  /** Her offline library's key on this device (ADR 033); null when the shell did not say. */
  owner: string | null;
}

/** What text mode's own script (app/islands/text-reader-page.ts) needs to know, on its script element. */
export interface TextReaderFacts {
  ebookId: string;
  section: number;
  owner: string | null;
  settings: StoredTextSettings;
  progress: { start: number; end: number };
}

// Light, sepia and dark, each with its text, muted text and bar colours (contrast checked at AA).
const THEMES: Record<TextTheme, { page: string; bar: string; mark: string }> = {
  light: { page: "bg-white text-gray-900", bar: "bg-gray-100 text-gray-900 border-gray-200", mark: "#111827" },
  sepia: { page: "bg-[#f4ecd8] text-[#3b2f1e]", bar: "bg-[#e9dcc0] text-[#3b2f1e] border-[#d8c7a3]", mark: "#3b2f1e" },
  dark: { page: "bg-gray-900 text-gray-100", bar: "bg-gray-950 text-gray-100 border-gray-800", mark: "#f3f4f6" },
};

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A tile of her e-mail and the date, tilted and faint, repeated behind the text (a picture, not text to select). */
function watermarkTile(watermark: { email: string; date: string }, colour: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="340" height="240">` +
    `<text x="20" y="150" transform="rotate(-25 170 120)" fill="${colour}" fill-opacity="0.09" ` +
    `font-family="sans-serif" font-size="14" font-weight="600">${escapeXml(`${watermark.email} · ${watermark.date}`)}</text></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/**
 * Text mode (issue 32), rendered by the server only (an islands page, ADR 045, in English and Swahili): every control
 * is a link or a form, the menus are `<details>`. Its script (app/islands/text-reader-page.ts) keeps her place, her
 * settings on the phone, the keys and swipes, the blocked copying and Save for offline; data saver gets none of it.
 */
export function TextReader({ ebook, toc, section, settings, progress, watermark, owner }: TextReaderProps) {
  const t = useT();
  const localHref = useLocalHref();
  const locale = useLocale();
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const theme = THEMES[settings.theme];
  const base = localHref(`/ebook/${ebook.id}/text`);
  const closeHref = localHref(`/ebook/${ebook.id}`);
  const previous = section.index > 0 ? `${base}?s=${section.index - 1}` : null;
  const next = section.index < toc.length - 1 ? `${base}?s=${section.index + 1}` : null;
  const themeWords: Record<TextTheme, { name: string; label: string }> = {
    light: { name: t("readerText.light"), label: t("readerText.lightTheme") },
    sepia: { name: t("readerText.sepia"), label: t("readerText.sepiaTheme") },
    dark: { name: t("readerText.dark"), label: t("readerText.darkTheme") },
  };

  const control = "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-2 hover:bg-black/10";
  const menu = `absolute top-full right-2 z-10 mt-1 w-72 max-w-[calc(100vw-1rem)] rounded-2xl border p-3 shadow-xl ${theme.bar}`;
  // A plain form: the shop saves the change and sends her back to the paragraph she was at (`at`, which the page's
  // script keeps up to date as she scrolls; without script, the section's start).
  const settingsForm = (change: string, label: string, text: string, pressed?: boolean) => (
    <form method="post">
      <input type="hidden" name="intent" value="settings" />
      <input type="hidden" name="section" value={section.index} />
      <input type="hidden" name="at" value={0} />
      <button
        type="submit"
        name="change"
        value={change}
        aria-label={label}
        aria-pressed={pressed}
        className={`min-h-11 w-full rounded-full border px-3 font-semibold ${pressed ? "border-current" : "border-transparent bg-current/10"}`}
      >
        {text}
      </button>
    </form>
  );

  return (
    <div
      data-reader
      data-theme={settings.theme}
      role="dialog"
      aria-modal="true"
      aria-labelledby="reader-title"
      className={`fixed inset-0 z-[60] flex flex-col ${theme.page}`}
    >
      <div className={`relative flex items-center gap-1 border-b px-2 py-1 sm:px-4 ${theme.bar}`}>
        <a href={closeHref} aria-label={t("readerText.close")} className={control} data-go="close">
          <X aria-hidden="true" className="h-5 w-5" />
        </a>
        <h1 id="reader-title" className="min-w-0 flex-1 truncate text-sm font-semibold sm:text-base">
          {ebook.title}
        </h1>
        {/* One menu open at a time (`name`: opening one closes the other, so they never overlap). */}
        <details name="reader-menu">
          <summary className={`${control} cursor-pointer list-none`} aria-label={t("readerText.contents")}>
            <BookOpen aria-hidden="true" className="h-5 w-5" />
          </summary>
          <nav aria-label={t("readerText.contents")} className={menu}>
            <ol className="max-h-[60vh] space-y-1 overflow-y-auto">
              {toc.map((entry, index) => (
                <li key={index}>
                  <a
                    href={`${base}?s=${index}`}
                    aria-current={index === section.index ? "page" : undefined}
                    className={`block rounded-lg px-2 py-2 text-sm ${index === section.index ? "font-bold underline" : "hover:bg-black/5"}`}
                  >
                    {entry.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </details>
        <details name="reader-menu">
          <summary className={`${control} cursor-pointer list-none font-serif text-lg font-semibold`}>
            <span aria-hidden="true">Aa</span>
            <span className="sr-only">{t("readerText.settings")}</span>
          </summary>
          <div className={menu}>
            <p className="text-sm font-semibold">{t("readerText.size", { size: settings.fontSize })}</p>
            <div className="mt-1 grid grid-cols-2 gap-2">
              {settingsForm("smaller", t("readerText.smaller"), "A−")}
              {settingsForm("larger", t("readerText.larger"), "A+")}
            </div>
            <p className="mt-3 text-sm font-semibold">
              {t("readerText.spacing", { spacing: (settings.lineHeight / 10).toFixed(1) })}
            </p>
            <div className="mt-1 grid grid-cols-2 gap-2">
              {settingsForm("tighter", t("readerText.tighter"), t("readerText.closer"))}
              {settingsForm("looser", t("readerText.looser"), t("readerText.wider"))}
            </div>
            <p className="mt-3 text-sm font-semibold">{t("readerText.theme")}</p>
            <div className="mt-1 grid grid-cols-3 gap-2">
              {(Object.keys(THEMES) as TextTheme[]).map((name) => (
                <div key={name}>
                  {settingsForm(name, themeWords[name].label, themeWords[name].name, settings.theme === name)}
                </div>
              ))}
            </div>
          </div>
        </details>
        <a href={localHref(`/ebook/${ebook.id}/read?pdf=1`)} className={`${control} text-sm font-semibold`}>
          <FileText aria-hidden="true" className="h-5 w-5" /> PDF
        </a>
      </div>
      <div
        tabIndex={0}
        role="region"
        aria-label={t("readerText.text")}
        className="relative flex-1 overflow-y-auto focus:outline-none"
        data-text-scroller
      >
        {/* Her e-mail across the page, faint enough to read through; a picture, so it scrolls with the text. */}
        <div data-watermark className="min-h-full" style={{ backgroundImage: watermarkTile(watermark, theme.mark) }}>
          <article
            className="text-edition relative mx-auto max-w-[36rem] px-5 py-6 font-serif"
            style={{ fontSize: `${settings.fontSize}px`, lineHeight: settings.lineHeight / 10 }}
          >
            {section.blocks.map((html, index) => (
              <div key={index} id={`b-${index}`} data-block={index} dangerouslySetInnerHTML={{ __html: html }} />
            ))}
            {/* Saving the whole text edition for offline reading (ADR 033): shown by the page's script. */}
            {owner && islands ? (
              <div className="mt-10 font-sans">
                <SaveForOfflineIsland
                  owner={owner}
                  label={t("readerText.saveOffline")}
                  inReader
                  target={{
                    kind: "ebook",
                    id: ebook.id,
                    // In the page's language, under its address (issue 50).
                    readUrl: localeHref(`/ebook/${ebook.id}/text`, locale),
                    copyUrl: localeHref(`/library/offline/ebook/${ebook.id}`, locale),
                  }}
                />
              </div>
            ) : null}
            <nav aria-label={t("readerText.sections")} className="mt-10 flex justify-between gap-3 font-sans text-base">
              {previous ? (
                <a href={previous} className="inline-flex min-h-11 items-center rounded-full border px-4 font-semibold">
                  {t("readerText.previous")}
                </a>
              ) : (
                <span />
              )}
              {next ? (
                <a href={next} className="inline-flex min-h-11 items-center rounded-full border px-4 font-semibold">
                  {t("readerText.next")}
                </a>
              ) : null}
            </nav>
          </article>
        </div>
      </div>
      <div
        className={`flex items-center justify-between gap-2 border-t px-2 py-1 sm:justify-center sm:gap-8 ${theme.bar}`}
      >
        {previous ? (
          <a href={previous} aria-label={t("readerText.previous")} className={control} data-go="previous">
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </a>
        ) : (
          <span className="min-w-11" />
        )}
        <p aria-live="polite" className="min-w-0 truncate text-center text-sm tabular-nums" data-progress>
          <span className="font-semibold" data-percent>
            {t("readerText.percent", { percent: progress.start })}
          </span>
          {` · ${section.title} `}
          {t("readerText.sectionOf", { number: section.index + 1, total: toc.length })}
        </p>
        {next ? (
          <a href={next} aria-label={t("readerText.next")} className={control} data-go="next">
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </a>
        ) : (
          <span className="min-w-11" />
        )}
      </div>
      {islands ? (
        <script
          type="module"
          src={textReaderScript}
          nonce={nonce}
          data-text-reader={JSON.stringify({
            ebookId: ebook.id,
            section: section.index,
            owner,
            settings,
            progress,
          } satisfies TextReaderFacts)}
        />
      ) : null}
    </div>
  );
}
