import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );
}

function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if ((line + " " + word).trim().length > maxChars && line) {
      lines.push(line);
      line = word;
    } else {
      line = (line + " " + word).trim();
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A book cover drawn as SVG: gradient, title and the shop name. No network, no image tools. */
export function coverSvg(title: string, colors: [string, string]): Uint8Array {
  // Narrow enough for the widest serif the image tools may fall back to (DejaVu Serif Bold).
  const lines = wrap(title, 14).slice(0, 5);
  const text = lines
    .map((l, i) => `<text x="40" y="${200 + i * 44}" font-size="36" font-weight="700">${escapeXml(l)}</text>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600" viewBox="0 0 400 600">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
<rect width="400" height="600" fill="url(#g)"/>
<circle cx="340" cy="90" r="120" fill="#ffffff" fill-opacity="0.12"/>
<circle cx="60" cy="560" r="90" fill="#ffffff" fill-opacity="0.10"/>
<g fill="#ffffff" font-family="Georgia, serif">${text}</g>
<text x="40" y="550" fill="#ffffff" font-family="Helvetica, Arial, sans-serif" font-size="22" letter-spacing="6">NURU</text>
</svg>`;
  return new TextEncoder().encode(svg);
}

const PALETTES: [string, string][] = [
  ["#f43f5e", "#f59e0b"],
  ["#8b5cf6", "#ec4899"],
  ["#10b981", "#0ea5e9"],
  ["#f97316", "#db2777"],
  ["#14b8a6", "#84cc16"],
  ["#6366f1", "#06b6d4"],
];

/** At most two lines that fit the picture's width; a longer caption ends with an ellipsis. */
function captionLines(label: string): string[] {
  const lines = wrap(label, 44);
  if (lines.length <= 2) return lines;
  return [lines[0], `${lines[1].replace(/[\s,.;:!?-]+$/, "")}…`];
}

/** A wide illustration for articles and hero slides: soft gradient with abstract shapes and a label. */
export function illustrationSvg(label: string, seed: number): Uint8Array {
  const [a, b] = PALETTES[seed % PALETTES.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="1200" height="675" fill="url(#g)"/>
<circle cx="${200 + ((seed * 97) % 800)}" cy="${150 + ((seed * 53) % 300)}" r="260" fill="#fff" fill-opacity="0.12"/>
<circle cx="${900 - ((seed * 61) % 500)}" cy="${500 - ((seed * 37) % 200)}" r="180" fill="#fff" fill-opacity="0.10"/>
<path d="M0 560 C 300 480, 600 640, 1200 520 L1200 675 L0 675 Z" fill="#fff" fill-opacity="0.18"/>
${captionLines(label)
  .map(
    (line, i, all) =>
      `<text x="60" y="${630 - (all.length - 1 - i) * 54}" fill="#fff" font-family="Georgia, serif" font-size="44">${escapeXml(line)}</text>`,
  )
  .join("\n")}
</svg>`;
  return new TextEncoder().encode(svg);
}

export interface BookChapter {
  title: string;
  paragraphs: string[];
}

/** A real multi-page PDF: title page, contents, then one or more pages per chapter. */
export async function ebookPdf(title: string, chapters: BookChapter[]): Promise<{ bytes: Uint8Array; pages: number }> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor("Nuru");
  pdf.setProducer("Nuru");
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = 420;
  const height = 595;
  const margin = 48;
  const rose = rgb(0.85, 0.2, 0.4);

  const cover = pdf.addPage([width, height]);
  cover.drawRectangle({ x: 0, y: 0, width, height, color: rgb(0.99, 0.95, 0.96) });
  wrap(title, 22).forEach((line, i) =>
    cover.drawText(line, { x: margin, y: 420 - i * 30, size: 24, font: bold, color: rose }),
  );
  cover.drawText("A Nuru wellness guide", { x: margin, y: 120, size: 12, font: serif });

  const toc = pdf.addPage([width, height]);
  toc.drawText("Contents", { x: margin, y: height - 80, size: 18, font: bold });
  chapters.forEach((c, i) =>
    toc.drawText(`${i + 1}. ${c.title}`.slice(0, 60), { x: margin, y: height - 120 - i * 22, size: 12, font: serif }),
  );

  for (const [index, chapter] of chapters.entries()) {
    let page = pdf.addPage([width, height]);
    let y = height - 80;
    wrap(`${index + 1}. ${chapter.title}`, 34).forEach((line) => {
      page.drawText(line, { x: margin, y, size: 16, font: bold, color: rose });
      y -= 22;
    });
    y -= 10;
    for (const paragraph of chapter.paragraphs) {
      for (const line of wrap(paragraph, 62)) {
        if (y < margin + 20) {
          page = pdf.addPage([width, height]);
          y = height - 60;
        }
        page.drawText(line, { x: margin, y, size: 11, font: serif });
        y -= 15;
      }
      y -= 8;
    }
  }
  pdf.getPages().forEach((p, i) => p.drawText(String(i + 1), { x: width / 2 - 4, y: 24, size: 9, font: serif }));
  return { bytes: await pdf.save(), pages: pdf.getPageCount() };
}
