import pdfjsUrl from "pdfjs-dist/build/pdf.min.mjs?url";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { BookOpen, ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from "~/components/ui/icons";
import { useLocalHref, useT } from "~/lib/i18n/use-t";
import type { PdfReaderFacts } from "~/islands/pdf-reader-page";
import { ReaderTitle } from "./reader-title";
import { DownloadButton } from "./download-button";
import { ZOOM, zoomLabel } from "./reader-view";
import type { FileGrant } from "./pdf-source";

export interface PdfReaderFrameProps {
  ebook: { id: string; title: string; pageCount: number | null; downloadable: boolean };
  file: FileGrant | null;
  initialPage: number;
  /** Her e-mail and the date, drawn into every page. */
  watermark: string;
  /** Text mode, when the ebook has a text edition, in the page's language. */
  textHref: string | null;
}

const CONTROL =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-white hover:bg-white/10 disabled:opacity-40";
const BAR_LINK =
  "inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-white hover:bg-white/10";

/**
 * The PDF reader as the server renders it (an islands page, ADR 045), in the page's language: the top bar, the page's
 * place with "Loading ebook..." and a hidden failure box, the page counter and the zoom, every control disabled until
 * the page's script (app/islands/pdf-reader-page.ts) has opened the PDF. What the script needs, words included, is
 * JSON on the frame.
 */
export function PdfReaderFrame({ ebook, file, initialPage, watermark, textHref }: PdfReaderFrameProps) {
  const t = useT();
  const localHref = useLocalHref();
  const closeHref = localHref(`/ebook/${ebook.id}`);
  const page = Math.max(1, initialPage);
  const pageOf = (total: string) => t("readerPdf.pageOf", { page, total: ebook.pageCount ?? total });
  const facts: PdfReaderFacts = {
    ebookId: ebook.id,
    file,
    page,
    pageCount: ebook.pageCount,
    watermark,
    textHref,
    closeHref,
    pdfjs: pdfjsUrl,
    worker: workerUrl,
    words: {
      pageOf: t("readerPdf.pageOf", { page: "{page}", total: "{total}" }),
      loadFailed: t("readerPdf.loadFailed"),
      pdfBroken: t("readerPdf.pdfBroken"),
      blocked: t("readerPdf.blocked"),
    },
  };
  return (
    <div
      data-reader
      data-pdf-reader={JSON.stringify(facts)}
      role="dialog"
      aria-modal="true"
      aria-labelledby="reader-title"
      className="fixed inset-0 z-[60] flex flex-col bg-gray-800 text-white select-none"
    >
      <div className="flex items-center gap-2 bg-gray-950 px-2 py-1.5 sm:px-4">
        <ReaderTitle title={ebook.title} closeHref={closeHref} control={CONTROL} />
        {textHref ? (
          <a href={textHref} className={BAR_LINK}>
            <BookOpen aria-hidden="true" className="h-5 w-5" /> {t("readerPdf.text")}
          </a>
        ) : null}
        {ebook.downloadable ? (
          <DownloadButton ebookId={ebook.id} className={`${BAR_LINK} disabled:opacity-60`} />
        ) : null}
      </div>
      <div
        data-part="scroller"
        // Focusable so a keyboard can scroll a zoomed page.
        tabIndex={0}
        role="region"
        aria-label={t("readerPdf.ebookPage")}
        className="flex-1 overflow-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-white/60"
      >
        <div className="flex min-h-full min-w-fit items-start justify-center p-2 sm:p-6">
          <div
            data-part="failure"
            hidden
            role="alert"
            className="mt-16 max-w-sm rounded-2xl bg-white p-6 text-center text-gray-900"
          >
            <p className="font-semibold" />
            <div className="mt-4 flex justify-center gap-3">
              <button
                type="button"
                className="min-h-11 rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
              >
                {t("readerPdf.tryAgain")}
              </button>
              <a
                href={closeHref}
                className="inline-flex min-h-11 items-center rounded-full border border-gray-300 px-5 font-semibold"
              >
                {t("readerPdf.close")}
              </a>
            </div>
          </div>
          <p data-part="loading" role="status" className="mt-16 flex items-center gap-3 text-sm text-gray-200">
            <span
              aria-hidden="true"
              className="h-5 w-5 animate-spin rounded-full border-2 border-white/30 border-t-white"
            />
            {t("readerPdf.loading")}
          </p>
          <canvas data-part="canvas" hidden role="img" aria-label={pageOf("?")} className="bg-white shadow-2xl" />
        </div>
      </div>
      <div className="flex items-center justify-between gap-2 bg-gray-950 px-2 py-1.5 sm:justify-center sm:gap-10 sm:px-4">
        <div className="flex items-center gap-1">
          <button type="button" data-part="previous" aria-label={t("readerPdf.previous")} className={CONTROL} disabled>
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <p data-part="counter" aria-live="polite" className="min-w-24 text-center text-sm tabular-nums">
            {pageOf("…")}
          </p>
          <button type="button" data-part="next" aria-label={t("readerPdf.next")} className={CONTROL} disabled>
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        <div className="flex items-center gap-1">
          <button type="button" data-part="zoom-out" aria-label={t("readerPdf.zoomOut")} className={CONTROL} disabled>
            <ZoomOut aria-hidden="true" className="h-5 w-5" />
          </button>
          <p data-part="zoom" className="min-w-12 text-center text-sm tabular-nums" data-testid="zoom">
            {zoomLabel(ZOOM.initial)}
          </p>
          <button type="button" data-part="zoom-in" aria-label={t("readerPdf.zoomIn")} className={CONTROL} disabled>
            <ZoomIn aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
      </div>
    </div>
  );
}
