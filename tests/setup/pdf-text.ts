// Reading PDFs back in tests: the text of each page (pdf.js), and whether any bytes carry a marker however the
// PDF wrote it (plain, inside a compressed stream, or as a hex string as pdf-lib writes text).
import { inflateSync } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";

export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, verbosity: 0 });
  const doc = await task.promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await task.destroy();
  return texts;
}

function streamsOf(latin1: string): string[] {
  const out: string[] = [];
  const pattern = /stream\r?\n/g;
  for (let match = pattern.exec(latin1); match; match = pattern.exec(latin1)) {
    const start = match.index + match[0].length;
    const end = latin1.indexOf("endstream", start);
    if (end < 0) break;
    try {
      out.push(inflateSync(Buffer.from(latin1.slice(start, end), "latin1")).toString("latin1"));
    } catch {
      // not a Flate stream, or cut off by a range
    }
  }
  return out;
}

/** True when the bytes carry the marker in any form a PDF may hold it. */
export function bytesCarryMarker(bytes: Uint8Array, marker: string): boolean {
  const latin1 = Buffer.from(bytes).toString("latin1");
  const hex = Buffer.from(marker, "latin1").toString("hex");
  const texts = [latin1, ...streamsOf(latin1)];
  return texts.some((text) => text.includes(marker) || text.toLowerCase().includes(hex));
}

/** A small PDF whose every page says `text` (and its page number); the text is in its metadata too. */
export async function textPdf(text: string, pages = 3): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setKeywords([text]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([420, 595]);
    page.drawText(`Page ${n}. ${text}`, { x: 40, y: 520, size: 12, font });
  }
  return pdf.save();
}
