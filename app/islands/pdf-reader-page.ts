// The PDF reader's own script (ADR 045; /ebook/:id/read and /sw/ebook/:id/read), beside the reader pages' one. The
// server renders the reader's frame in the page's language (components/reader/pdf-reader-frame.tsx) with what this
// script needs as JSON on it, words included; this script opens the PDF and wires the frame up. pdf.js and its worker
// are files of their own, loaded only when the PDF is shown (on a phone with a text edition she goes to text mode
// first, and nothing of pdf.js is fetched).
import type * as PdfJs from "pdfjs-dist";
import type { PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import {
  CHUNK_BYTES,
  createFileSource,
  createRangeTransport,
  ReaderAccessError,
  type FileGrant,
} from "../components/reader/pdf-source";
import { drawWatermark } from "../components/reader/watermark";
import { clampPage, fitWidthZoom, ZOOM, zoomIn, zoomLabel, zoomOut } from "../components/reader/reader-view";
import { blockReaderActions } from "../components/reader/block-actions";
import { showToast } from "./page-toast";
import { downloadForms } from "./download-forms";
import { watchSwipes } from "./swipes";

/** What the server writes on the frame (`data-pdf-reader`). */
export interface PdfReaderFacts {
  ebookId: string;
  /** Null when the file is missing: the reader says it failed to load. */
  file: FileGrant | null;
  /** Where she stopped (1 at first). */
  page: number;
  /** The page count the shop knows; pdf.js reads the real one. */
  pageCount: number | null;
  /** Her e-mail and the date, drawn into every page. */
  watermark: string;
  /** Text mode, when the ebook has a text edition: the default on phones (issue 32). */
  textHref: string | null;
  closeHref: string;
  /** pdf.js and its worker (hashed assets). */
  pdfjs: string;
  worker: string;
  /** In the page's language; `pageOf` holds `{page}` and `{total}`. */
  words: { pageOf: string; loadFailed: string; pdfBroken: string; blocked: string };
}

const PHONE_WIDTH = 640;
const SAVE_AFTER_MS = 600;

function failureName(error: unknown): string | undefined {
  return (error as { name?: string } | null)?.name;
}

/** Remembers her page on the server: debounced, and sent at once when the tab goes away. */
function pageSaver(ebookId: string, initialPage: number) {
  let saved = initialPage;
  let pending: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let total = 0;
  const send = (value: number) => {
    pending = null;
    if (value === saved) return;
    saved = value;
    void fetch(`/ebook/${ebookId}/reading`, {
      method: "POST",
      body: new URLSearchParams({ intent: "progress", page: String(value), pages: String(total) }),
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      keepalive: true,
    }).catch(() => undefined);
  };
  addEventListener("pagehide", () => {
    clearTimeout(timer);
    if (pending !== null) send(pending);
  });
  return (page: number, pages: number) => {
    total = pages;
    clearTimeout(timer);
    pending = page === saved ? null : page;
    if (pending !== null) timer = setTimeout(() => send(page), SAVE_AFTER_MS);
  };
}

function reader(frame: HTMLElement, facts: PdfReaderFacts) {
  const { words } = facts;
  const find = <T extends HTMLElement>(name: string) => frame.querySelector<T>(`[data-part=${name}]`)!;
  const scroller = find<HTMLElement>("scroller");
  const loading = find<HTMLElement>("loading");
  const canvas = find<HTMLCanvasElement>("canvas");
  const failure = find<HTMLElement>("failure");
  const counter = find<HTMLElement>("counter");
  const zoomShown = find<HTMLElement>("zoom");
  const [previous, next, smaller, larger] = ["previous", "next", "zoom-out", "zoom-in"].map((name) =>
    find<HTMLButtonElement>(name),
  );

  let doc: PDFDocumentProxy | null = null;
  let total = facts.pageCount ?? 0;
  let page = Math.max(1, facts.page);
  let zoom: number | null = null;
  const save = pageSaver(facts.ebookId, page);
  const pageOf = (fallback: string) =>
    words.pageOf.replace("{page}", String(page)).replace("{total}", total ? String(total) : fallback);

  /** The counter, the buttons and the zoom as the state says (text only when it changed: the counter is announced). */
  const show = () => {
    const ready = doc !== null && zoom !== null;
    const place = pageOf("…");
    if (counter.textContent !== place) counter.textContent = place;
    canvas.setAttribute("aria-label", pageOf("?"));
    previous.disabled = !ready || page <= 1;
    next.disabled = !ready || page >= total;
    smaller.disabled = !ready || (zoom ?? 0) <= ZOOM.min;
    larger.disabled = !ready || (zoom ?? 0) >= ZOOM.max;
    zoomShown.textContent = zoomLabel(zoom ?? ZOOM.initial);
  };

  let failed = false;
  /** The first failure decides (pdf.js then rejects what was under way too). */
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    // CASE: access ended or was never there -> reopening lets the server close the reader with its refusal.
    if (error instanceof ReaderAccessError) return location.assign(`${facts.closeHref}/read`);
    const broken = failureName(error) === "InvalidPDFException" || failureName(error) === "FormatError";
    failure.querySelector("p")!.textContent = broken ? words.pdfBroken : words.loadFailed;
    loading.hidden = true;
    canvas.hidden = true;
    failure.hidden = false;
  };

  let rendering: RenderTask | null = null;
  let drawn = 0;
  /** Draws the page off screen first, so a page is never shown without its watermark; a newer draw wins. */
  async function draw(opened: PDFDocumentProxy, scale: number) {
    const mine = ++drawn;
    rendering?.cancel();
    const pdfPage = await opened.getPage(clampPage(page, opened.numPages));
    if (mine !== drawn) return;
    const viewport = pdfPage.getViewport({ scale });
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const offscreen = document.createElement("canvas");
    offscreen.width = Math.floor(viewport.width * ratio);
    offscreen.height = Math.floor(viewport.height * ratio);
    rendering = pdfPage.render({
      canvas: offscreen,
      viewport,
      transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      annotationMode: 0,
    });
    await rendering.promise;
    if (mine !== drawn) return;
    canvas.width = offscreen.width;
    canvas.height = offscreen.height;
    canvas.style.width = `${Math.floor(viewport.width)}px`;
    canvas.style.height = `${Math.floor(viewport.height)}px`;
    const context = canvas.getContext("2d")!;
    context.drawImage(offscreen, 0, 0);
    drawWatermark(context, canvas.width, canvas.height, facts.watermark, ratio);
    canvas.dataset.renderedPage = String(pdfPage.pageNumber);
  }

  const redraw = () => {
    show();
    if (!doc || zoom === null) return;
    draw(doc, zoom).catch((error: unknown) => {
      if (failureName(error) !== "RenderingCancelledException") fail(error);
    });
  };

  const goTo = (wanted: number) => {
    if (!doc) return;
    const turned = clampPage(wanted, total);
    if (turned === page) return;
    page = turned;
    save(page, total);
    redraw();
  };
  const setZoom = (scale: number) => {
    zoom = scale;
    redraw();
  };

  previous.addEventListener("click", () => goTo(page - 1));
  next.addEventListener("click", () => goTo(page + 1));
  smaller.addEventListener("click", () => setZoom(zoomOut(zoom ?? ZOOM.initial)));
  larger.addEventListener("click", () => setZoom(zoomIn(zoom ?? ZOOM.initial)));
  failure.querySelector("button")!.addEventListener("click", () => location.reload());
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight" || event.key === "PageDown") goTo(page + 1);
    else if (event.key === "ArrowLeft" || event.key === "PageUp") goTo(page - 1);
    else if (event.key === "Escape") location.assign(facts.closeHref);
    else return;
    event.preventDefault();
  });
  watchSwipes(scroller, (dx, dy) => {
    // A zoomed page scrolls sideways instead; swipes turn pages only when the page fits the width.
    if (scroller.scrollWidth > scroller.clientWidth + 1) return;
    if (Math.abs(dx) > 50 && Math.abs(dx) > Math.abs(dy) * 1.5) goTo(dx < 0 ? page + 1 : page - 1);
  });

  /** Opens the PDF through the shop's range requests: pdf.js gets no address of its own (pdf-source.ts). */
  async function open(file: FileGrant) {
    // The worker, pdf.js and the file's first and last chunks all start at once.
    const worker = new Worker(facts.worker, { type: "module" });
    const source = createFileSource(facts.ebookId, file);
    source.prefetchEnds();
    const pdfjs = (await import(/* @vite-ignore */ facts.pdfjs)) as typeof PdfJs;
    pdfjs.GlobalWorkerOptions.workerPort = worker;
    let cancelTask = () => {};
    const range = createRangeTransport(pdfjs.PDFDataRangeTransport, source, (error) => {
      cancelTask();
      fail(error);
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
    cancelTask = () => void task.destroy();
    const opened = await task.promise;
    total = opened.numPages;
    const clamped = clampPage(page, total);
    if (clamped !== page) save(clamped, total);
    page = clamped;
    const first = await opened.getPage(1);
    const width = first.getViewport({ scale: 1 }).width;
    zoom = innerWidth < PHONE_WIDTH ? fitWidthZoom(scroller.clientWidth - 16, width) : ZOOM.initial;
    doc = opened;
    loading.hidden = true;
    canvas.hidden = false;
    redraw();
  }

  blockReaderActions(() => showToast("error", words.blocked));
  downloadForms();
  if (facts.file) open(facts.file).catch(fail);
  else fail(null);
}

const frame = document.querySelector<HTMLElement>("[data-pdf-reader]");
if (frame) {
  const facts = JSON.parse(frame.dataset.pdfReader!) as PdfReaderFacts;
  // CASE: a phone and a text edition -> text mode, unless she chose the PDF (?pdf); nothing of the PDF is fetched.
  if (facts.textHref && innerWidth < PHONE_WIDTH && !new URLSearchParams(location.search).has("pdf"))
    location.replace(facts.textHref);
  else reader(frame, facts);
}
