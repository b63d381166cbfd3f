// Reads the text of a PDF with pdf.js (the same library the reader draws pages with), as positioned lines per page,
// and, when asked, the raster pictures drawn between them (from the page's operator list: decoded pixels and where
// the current transform puts them). Anything awkward about a picture (turned, flipped, a 1-bit mask, a page-sized
// background, a header's logo, a repeat) leaves it out; reading a picture never stops the text from being read.
import type { PDFPageProxy, TextItem } from "pdfjs-dist/types/src/display/api";
import type { EditionPicture, LaidOutPage, PagePicture, PageLine } from "./text-layout";

/** A picture's decoded pixels, as pdf.js gives them (8 bits per channel, rows top down). */
export interface RawPicture {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Uint8Array;
}

/** Keeps a picture (encodes and stores it) and says where it is served; null when it is not kept. */
export type KeepPicture = (raw: RawPicture) => Promise<EditionPicture | null>;

/** A kept picture could not be stored (storage unreachable): the edition is tried again, not made without it. */
export class PictureStoreError extends Error {}

/** Smallest picture worth keeping, in its own pixels and as drawn (PDF units: 1/72 inch). */
const MIN_PIXELS = 100;
const MIN_DRAWN = 48;
/** A picture covering more of the page than this is its background or a scan, not a picture in the text. */
const MAX_PAGE_SHARE = 0.6;
/** The top and bottom share of a page where running headers' logos are drawn (as text-layout's band). */
const BAND = 0.1;
/** How long to wait for pdf.js to hand over a decoded picture. */
const PICTURE_WAIT_MS = 5_000;

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

interface PdfImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/** A decoded image pdf.js keeps for the page (or for the document, `g_` ids), or null if it does not come. */
function imageObject(page: PDFPageProxy, id: string): Promise<PdfImage | null> {
  const objs = id.startsWith("g_") ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), PICTURE_WAIT_MS);
    try {
      objs.get(id, (value: unknown) => {
        clearTimeout(timer);
        resolve((value as PdfImage | null) ?? null);
      });
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

/** pdf.js's image kinds: RGB_24BPP and RGBA_32BPP (GRAYSCALE_1BPP, a mask or line art, is left out). */
const CHANNELS: Record<number, 3 | 4> = { 2: 3, 3: 4 };

/** The pictures a page draws that are worth keeping, each kept (once per image) as `keep` decides. */
async function pagePictures(
  page: PDFPageProxy,
  pdfjs: typeof import("pdfjs-dist/legacy/build/pdf.mjs"),
  keep: KeepPicture,
  seen: Set<string>,
): Promise<PagePicture[]> {
  const { OPS } = pdfjs;
  const [x0, y0, x1, y1] = page.view;
  const pageWidth = x1 - x0;
  const pageHeight = y1 - y0;
  const list = await page.getOperatorList();
  const pictures: PagePicture[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i] as unknown[];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = multiply(ctm, args as Matrix);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (Array.isArray(args[0]) && args[0].length === 6) ctm = multiply(ctm, args[0] as Matrix);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject) {
      const [a, b, c, d, , f] = ctm;
      // CASE: turned, skewed or flipped -> left out (its pixels would need turning too).
      if (Math.abs(b) > 1e-6 || Math.abs(c) > 1e-6 || a <= 0 || d <= 0) continue;
      if (a < MIN_DRAWN || d < MIN_DRAWN || a * d > pageWidth * pageHeight * MAX_PAGE_SHARE) continue;
      const top = f + d - y0;
      const bottom = f - y0;
      if (bottom > pageHeight * (1 - BAND) || top < pageHeight * BAND) continue;
      const id = fn === OPS.paintImageXObject && typeof args[0] === "string" ? args[0] : null;
      // CASE: the same image drawn again (a repeated ornament) -> kept the first time only.
      if (id && seen.has(id)) continue;
      if (id) seen.add(id);
      const picture = await keepImage(id ? await imageObject(page, id) : (args[0] as PdfImage | null), keep);
      if (picture) pictures.push({ top, picture });
    }
  }
  return pictures;
}

/** One decoded image kept, when it is an RGB or RGBA picture big enough; a storage failure is passed on. */
async function keepImage(image: PdfImage | null, keep: KeepPicture): Promise<EditionPicture | null> {
  const channels = image?.kind ? CHANNELS[image.kind] : undefined;
  if (!image?.data || !channels || image.width < MIN_PIXELS || image.height < MIN_PIXELS) return null;
  if (image.data.length !== image.width * image.height * channels) return null;
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  try {
    return await keep({ width: image.width, height: image.height, channels, data });
  } catch (error) {
    if (error instanceof PictureStoreError) throw error;
    return null;
  }
}

/**
 * Lines of each page, in the order the PDF draws them, with position and font size; with `keepPicture`, also the
 * pictures worth keeping, each handed to it as it is read (so no more than one is held decoded at a time).
 */
export async function pdfPageLines(
  bytes: Uint8Array,
  { keepPicture }: { keepPicture?: KeepPicture } = {},
): Promise<LaidOutPage[]> {
  // The legacy build runs in Node without a DOM; loaded only when a PDF is read.
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    enableXfa: false,
    useWasm: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const pages: LaidOutPage[] = [];
    const seen = new Set<string>();
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [, y0, , y1] = page.view;
      const content = await page.getTextContent();
      const lines: PageLine[] = [];
      let line: PageLine | null = null;
      let breakNext = false;
      for (const raw of content.items) {
        if (!("str" in raw)) continue;
        const item = raw as TextItem;
        const [, , c, d, x, y] = item.transform as number[];
        const size = Math.hypot(c, d) || item.height || 1;
        if (item.str) {
          const sameLine = line && !breakNext && Math.abs(line.y - (y - y0)) <= size * 0.5;
          if (line && sameLine) {
            // A gap wider than a fifth of the font size between two items is a space the PDF did not write.
            const gap = x - line.right;
            const spaced = /\s$/.test(line.text) || /^\s/.test(item.str) || gap < size * 0.2;
            line.text += spaced ? item.str : ` ${item.str}`;
            line.right = Math.max(line.right, x + item.width);
            line.size = Math.max(line.size, size);
          } else {
            line = { text: item.str, x, y: y - y0, right: x + item.width, size };
            lines.push(line);
          }
        }
        breakNext = item.hasEOL;
      }
      let pictures: PagePicture[] = [];
      if (keepPicture) {
        try {
          pictures = await pagePictures(page, pdfjs, keepPicture, seen);
        } catch (error) {
          // CASE: a page whose drawing pdf.js cannot list -> its words without pictures (storage failing is passed on).
          if (error instanceof PictureStoreError) throw error;
        }
      }
      pages.push({ height: y1 - y0, lines, pictures });
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
