// Prepares a data directory for the reader benchmark: demo content plus a free ebook whose PDF has 300 pages of
// about 67 KB each (an incompressible image per page), about 20 MB in all.
import { randomBytes } from "node:crypto";
import {
  PDFDocument,
  PDFName,
  StandardFonts,
  popGraphicsState,
  pushGraphicsState,
  concatTransformationMatrix,
  drawObject,
} from "pdf-lib";
import { seedBenchEbook } from "./seed-bench-ebook";

export const BENCH_EBOOK_TITLE = "Reader benchmark: 300 pages";
const PAGES = 300;
const SIDE = 150;

export async function bigPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= PAGES; n++) {
    const page = pdf.addPage([420, 595]);
    const image = pdf.context.register(
      pdf.context.stream(randomBytes(SIDE * SIDE * 3), {
        Type: "XObject",
        Subtype: "Image",
        Width: SIDE,
        Height: SIDE,
        ColorSpace: "DeviceRGB",
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject("Noise", image);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(300, 0, 0, 300, 60, 200),
      drawObject(name as PDFName),
      popGraphicsState(),
    );
    page.drawText(`Page ${n} of ${PAGES}. Hips and glutes, week ${Math.ceil(n / 20)}.`, {
      x: 40,
      y: 540,
      size: 14,
      font,
    });
  }
  return pdf.save();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await seedBenchEbook({ dataDir: process.argv[2], title: BENCH_EBOOK_TITLE, pages: PAGES, pdf: bigPdf });
}
