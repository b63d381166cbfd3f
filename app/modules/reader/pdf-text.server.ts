// Reads the text of a PDF with pdf.js (the same library the reader draws pages with), as positioned lines per page.
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import type { LaidOutPage, PageLine } from "./text-layout";

/** Lines of each page, in the order the PDF draws them, with position and font size. */
export async function pdfPageLines(bytes: Uint8Array): Promise<LaidOutPage[]> {
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
      pages.push({ height: y1 - y0, lines });
      page.cleanup();
    }
    return pages;
  } finally {
    await task.destroy();
  }
}
