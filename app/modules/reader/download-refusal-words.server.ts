// Download PDF's refusals in the page's language (issue 50): the ebook page and the PDF reader post their download
// form to the download address in the page's language ("/sw/ebook/:id/download" from a Swahili page), so the server
// answers in it, in JSON for the page's script and in the toast after the redirect without script. English keeps the
// spec's words as READER_ERRORS defines them.
import type { Refused } from "~/lib/app-error.server";
import { translator } from "~/lib/i18n/i18n";
import type { Locale } from "~/lib/locale";
import { READER_ERRORS } from "./reader-errors";

const FAILED = "readerPdf.download.failed.title";

/** Each download refusal's catalogue ids (reader-pdf.po). */
const IDS: Record<string, { title: string; message: string }> = {
  [READER_ERRORS.DOWNLOAD_SIGN_IN.code]: {
    title: "readerPdf.download.signIn.title",
    message: "readerPdf.download.signIn.message",
  },
  [READER_ERRORS.DOWNLOAD_NOT_FOUND.code]: { title: FAILED, message: "readerPdf.download.notFound.message" },
  [READER_ERRORS.DOWNLOAD_DENIED.code]: { title: FAILED, message: "readerPdf.download.denied.message" },
  [READER_ERRORS.DOWNLOAD_FAILED.code]: { title: FAILED, message: "readerPdf.download.failed.message" },
  [READER_ERRORS.DOWNLOAD_LIMIT.code]: {
    title: "readerPdf.download.limit.title",
    message: "readerPdf.download.limit.message",
  },
};

/** The refusal's title and message in `locale` (the hourly limit's says when she may download again). */
export function downloadRefusalWords(refusal: Refused, locale: Locale): { title: string; message: string } {
  const { title, message } = refusal.error.payload;
  const ids = IDS[refusal.error.code];
  if (locale === "en" || !ids) return { title, message };
  const t = translator(locale);
  const minutes = Math.max(1, Math.ceil((refusal.retryAfterMs ?? 0) / 60_000));
  return { title: t(ids.title), message: t(ids.message, { minutes }) };
}
