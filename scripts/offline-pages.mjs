// The offline page in each language (issue 50, ADR 048): one template (app/components/offline/offline.html) and the
// catalogues give /offline.html (English) and /offline-sw.html (Swahili), and the words its script writes. Used by
// scripts/build-service-worker.mjs after `react-router build`; a message missing in a catalogue fails the build.
import { fileURLToPath } from "node:url";
import { readCatalogue } from "./check-catalogues.mjs";

const ROOT = new URL("../", import.meta.url);

/** Each language's offline page, as the service worker asks for it (service-worker/sw.ts). */
export const OFFLINE_PAGES = { en: "offline.html", sw: "offline-sw.html" };

/** The messages the offline page's script writes (app/components/offline/offline-page-script.ts). */
export const SCRIPT_WORDS = {
  library: "nav.offlineLibrary",
  libraryNote: "offlinePage.libraryNote",
  tryAgain: "offlinePage.tryAgain",
  savedCount: "offlinePage.savedCount",
  nothingSaved: "offlinePage.nothingSaved",
  ebook: "offlinePage.ebook",
  savedArticle: "offlinePage.savedArticle",
  savedEbook: "offlinePage.savedEbook",
};

export function readLanguage(lang) {
  return readCatalogue(fileURLToPath(new URL(`app/locales/${lang}/`, ROOT)));
}

function message(messages, lang, id) {
  const text = messages.get(id);
  if (!text) throw new Error(`The offline page needs "${id}", missing from the ${lang} catalogue`);
  return text;
}

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** The template with `{{lang}}`, `{{home}}` and `{{<message id>}}` filled in for `lang`. */
export function renderOfflinePage(template, lang, messages) {
  return template.replace(/\{\{([\w.]+)\}\}/g, (_, key) => {
    if (key === "lang") return lang;
    if (key === "home") return lang === "en" ? "/" : `/${lang}`;
    return escapeHtml(message(messages, lang, key));
  });
}

/** The script's words in `lang`: { library: "Offline library", savedCount: "{count} saved on this phone.", ... }. */
export function scriptWords(lang, messages) {
  return Object.fromEntries(Object.entries(SCRIPT_WORDS).map(([name, id]) => [name, message(messages, lang, id)]));
}
