// Prepares a data directory for the text mode benchmark: the demo shop (its ebooks get text editions as the seed
// makes them) and a generated 300-page book with chapters, a running header and page numbers, and its edition.
import { PDFDocument, StandardFonts } from "pdf-lib";
import { buildTextEditionForSystem } from "../app/modules/reader/text-edition.server";
import { seedBenchEbook } from "./seed-bench-ebook";

export const TEXT_BENCH_TITLE = "Text mode benchmark: 300 pages";
const PAGES = 300;
const SENTENCES = [
  "Walk for ten minutes after supper and add five minutes each week.",
  "Fill half the plate with sukuma wiki, cabbage or managu before the ugali.",
  "Drink a glass of water before each meal and keep a bottle with you.",
  "Rest days are part of the plan, and sleep is when the body repairs itself.",
  "Beans, ndengu and omena give protein that fits a Kenyan budget.",
];

/** A book of 300 A5 pages of 11 pt text, a chapter every 15 pages. */
export async function bookPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let sentence = 0;
  for (let n = 1; n <= PAGES; n++) {
    const page = pdf.addPage([420, 595]);
    page.drawText("Strong and Well: a Nuru guide", { x: 48, y: 560, size: 9, font: serif });
    page.drawText(String(n), { x: 206, y: 24, size: 9, font: serif });
    let y = 520;
    if (n % 15 === 1) {
      page.drawText(`Chapter ${Math.ceil(n / 15)}: Week by week`, { x: 48, y, size: 18, font: bold });
      y -= 36;
    }
    while (y > 60) {
      let line = "";
      while (line.length < 60) line += `${SENTENCES[sentence++ % SENTENCES.length]} `;
      page.drawText(line.trim().slice(0, 68), { x: 48, y, size: 11, font: serif });
      y -= sentence % 7 === 0 ? 24 : 15;
    }
  }
  return pdf.save();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await seedBenchEbook({
    dataDir: process.argv[2],
    title: TEXT_BENCH_TITLE,
    pages: PAGES,
    pdf: bookPdf,
    then: async (ebookId, handle, storage) => {
      console.error(`300-page edition: ${await buildTextEditionForSystem(ebookId, { db: handle.db, storage })}`);
    },
  });
}
