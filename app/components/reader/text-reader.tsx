import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { BookOpen, ChevronLeft, ChevronRight, FileText } from "~/components/ui/icons";
import { ReaderTitle } from "./reader-title";
import { LazyToast } from "~/components/ui/lazy-toast";
import {
  settingsToKeep,
  textSettingsStorageKey,
  type StoredTextSettings,
  type TextTheme,
} from "~/modules/reader/text-settings";
import { useBlockedActionsToast } from "./blocked-actions";
import { useSwipe } from "./swipe";

// Saving the whole text edition for offline reading (ADR 033): its code loads with the reader's first paint, never on
// other pages, and the offline library's only on the tap.
const SaveForOffline = lazy(() =>
  import("~/components/offline/save-for-offline").then((m) => ({ default: m.SaveForOffline })),
);

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

const THEME_LABELS: Record<TextTheme, string> = { light: "Light", sepia: "Sepia", dark: "Dark" };

/** The index of the block at the top of the scroller: where she is. */
function topBlock(scroller: HTMLElement): number {
  const top = scroller.getBoundingClientRect().top;
  for (const block of scroller.querySelectorAll<HTMLElement>("[data-block]")) {
    if (block.getBoundingClientRect().bottom > top + 4) return Number(block.dataset.block);
  }
  return 0;
}

/** Saves her place on the server: after she stops scrolling, and at once when she leaves. */
function useSavedPlace(ebookId: string, section: number, at: number, owner: string | null) {
  const saved = useRef(`${section}:${at}`);
  const latest = useRef({ section, at });
  latest.current = { section, at };
  const send = useCallback(() => {
    const { section: s, at: offset } = latest.current;
    if (saved.current === `${s}:${offset}`) return;
    saved.current = `${s}:${offset}`;
    // With the time she was there and whose place it is: if the connection is down, the service worker queues it
    // and sends it later (ADR 033), and the shop keeps the newest place.
    const place = { intent: "text-position", section: String(s), offset: String(offset), takenAt: String(Date.now()) };
    void fetch(`/ebook/${ebookId}/reading`, {
      method: "POST",
      body: new URLSearchParams(owner ? { ...place, owner } : place),
      headers: { Accept: "application/json", "X-Nuru-Queue": "position" },
      credentials: "same-origin",
      keepalive: true,
    }).catch(() => undefined);
  }, [ebookId, owner]);
  useEffect(() => {
    const timer = setTimeout(send, 700);
    return () => clearTimeout(timer);
  }, [section, at, send]);
  useEffect(() => {
    window.addEventListener("pagehide", send);
    return () => {
      window.removeEventListener("pagehide", send);
      send();
    };
  }, [send]);
}

/**
 * Keeps her text settings on this phone, where her offline ebook copies read them (ADR 033): the shop's, unless a
 * newer change made offline is still on its way.
 */
function useSettingsOnPhone(owner: string | null, settings: StoredTextSettings) {
  const { fontSize, lineHeight, theme, at } = settings;
  useEffect(() => {
    if (!owner) return;
    const key = textSettingsStorageKey(owner);
    try {
      const stored = JSON.parse(localStorage.getItem(key) ?? "null") as StoredTextSettings | null;
      localStorage.setItem(key, JSON.stringify(settingsToKeep(stored, { fontSize, lineHeight, theme, at })));
    } catch {
      // No storage (private mode, full): her copies open with the settings they were saved with.
    }
  }, [owner, fontSize, lineHeight, theme, at]);
}

