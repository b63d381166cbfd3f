// Prepares a data directory for the reader benchmark: demo content plus a free ebook whose PDF has 300 pages of
// about 67 KB each (an incompressible image per page), about 20 MB in all.
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import {
  PDFDocument,
  PDFName,
  StandardFonts,
  popGraphicsState,
  pushGraphicsState,
  concatTransformationMatrix,
  drawObject,
} from "pdf-lib";
import { openDatabase } from "../app/db/client.server";
import { createEbook } from "../app/db/seed/factories";
import { seedDemo } from "../app/db/seed/demo";
import { createFileStorage } from "../app/modules/storage/storage.server";

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
  const dataDir = process.argv[2];
  const handle = openDatabase({ dataDir });
  await handle.migrate();
  const storage = createFileStorage(path.resolve(dataDir, "storage"));
  await seedDemo(handle.db, storage);
  const bytes = await bigPdf();
  const fileKey = `ebooks/${randomUUID()}.pdf`;
  await storage.put("private", fileKey, bytes, "application/pdf");
  const ebook = await createEbook(handle.db, {
    title: BENCH_EBOOK_TITLE,
    accessType: "free",
    priceCents: null,
    filePath: fileKey,
    pageCount: PAGES,
  });
  console.log(JSON.stringify({ ebookId: ebook.id, bytes: bytes.length }));
  await handle.close();
}
