import { escapeHtml } from "~/lib/mail/layout.server";
import { translator, type Translate } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, localeHref, type Locale } from "~/lib/locale";
import type { ContentType } from "~/modules/engagement/schemas";
import type { StoredTextSettings, TextTheme } from "~/modules/reader/text-settings";

/** The one script a saved copy runs (bundled and precached by scripts/build-service-worker.mjs; ADR 033). */
export const OFFLINE_COPY_SCRIPT = "/offline-reader.js";

/**
 * What a saved copy's response carries besides its document (the device keeps it with the copy). Served later by the
 * service worker without the shop's page policy, so it brings its own: one script of the shop's own
 * (/offline-reader.js: her place, her text settings, the bookmark button, sent through the worker's queue), nothing
 * inline, nothing from elsewhere, and no form posts (the script sends the bookmark).
 */
export const OFFLINE_COPY_HEADERS = {
  // A copy names her and is hers alone: never stored by anything between the shop and her browser.
  "Cache-Control": "private, no-store",
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy":
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self' data: https:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "X-Robots-Tag": "noindex",
} as const;

/** An ebook's copy: the same policy (kept as its own name for the route that serves it). */
export const OFFLINE_EBOOK_COPY_HEADERS = OFFLINE_COPY_HEADERS;

/** The copy's bookmark as the shop had it when she saved (the phone's later taps and checks win; ADR 033). */
export interface CopyBookmark {
  contentType: ContentType;
  contentId: string;
  bookmarked: boolean;
}

// The text reader's themes (components/reader/text-reader.tsx), as plain CSS: page, muted text, bar, link and the
// watermark's ink. Contrast checked at AA like the reader's.
const THEMES: Record<
  TextTheme,
  { page: string; text: string; muted: string; bar: string; line: string; link: string }
> = {
  light: { page: "#fff", text: "#111827", muted: "#4b5563", bar: "#f3f4f6", line: "#e5e7eb", link: "#9f1239" },
  sepia: { page: "#f4ecd8", text: "#3b2f1e", muted: "#5b4a33", bar: "#e9dcc0", line: "#d8c7a3", link: "#7f1d1d" },
  dark: { page: "#111827", text: "#f3f4f6", muted: "#d1d5db", bar: "#030712", line: "#1f2937", link: "#fda4af" },
};