export function TextReader({ ebook, toc, section, settings, progress, watermark, owner }: TextReaderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState(() => Number(/^#b-(\d+)$/.exec(location.hash)?.[1] ?? 0));
  const [percent, setPercent] = useState(progress.start);
  const theme = THEMES[settings.theme];
  const base = `/ebook/${ebook.id}/text`;
  const closeHref = `/ebook/${ebook.id}`;
  const previous = section.index > 0 ? `${base}?s=${section.index - 1}` : null;
  const next = section.index < toc.length - 1 ? `${base}?s=${section.index + 1}` : null;

  const toast = useBlockedActionsToast();
  useSavedPlace(ebook.id, section.index, at, owner);
  useSettingsOnPhone(owner, settings);

  // A new section starts at its top; a link to a paragraph (her saved place, after a settings change) opens there.
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const target = /^#b-\d+$/.test(location.hash) ? scroller.querySelector(location.hash) : null;
    if (target) target.scrollIntoView({ block: "start" });
    else scroller.scrollTop = 0;
    setAt(topBlock(scroller));
  }, [location.key, location.hash, section.index]);
  // The page stays mounted from section to section, and so would an open menu over the chapter she just chose
  // (issue 46): a new section closes both menus. (Without JavaScript each section is a new page, menus closed.)
  const contentsRef = useRef<HTMLDetailsElement>(null);
  const settingsRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    for (const menu of [contentsRef.current, settingsRef.current]) if (menu) menu.open = false;
  }, [section.index]);
  // The page stays mounted from section to section: the percent starts again from the new section's share.
  useEffect(() => setPercent(progress.start), [section.index, progress.start]);

  const onScroll = () => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    setAt(topBlock(scroller));
    const room = scroller.scrollHeight - scroller.clientHeight;
    const read = room > 0 ? scroller.scrollTop / room : 1;
    setPercent(Math.round(progress.start + (progress.end - progress.start) * read));
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if ((event.target as HTMLElement | null)?.closest("input, select, textarea, summary, button")) return;
      if (event.key === "ArrowRight" && next) void navigate(next);
      else if (event.key === "ArrowLeft" && previous) void navigate(previous);
      else if (event.key === "Escape") void navigate(closeHref);
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate, next, previous, closeHref]);

  const swipe = useSwipe((dx, dy) => {
    if (Math.abs(dx) < 60 || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    const to = dx < 0 ? next : previous;
    if (to) void navigate(to);
  });

  const control = "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-2 hover:bg-black/10";
  const menu = `absolute top-full right-2 z-10 mt-1 w-72 max-w-[calc(100vw-1rem)] rounded-2xl border p-3 shadow-xl ${theme.bar}`;
  const settingsForm = (change: string, label: string, text: string, pressed?: boolean) => (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="settings" />
      <input type="hidden" name="section" value={section.index} />
      <input type="hidden" name="at" value={at} />
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
    </Form>
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
        <ReaderTitle title={ebook.title} closeHref={closeHref} control={control} />
        {/* One menu open at a time (`name`: opening one closes the other, so they never overlap). */}
        <details name="reader-menu" ref={contentsRef}>
          <summary className={`${control} cursor-pointer list-none`} aria-label="Contents">
            <BookOpen aria-hidden="true" className="h-5 w-5" />
          </summary>
          <nav aria-label="Contents" className={menu}>
            <ol className="max-h-[60vh] space-y-1 overflow-y-auto">
              {toc.map((entry, index) => (
                <li key={index}>
                  <Link
                    to={`${base}?s=${index}`}
                    // Closed on the tap itself too: the chapter she is in changes no section.
                    onClick={() => {
                      if (contentsRef.current) contentsRef.current.open = false;
                    }}
                    aria-current={index === section.index ? "page" : undefined}
                    className={`block rounded-lg px-2 py-2 text-sm ${index === section.index ? "font-bold underline" : "hover:bg-black/5"}`}
                  >
                    {entry.title}
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
        </details>
        <details name="reader-menu" ref={settingsRef}>
          <summary className={`${control} cursor-pointer list-none font-serif text-lg font-semibold`}>
            <span aria-hidden="true">Aa</span>
            <span className="sr-only">Text settings</span>
          </summary>
          <div className={menu}>
            <p className="text-sm font-semibold">Text size: {settings.fontSize} px</p>
            <div className="mt-1 grid grid-cols-2 gap-2">
              {settingsForm("smaller", "Smaller text", "A−")}
              {settingsForm("larger", "Larger text", "A+")}
            </div>
            <p className="mt-3 text-sm font-semibold">Line spacing: {(settings.lineHeight / 10).toFixed(1)}</p>
            <div className="mt-1 grid grid-cols-2 gap-2">
              {settingsForm("tighter", "Less line spacing", "Closer")}
              {settingsForm("looser", "More line spacing", "Wider")}
            </div>
            <p className="mt-3 text-sm font-semibold">Theme</p>
            <div className="mt-1 grid grid-cols-3 gap-2">
              {(Object.keys(THEMES) as TextTheme[]).map((name) => (
                <div key={name}>
                  {settingsForm(name, `${THEME_LABELS[name]} theme`, THEME_LABELS[name], settings.theme === name)}
                </div>
              ))}
            </div>
          </div>
        </details>
        <Link to={`/ebook/${ebook.id}/read?pdf=1`} className={`${control} text-sm font-semibold`}>
          <FileText aria-hidden="true" className="h-5 w-5" /> PDF
        </Link>
      </div>
      <div
        ref={scrollRef}
        tabIndex={0}
        role="region"
        aria-label="Ebook text"
        className="relative flex-1 overflow-y-auto focus:outline-none"
        onScroll={onScroll}
        {...swipe}
      >
        {/* Her e-mail across the page, faint enough to read through; a picture, so it scrolls with the text. */}
        <div data-watermark className="min-h-full" style={{ backgroundImage: watermarkTile(watermark, theme.mark) }}>
          <article
            className="text-edition relative mx-auto max-w-[36rem] px-5 py-6 font-serif"
            style={{ fontSize: `${settings.fontSize}px`, lineHeight: settings.lineHeight / 10 }}
          >
            {section.blocks.map((html, index) => (
              <div
                key={`${section.index}-${index}`}
                id={`b-${index}`}
                data-block={index}
                dangerouslySetInnerHTML={{ __html: html }}
              />
            ))}
            {owner ? (
              <div className="mt-10 font-sans">
                <Suspense fallback={null}>
                  <SaveForOffline
                    owner={owner}
                    label="Save this ebook for offline"
                    inReader
                    target={{
                      kind: "ebook",
                      id: ebook.id,
                      readUrl: base,
                      copyUrl: `/library/offline/ebook/${ebook.id}`,
                    }}
                  />
                </Suspense>
              </div>
            ) : null}
            <nav aria-label="Sections" className="mt-10 flex justify-between gap-3 font-sans text-base">
              {previous ? (
                <Link
                  to={previous}
                  className="inline-flex min-h-11 items-center rounded-full border px-4 font-semibold"
                >
                  Previous section
                </Link>
              ) : (
                <span />
              )}
              {next ? (
                <Link to={next} className="inline-flex min-h-11 items-center rounded-full border px-4 font-semibold">
                  Next section
                </Link>
              ) : null}
            </nav>
          </article>
        </div>
      </div>
      <div
        className={`flex items-center justify-between gap-2 border-t px-2 py-1 sm:justify-center sm:gap-8 ${theme.bar}`}
      >
        {previous ? (
          <Link to={previous} aria-label="Previous section" className={control}>
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </Link>
        ) : (
          <span className="min-w-11" />
        )}
        <p aria-live="polite" className="min-w-0 truncate text-center text-sm tabular-nums" data-progress>
          <span className="font-semibold">{percent}%</span> · {section.title} ({section.index + 1} of {toc.length})
        </p>
        {next ? (
          <Link to={next} aria-label="Next section" className={control}>
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </Link>
        ) : (
          <span className="min-w-11" />
        )}
      </div>
      <LazyToast toast={toast} />
    </div>
  );
}
