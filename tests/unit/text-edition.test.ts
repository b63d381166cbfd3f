// The text edition's extraction (issue 32): a PDF made here with a running header, page numbers, a heading, a word
// hyphenated at a line's end and a paragraph carried over to the next page comes out as a reader would want it.
import { describe, expect, it } from "vitest";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { pdfPageLines } from "~/modules/reader/pdf-text.server";
import { blocksFromPages, joinLine, type TextBlock } from "~/modules/reader/text-layout";
import { sectionsFromBlocks } from "~/modules/reader/text-sections";
import { changeTextSettings, DEFAULT_TEXT_SETTINGS } from "~/modules/reader/text-settings";

const HEADER = "The Long Walk Home - a Nuru guide";

/** Pages of 11 pt body text at 15 pt leading, with a running header at the top and a page number at the foot. */
async function bookPdf(pages: { heading?: string; sub?: string; lines: string[] }[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pages.forEach((content, index) => {
    const page = pdf.addPage([420, 595]);
    page.drawText(HEADER, { x: 48, y: 560, size: 9, font: serif });
    page.drawText(String(index + 1), { x: 206, y: 24, size: 9, font: serif });
    let y = 500;
    if (content.heading) {
      page.drawText(content.heading, { x: 48, y, size: 20, font: bold });
      y -= 36;
    }
    if (content.sub) {
      page.drawText(content.sub, { x: 48, y, size: 14, font: bold });
      y -= 26;
    }
    for (const line of content.lines) {
      // An empty string marks a paragraph break: a wider gap.
      if (line === "") {
        y -= 10;
        continue;
      }
      page.drawText(line, { x: 48, y, size: 11, font: serif });
      y -= 15;
    }
  });
  return pdf.save();
}

const paragraphs = (blocks: TextBlock[]) => blocks.filter((b) => b.type === "paragraph").map((b) => b.text);
const headings = (blocks: TextBlock[]) => blocks.filter((b) => b.type === "heading");

describe("text edition from a PDF", () => {
  it("drops running headers and page numbers, undoes hyphenation, joins paragraphs and finds headings", async () => {
    const bytes = await bookPdf([
      {
        heading: "1. Morning Light",
        sub: "Before breakfast",
        lines: [
          "Walking before breakfast wakes the body gently and lets the",
          "mind settle. It is the most valu-",
          "able habit in this guide, and it costs nothing at all.",
          "",
          "Keep a bottle of water with you, wear shoes that support your",
          "arches and choose a route you",
        ],
      },
      {
        lines: ["enjoy, so the habit lasts beyond the first well-", "Known week of effort."],
      },
      {
        heading: "2. Evening Calm",
        lines: ["An evening walk after supper helps digestion and sleep alike."],
      },
    ]);
    const blocks = blocksFromPages(await pdfPageLines(bytes));
    const all = blocks.map((b) => b.text).join("\n");

    expect(all).not.toContain(HEADER);
    expect(blocks.some((b) => /^[0-9]+$/.test(b.text))).toBe(false);
    expect(headings(blocks)).toEqual([
      { type: "heading", level: 1, text: "1. Morning Light" },
      { type: "heading", level: 2, text: "Before breakfast" },
      { type: "heading", level: 1, text: "2. Evening Calm" },
    ]);
    expect(paragraphs(blocks)).toEqual([
      "Walking before breakfast wakes the body gently and lets the mind settle. It is the most valuable habit in " +
        "this guide, and it costs nothing at all.",
      // Carried over to the next page mid-sentence: one paragraph; a hyphen before a capital stays.
      "Keep a bottle of water with you, wear shoes that support your arches and choose a route you enjoy, so the " +
        "habit lasts beyond the first well-Known week of effort.",
      "An evening walk after supper helps digestion and sleep alike.",
    ]);

    const sections = sectionsFromBlocks(blocks);
    expect(sections.map((s) => s.title)).toEqual(["1. Morning Light", "2. Evening Calm"]);
    expect(sections[0].blocks[0]).toBe("<h1>1. Morning Light</h1>");
    expect(sections[0].blocks[1]).toBe("<h2>Before breakfast</h2>");
  });

  it("keeps a line that only looks like a header when it does not repeat", async () => {
    const bytes = await bookPdf([
      { heading: "Alone", lines: ["A single page whose header band holds the running header."] },
    ]);
    const blocks = blocksFromPages(await pdfPageLines(bytes));
    // One page cannot tell a running header from a first line; the page number still goes.
    expect(blocks.map((b) => b.text)).toContain(HEADER);
    expect(blocks.map((b) => b.text)).not.toContain("1");
  });

  it("joins lines: hyphenated words made whole, compounds and numbers kept", () => {
    expect(joinLine("a valu-", "able")).toBe("a valuable");
    expect(joinLine("a soft\u00ad", "ware")).toBe("a software");
    expect(joinLine("in 2019-", "2020")).toBe("in 2019-2020");
    expect(joinLine("the", "end")).toBe("the end");
  });

  it("starts sections at chapter headings: the largest heading size used more than once", () => {
    const paragraph = (text: string): TextBlock => ({ type: "paragraph", text });
    const sections = sectionsFromBlocks([
      { type: "heading", level: 1, text: "A Book" },
      paragraph("A Nuru guide"),
      { type: "heading", level: 2, text: "Contents" },
      paragraph("1. Mornings 2. Evenings"),
      { type: "heading", level: 3, text: "1. Mornings" },
      paragraph("Walk early."),
      { type: "heading", level: 3, text: "2. Evenings" },
      paragraph("Walk late."),
    ]);
    expect(sections.map((s) => s.title)).toEqual(["A Book", "Contents", "1. Mornings", "2. Evenings"]);
    // Chapters are the top level the reader shows under the book's title, whatever size the PDF gave them.
    expect(sections[2].blocks[0]).toBe("<h1>1. Mornings</h1>");
  });

  it("cuts a long chapter into parts at a paragraph, and escapes text as HTML", () => {
    const long: TextBlock[] = [
      { type: "heading", level: 1, text: "Long <one>" },
      ...Array.from({ length: 6 }, (_, i) => ({ type: "paragraph" as const, text: `${i} `.repeat(500) })),
    ];
    const sections = sectionsFromBlocks(long, 2_000);
    expect(sections.map((s) => s.title)).toEqual(["Long <one>", "Long <one> (2)", "Long <one> (3)"]);
    expect(sections[0].blocks[0]).toBe("<h1>Long &lt;one&gt;</h1>");
  });
});

describe("text settings", () => {
  it("change one step at a time and never under 16 px", () => {
    const smaller = changeTextSettings(DEFAULT_TEXT_SETTINGS, "smaller");
    expect(smaller.fontSize).toBe(16);
    expect(changeTextSettings(smaller, "smaller").fontSize).toBe(16);
    expect(changeTextSettings(DEFAULT_TEXT_SETTINGS, "larger").fontSize).toBe(20);
    expect(changeTextSettings(DEFAULT_TEXT_SETTINGS, "looser").lineHeight).toBe(18);
    expect(changeTextSettings(DEFAULT_TEXT_SETTINGS, "dark").theme).toBe("dark");
  });
});