/** A tile of her e-mail and the date, tilted and faint, repeated over the screen (as the text reader draws it). */
function watermarkTile(text: string, ink: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="340" height="240">` +
    `<text x="20" y="150" transform="rotate(-25 170 120)" fill="${ink}" fill-opacity="0.09" ` +
    `font-family="sans-serif" font-size="14" font-weight="600">${escapeHtml(text)}</text></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/** Each theme's colours, as `body.t-<theme>` rules (the script switches the class; the server sets the first). */
function themeCss(mark: string): string {
  return (Object.entries(THEMES) as [TextTheme, (typeof THEMES)[TextTheme]][])
    .map(
      ([name, t]) =>
        `body.t-${name}{background:${t.page};color:${t.text}}` +
        `.t-${name} .byline,.t-${name} .note{color:${t.muted}}` +
        `.t-${name} .bar,.t-${name} .panel{background:${t.bar};color:${t.text};border-color:${t.line}}` +
        `.t-${name} .body a,.t-${name} .toc a{color:${t.link}}` +
        `.t-${name} footer{border-color:${t.line}}` +
        `.t-${name} .wm{background-image:${watermarkTile(mark, t.text)}}`,
    )
    .join("\n");
}

const settingButton = (change: string, label: string) =>
  `<button type="button" data-change="${change}">${escapeHtml(label)}</button>`;

/** Each theme's name on its button (the text reader's words). */
const THEME_NAMES: Record<TextTheme, string> = {
  light: "readerText.light",
  sepia: "readerText.sepia",
  dark: "readerText.dark",
};

/** Stands for a value in a message, so the value can be put in a span the copy's script rewrites. */
const VALUE = "\u0000";

/** `message` (made with VALUE for the value) with `shown` in the span the copy's script rewrites (`data-show`). */
function withShown(message: string, show: string, shown: string): string {
  const [before = "", after = ""] = message.split(VALUE);
  return `${escapeHtml(before)}<span data-show="${show}">${shown}</span>${escapeHtml(after)}`;
}

/** The text settings of an ebook's copy: the online reader's buttons, worked by the copy's script. */
function settingsPanel(settings: StoredTextSettings, t: Translate): string {
  const themes = (Object.keys(THEMES) as TextTheme[])
    .map(
      (name) =>
        `<button type="button" data-change="${name}" aria-pressed="${settings.theme === name}">${escapeHtml(t(THEME_NAMES[name]))}</button>`,
    )
    .join("");
  // The script writes the size with its unit ("18 px", the same in both languages), so the unit is in the span.
  const size = t("readerText.size", { size: VALUE }).replace(`${VALUE} px`, VALUE);
  const spacing = t("readerText.spacing", { spacing: VALUE });
  return `<details class="tools"><summary><span aria-hidden="true" class="aa">Aa</span> ${escapeHtml(t("readerText.settings"))}</summary>
<div class="panel">
<p>${withShown(size, "size", `${settings.fontSize} px`)}</p>
<div class="two">${settingButton("smaller", t("readerText.smaller"))}${settingButton("larger", t("readerText.larger"))}</div>
<p>${withShown(spacing, "spacing", (settings.lineHeight / 10).toFixed(1))}</p>
<div class="two">${settingButton("tighter", t("offlineCopy.tighter"))}${settingButton("looser", t("offlineCopy.looser"))}</div>
<p>${escapeHtml(t("readerText.theme"))}</p>
<div class="three">${themes}</div>
<p class="hint">${escapeHtml(t("offlineCopy.settingsKept"))}</p>
</div></details>`;
}

/** Her bookmark of this item: a button the copy's script works (sent through the worker's queue when offline). */
function bookmarkForm(bookmark: CopyBookmark, title: string, t: Translate): string {
  const on = bookmark.bookmarked;
  const label = on ? t("bookmark.removeTitle", { title }) : t("bookmark.addTitle", { title });
  return `<form class="bmf" method="post" action="/engagement" data-bookmark>
<input type="hidden" name="intent" value="bookmark"><input type="hidden" name="contentType" value="${bookmark.contentType}"><input type="hidden" name="contentId" value="${escapeHtml(bookmark.contentId)}">
<button type="submit" class="bm" aria-pressed="${on}" data-title="${escapeHtml(title)}" aria-label="${escapeHtml(label)}"><svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20"><path d="M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z"/></svg><span data-label>${escapeHtml(on ? t("bookmark.remove") : t("bookmark.add"))}</span></button>
<span role="status" class="bm-note" data-bookmark-note></span>
</form>`;
}

/** The catalogue ids of the words the copy's script writes (offline-reader-script.ts holds their English). */
const SCRIPT_IDS = [
  "bookmark.add",
  "bookmark.remove",
  "island.savedSync",
  "island.removedSync",
  "island.bookmarkedSynced",
  "island.unbookmarkedSynced",
  "island.noConnection",
  "offlineCopy.couldNotUpdate",
] as const;

/**
 * The words the copy's script writes, in the copy's language: `{English: words}` as JSON, read by the script with
 * say() (lib/page-words.ts, as on the islands pages) from its script element. The bookmark button's names are whole
 * sentences here ("Remove bookmark <title>"), so each language puts the title where its grammar wants it. None for an
 * English copy: the script's own words are the English ones.
 */
function scriptWords(locale: Locale, title: string): string | null {
  if (locale === DEFAULT_LOCALE) return null;
  const [english, t] = [translator(DEFAULT_LOCALE), translator(locale)];
  const words: Record<string, string> = Object.fromEntries(SCRIPT_IDS.map((id) => [english(id), t(id)]));
  words[`Remove bookmark ${title}`] = t("bookmark.removeTitle", { title });
  words[`Bookmark ${title}`] = t("bookmark.addTitle", { title });
  return JSON.stringify(words);
}

const IMG_TAG = /<img\b[^>]*>/g;

/** What stands for a picture in a copy: the pictures are not saved with it (they would multiply her bytes). */
const pictureNote = (locale: Locale) =>
  `<span class="pic-note">${escapeHtml(translator(locale)("offlineCopy.picture"))}</span>`;

/**
 * A copy opens with no connection (the worker serves it only when the network fails), so its pictures could never
 * load: the browser would draw a broken-picture icon beside their alt text. Each `<img>` of sanitised HTML becomes its
 * alt text in line instead, once, marked as a picture; one without alt text leaves the mark alone.
 */
export function picturesAsWords(html: string, locale: Locale = DEFAULT_LOCALE): string {
  const note = pictureNote(locale);
  return html.replace(IMG_TAG, (tag) => {
    // Sanitised HTML: attributes are double-quoted and their text already escaped.
    const alt = /\salt="([^"]*)"/.exec(tag)?.[1]?.trim() ?? "";
    return `<span class="pic">${note}${alt ? ` ${alt}` : ""}</span>`;
  });
}

