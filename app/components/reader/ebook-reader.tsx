import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import { pdfjs } from "./pdfjs.client";
import { BookOpen, ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from "~/components/ui/icons";
import { ReaderTitle } from "./reader-title";
import { LazyToast } from "~/components/ui/lazy-toast";
import { DownloadButton } from "./download-button";
import { useBlockedActionsToast } from "./blocked-actions";
import { useSwipe } from "./swipe";
import { CHUNK_BYTES, createFileSource, createRangeTransport, ReaderAccessError, type FileGrant } from "./pdf-source";
import { drawWatermark } from "./watermark";
import { clampPage, fitWidthZoom, ZOOM, zoomIn, zoomLabel, zoomOut } from "./reader-view";

export interface ReaderProps {
  ebook: { id: string; title: string; pageCount: number | null; downloadable: boolean };
  file: FileGrant | null;
  initialPage: number;
  watermark: { email: string; date: string };
  /** Text mode, when the ebook has a text edition: the default on phones (issue 32). */
  textHref: string | null;
}

const LOAD_FAILED = "Failed to load ebook. Please try again.";
const PDF_BROKEN = "Failed to load PDF document.";
const PHONE_WIDTH = 640;

function failureMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  return name === "InvalidPDFException" || name === "FormatError" ? PDF_BROKEN : LOAD_FAILED;
}

/** Remembers her page on the server: debounced, and sent at once when the reader closes or the tab goes away. */
function useSavedPage(ebookId: string, page: number, total: number, ready: boolean, initialPage: number) {
  const saved = useRef(initialPage);
  const pending = useRef<number | null>(null);
  const send = useCallback(
    (value: number) => {
      pending.current = null;
      if (value === saved.current) return;
      saved.current = value;
      void fetch(`/ebook/${ebookId}/reading`, {
        method: "POST",
        body: new URLSearchParams({ intent: "progress", page: String(value), pages: String(total) }),
        headers: { Accept: "application/json" },
        credentials: "same-origin",
        keepalive: true,
      }).catch(() => undefined);
    },
    [ebookId, total],
  );
  useEffect(() => {
    if (!ready || page === saved.current) return;
    pending.current = page;
    const timer = setTimeout(() => send(page), 600);
    return () => clearTimeout(timer);
  }, [page, ready, send]);
  useEffect(() => {
    const flush = () => {
      if (pending.current !== null) send(pending.current);
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [send]);
}

export function EbookReader({ ebook, file, initialPage, watermark, textHref }: ReaderProps) {
  const navigate = useNavigate();
  const closeHref = `/ebook/${ebook.id}`;
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(file ? null : LOAD_FAILED);
  const [total, setTotal] = useState(ebook.pageCount ?? 0);
  const [page, setPage] = useState(Math.max(1, initialPage));
  const [zoom, setZoom] = useState<number | null>(null);
  const [renderedPage, setRenderedPage] = useState(0);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  const fail = useCallback(
    (failure: unknown) => {
      // CASE: access ended or was never there -> reopening lets the server close the reader with 'Access denied'.
      if (failure instanceof ReaderAccessError) window.location.assign(`${closeHref}/read`);
      else setError(failureMessage(failure));
    },
    [closeHref],
  );

  const toast = useBlockedActionsToast();

  useEffect(() => {
    // CASE: a phone and a text edition -> text mode, unless she chose the PDF (?pdf); nothing of the PDF is fetched.
    if (textHref && window.innerWidth < PHONE_WIDTH && !new URLSearchParams(window.location.search).has("pdf")) {
      void navigate(textHref, { replace: true });
      return;
    }
    if (!file) return;
    let cancelled = false;
    let destroyTask: (() => void) | null = null;
    void (async () => {
      const source = createFileSource(ebook.id, file);
      source.prefetchEnds();
      const range = createRangeTransport(pdfjs.PDFDataRangeTransport, source, (failure) => {
        if (cancelled) return;
        destroyTask?.();
        fail(failure);
      });
      const task = pdfjs.getDocument({
        range,
        // Only what a shown page needs: no fetching ahead, no streaming of the whole file.
        disableAutoFetch: true,
        disableStream: true,
        rangeChunkSize: CHUNK_BYTES,
        // pdf.js 6 has no eval path left (the isEvalSupported option is gone); the CSP forbids eval besides.
        enableXfa: false,
        useWasm: false,
        verbosity: 0,
      });
      destroyTask = () => void task.destroy();
      try {
        const opened = await task.promise;
        if (cancelled) return;
        setTotal(opened.numPages);
        setPage((current) => clampPage(current, opened.numPages));
        const first = await opened.getPage(1);
        const width = first.getViewport({ scale: 1 }).width;
        const available = (scrollRef.current?.clientWidth ?? window.innerWidth) - 16;
        setZoom(window.innerWidth < PHONE_WIDTH ? fitWidthZoom(available, width) : ZOOM.initial);
        setDoc(opened);
      } catch (failure) {
        if (!cancelled) fail(failure);
      }
    })();
    return () => {
      cancelled = true;
      destroyTask?.();
    };
  }, [ebook.id, file, fail, textHref, navigate]);

  useEffect(() => {
    if (!doc || zoom === null) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    void (async () => {
      const pdfPage = await doc.getPage(clampPage(page, doc.numPages));
      if (cancelled) return;
      const viewport = pdfPage.getViewport({ scale: zoom });
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      // Drawn off screen first, so a page is never shown without its watermark.
      const offscreen = document.createElement("canvas");
      offscreen.width = Math.floor(viewport.width * ratio);
      offscreen.height = Math.floor(viewport.height * ratio);
      task = pdfPage.render({
        canvas: offscreen,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        annotationMode: 0,
      });
      await task.promise;
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      canvas.width = offscreen.width;
      canvas.height = offscreen.height;
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      const context = canvas.getContext("2d")!;
      context.drawImage(offscreen, 0, 0);
      drawWatermark(context, canvas.width, canvas.height, `${watermark.email} · ${watermark.date}`, ratio);
      setRenderedPage(pdfPage.pageNumber);
    })().catch((failure: unknown) => {
      if (!cancelled && (failure as { name?: string })?.name !== "RenderingCancelledException") fail(failure);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, zoom, watermark, fail]);

  useSavedPage(ebook.id, page, total, doc !== null, Math.max(1, initialPage));

  const goTo = useCallback((next: number) => setPage(clampPage(next, total)), [total]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowRight" || event.key === "PageDown") goTo(page + 1);
      else if (event.key === "ArrowLeft" || event.key === "PageUp") goTo(page - 1);
      else if (event.key === "Escape") void navigate(closeHref);
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [goTo, page, navigate, closeHref]);

  const swipe = useSwipe((dx, dy) => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    // A zoomed page scrolls sideways instead; swipes turn pages only when the page fits the width.
    if (scroller.scrollWidth > scroller.clientWidth + 1) return;
    if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy) * 1.5) goTo(dx < 0 ? page + 1 : page - 1);
  });

  const control =
    "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-white hover:bg-white/10 disabled:opacity-40";
  const ready = doc !== null && zoom !== null;

  return (
    <div
      data-reader
      role="dialog"
      aria-modal="true"
      aria-labelledby="reader-title"
      className="fixed inset-0 z-[60] flex flex-col bg-gray-800 text-white select-none"
    >
      <div className="flex items-center gap-2 bg-gray-950 px-2 py-1.5 sm:px-4">
        <ReaderTitle title={ebook.title} closeHref={closeHref} control={control} />
        {textHref ? (
          <Link
            to={textHref}
            className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-white hover:bg-white/10"
          >
            <BookOpen aria-hidden="true" className="h-5 w-5" /> Text
          </Link>
        ) : null}
        {ebook.downloadable ? (
          <DownloadButton
            ebookId={ebook.id}
            className="inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-60"
          />
        ) : null}
      </div>
      <div
        ref={scrollRef}
        // Focusable so a keyboard can scroll a zoomed page.
        tabIndex={0}
        role="region"
        aria-label="Ebook page"
        className="flex-1 overflow-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-white/60"
        {...swipe}
      >
        <div className="flex min-h-full min-w-fit items-start justify-center p-2 sm:p-6">
          {error ? (
            <div role="alert" className="mt-16 max-w-sm rounded-2xl bg-white p-6 text-center text-gray-900">
              <p className="font-semibold">{error}</p>
              <div className="mt-4 flex justify-center gap-3">
                <button
                  type="button"
                  onClick={() => window.location.reload()}
                  className="min-h-11 rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
                >
                  Try Again
                </button>
                <Link
                  to={closeHref}
                  className="inline-flex min-h-11 items-center rounded-full border border-gray-300 px-5 font-semibold"
                >
                  Close
                </Link>
              </div>
            </div>
          ) : (
            <>
              {!ready ? (
                <p role="status" className="mt-16 flex items-center gap-3 text-sm text-gray-200">
                  <span
                    aria-hidden="true"
                    className="h-5 w-5 animate-spin rounded-full border-2 border-white/30 border-t-white"
                  />
                  Loading ebook...
                </p>
              ) : null}
              <canvas
                ref={canvasRef}
                data-rendered-page={renderedPage || undefined}
                role="img"
                aria-label={`Page ${page} of ${total || "?"}`}
                className={ready ? "bg-white shadow-2xl" : "hidden"}
              />
            </>
          )}
        </div>
      </div>
      <div className="flex items-center justify-between gap-2 bg-gray-950 px-2 py-1.5 sm:justify-center sm:gap-10 sm:px-4">
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label="Previous page"
            className={control}
            disabled={!ready || page <= 1}
            onClick={() => goTo(page - 1)}
          >
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          <p aria-live="polite" className="min-w-24 text-center text-sm tabular-nums">
            {`Page ${page} of ${total || "…"}`}
          </p>
          <button
            type="button"
            aria-label="Next page"
            className={control}
            disabled={!ready || page >= total}
            onClick={() => goTo(page + 1)}
          >
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label="Zoom out"
            className={control}
            disabled={!ready || (zoom ?? 0) <= ZOOM.min}
            onClick={() => setZoom((z) => zoomOut(z ?? ZOOM.initial))}
          >
            <ZoomOut aria-hidden="true" className="h-5 w-5" />
          </button>
          <p className="min-w-12 text-center text-sm tabular-nums" data-testid="zoom">
            {zoomLabel(zoom ?? ZOOM.initial)}
          </p>
          <button
            type="button"
            aria-label="Zoom in"
            className={control}
            disabled={!ready || (zoom ?? 0) >= ZOOM.max}
            onClick={() => setZoom((z) => zoomIn(z ?? ZOOM.initial))}
          >
            <ZoomIn aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
      </div>
      <LazyToast toast={toast} />
    </div>
  );
}