/** An article's picture block in a copy: the mark and its caption (the article's alt text is the caption), once. */
export function pictureFigure(caption: string | null, locale: Locale = DEFAULT_LOCALE): string {
  return `<figure class="pic">${pictureNote(locale)}${caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : ""}</figure>`;
}

/**
 * One saved copy as a whole document, light enough for a phone with no connection: styles inline, no web font, her
 * e-mail repeated faintly behind the text (as the ebook reader's watermark) and in the footer, and one precached
 * script. Shared by every kind of copy (an article, an ebook's whole text edition); an ebook's copy also carries her
 * text settings (size, line spacing, theme) with the online reader's buttons to change them. Every word of it is in the
 * language of the page she saved it from (issue 50), and so are its links.
 */
export function offlineCopyDocument(input: {
  /** The language of the page she saved it from: the copy's words, links and dates (a date comes in `savedOn`). */
  locale: Locale;
  /** The language the title and text are written in, when known (an article's): marked where it is not the copy's. */
  contentLanguage?: string;
  title: string;
  byline: string;
  /** Already sanitised (the article bodies' allow-list). */
  bodyHtml: string;
  email: string;
  savedOn: string;
  /** What the copy's script needs to know (data-* attributes on the body): whose copy, which ebook. */
  data: Record<string, string>;
  /** Her text settings (an ebook's copy): the copy opens with them, and she can change them offline. */
  settings?: StoredTextSettings;
  bookmark?: CopyBookmark;
}): string {
  const { locale } = input;
  const t = translator(locale);
  const email = escapeHtml(input.email);
  const mark = `${input.email} · ${input.savedOn}`;
  const settings = input.settings;
  const data = {
    ...input.data,
    ...(settings ? { settings: JSON.stringify(settings) } : {}),
    ...(input.bookmark ? { bookmarked: String(input.bookmark.bookmarked) } : {}),
  };
  const bodyAttributes =
    (settings
      ? ` class="t-${settings.theme} text" style="--fs:${settings.fontSize}px;--lh:${settings.lineHeight / 10}"`
      : "") +
    Object.entries(data)
      .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
      .join("");
  const tools = [
    settings ? settingsPanel(settings, t) : "",
    input.bookmark ? bookmarkForm(input.bookmark, input.title, t) : "",
  ]
    .filter(Boolean)
    .join("\n");
  const words = input.bookmark ? scriptWords(locale, input.title) : null;
  // Written in another language than the copy's words: said so, for screen readers (as the article page does).
  const lang =
    input.contentLanguage && input.contentLanguage !== locale ? ` lang="${escapeHtml(input.contentLanguage)}"` : "";
  // The footer's values are escaped with the rest of the sentence.
  const footer = t("offlineCopy.footer", { email: input.email, date: input.savedOn });
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#be123c">
<title>${escapeHtml(t("offlineCopy.title", { title: input.title }))}</title>
<style>
body{margin:0;font:17px/1.65 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#fff}
header{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.75rem 1rem;background:#be123c;color:#fff}
header a{color:#fff;font-weight:600}
.brand{font-size:1.25rem;text-decoration:none}
.bar{--edge:max(1rem,calc((100% - 40rem)/2));position:sticky;top:0;z-index:2;display:flex;flex-wrap:wrap;justify-content:flex-end;align-items:flex-start;gap:.5rem;padding:.25rem var(--edge);background:#f3f4f6;border-bottom:1px solid #e5e7eb;font-size:1rem;line-height:1.4}
.bar button,.bar summary{display:inline-flex;align-items:center;justify-content:center;gap:.35rem;min-height:44px;min-width:44px;padding:0 .9rem;border:1px solid currentColor;border-radius:999px;background:transparent;color:inherit;font:inherit;font-weight:600;cursor:pointer}
.bar summary{list-style:none}.bar summary::-webkit-details-marker{display:none}
.aa{font-family:Georgia,serif;font-size:1.1rem}
.panel{position:absolute;right:var(--edge);top:calc(100% - .25rem);width:18.5rem;max-width:calc(100vw - 2rem);padding:.75rem;border:1px solid #e5e7eb;border-radius:1rem;box-shadow:0 10px 25px rgba(0,0,0,.2)}
.panel p{margin:.5rem 0 .25rem;font-weight:600;font-size:.9rem}.panel .hint{font-weight:400}
.two,.three{display:grid;gap:.5rem}.two{grid-template-columns:1fr 1fr}.three{grid-template-columns:1fr 1fr 1fr}
.panel button{width:100%;padding:0 .5rem}.panel button[aria-pressed="false"]{border-color:transparent;background:rgba(127,127,127,.15)}
.bmf{display:flex;flex-direction:column;align-items:flex-end}
.bm svg{fill:none;stroke:currentColor;stroke-width:2}.bm[aria-pressed="true"] svg{fill:currentColor}
.bm-note{font-size:.85rem;font-weight:600;max-width:16rem;text-align:right}.bm-note:empty{display:none}
main{position:relative;max-width:42rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-family:Georgia,"Times New Roman",serif;font-size:1.9rem;line-height:1.2;margin:.25rem 0}
.byline,.note{color:#4b5563;font-size:.9rem}
.body{position:relative;z-index:1}
.text .body{font-family:Georgia,"Times New Roman",serif;font-size:var(--fs,18px);line-height:var(--lh,1.6)}
.text .body p{margin:0 0 .9em}
.body img{max-width:100%;height:auto}
.pic{display:block;margin:1rem 0;padding:.6rem .8rem;border:1px dashed currentColor;border-radius:.5rem;font-size:.95rem}
.pic-note{display:block;font-size:.8rem;font-weight:600;opacity:.8}
figure.pic figcaption{margin:0}
.body a{color:#9f1239}
blockquote{border-left:4px solid #ffc9d7;margin-left:0;padding-left:1rem;font-style:italic}
.wm{position:fixed;inset:0;z-index:0;pointer-events:none;user-select:none;background-image:${watermarkTile(mark, "#111827")};color:transparent;font-size:1px;overflow:hidden}
.body h2,.body h3,.body h4{font-family:Georgia,"Times New Roman",serif;line-height:1.25}
footer{border-top:1px solid #e5e7eb;margin-top:2rem;padding-top:1rem}
.toc ol{padding-left:1.25rem}.toc a{color:#9f1239}
section,[data-block]{scroll-margin-top:4rem}
${settings ? themeCss(mark) : ""}
</style>
<script src="${OFFLINE_COPY_SCRIPT}" defer${words ? ` data-words="${escapeHtml(words)}"` : ""}></script>
</head>
<body${bodyAttributes}>
<header><a class="brand" href="${localeHref("/", locale)}">Nuru</a><a href="${localeHref("/library/offline", locale)}">${escapeHtml(t("offline.library"))}</a></header>
${tools ? `<aside class="bar" aria-label="${escapeHtml(t("offlineCopy.tools"))}">\n${tools}\n</aside>\n` : ""}<div class="wm" aria-hidden="true"><span>${email}</span></div>
<main>
<p class="note">${escapeHtml(t("offlineCopy.note"))}</p>
<h1${lang}>${escapeHtml(input.title)}</h1>
<p class="byline">${escapeHtml(input.byline)}</p>
<div class="body"${lang}>
${input.bodyHtml}
</div>
<footer class="note">${escapeHtml(footer)}</footer>
</main>
</body>
</html>
`;
}
