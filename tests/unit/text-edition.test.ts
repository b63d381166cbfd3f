// The text edition's extraction (issue 32): a PDF made here with a running header, page numbers, a heading, a word
// hyphenated at a line's end and a paragraph carried over to the next page comes out as a reader would want it.
import { describe, expect, it } from "vitest";
import { degrees, PDFDocument, StandardFonts } from "pdf-lib";
import { pdfPageLines, type RawPicture } from "~/modules/reader/pdf-text.server";
import { testPicture } from "../setup/epub-file";
import { blocksFromPages, joinLine, type TextBlock } from "~/modules/reader/text-layout";
import { sectionsFromBlocks } from "~/modules/reader/text-sections";
import { changeTextSettings, DEFAULT_TEXT_SETTINGS, settingsToKeep } from "~/modules/reader/text-settings";
import { textSettingsSetSchema } from "~/modules/reader/text-settings-schemas";

const HEADER = "The Long Walk Home - a Nuru guide";
const textOf = (block: TextBlock) => (block.type === "picture" ? "" : block.text);

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
    const all = blocks.map((b) => textOf(b)).join("\n");

    expect(all).not.toContain(HEADER);
    expect(blocks.some((b) => /^[0-9]+$/.test(textOf(b)))).toBe(false);
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
    expect(blocks.map((b) => textOf(b))).toContain(HEADER);
    expect(blocks.map((b) => textOf(b))).not.toContain("1");
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

describe("pictures from a PDF", () => {
  /** A page with words above, between and under pictures: some to keep, some to leave out. */
  async function picturesPdf() {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.TimesRoman);
    const photo = await pdf.embedPng(await testPicture("png", 600, 400));
    const jpeg = await pdf.embedJpg(await testPicture("jpeg", 300, 300));
    const tiny = await pdf.embedPng(await testPicture("png", 60, 60));
    const logo = await pdf.embedPng(await testPicture("png", 300, 102));
    const turned = await pdf.embedPng(await testPicture("png", 200, 160));
    const background = await pdf.embedJpg(await testPicture("jpeg", 420, 595));
    const page = pdf.addPage([420, 595]);
    page.drawText("One: Water", { x: 48, y: 500, size: 20, font });
    page.drawText("Before the picture.", { x: 48, y: 470, size: 11, font });
    page.drawImage(photo, { x: 48, y: 250, width: 300, height: 200 });
    page.drawText("After the picture.", { x: 48, y: 230, size: 11, font });
    page.drawImage(jpeg, { x: 48, y: 100, width: 100, height: 100 });
    page.drawText("At the end.", { x: 48, y: 80, size: 11, font });
    // Left out: a small one, a logo in the header's band, one turned, one covering the page.
    page.drawImage(tiny, { x: 200, y: 100, width: 60, height: 60 });
    page.drawImage(logo, { x: 300, y: 545, width: 150, height: 51 });
    page.drawImage(turned, { x: 300, y: 150, width: 100, height: 80, rotate: degrees(90) });
    // And the same picture drawn again: kept once.
    page.drawImage(photo, { x: 200, y: 20, width: 150, height: 100 });
    const second = pdf.addPage([420, 595]);
    second.drawImage(background, { x: 0, y: 0, width: 420, height: 595 });
    second.drawText("Two: Words over a background.", { x: 48, y: 500, size: 20, font });
    second.drawText("Only the words.", { x: 48, y: 470, size: 11, font });
    return pdf.save();
  }

  it("places the pictures worth keeping between the paragraphs they lie between, as pixels to encode", async () => {
    const kept: RawPicture[] = [];
    const pages = await pdfPageLines(await picturesPdf(), {
      keepPicture: async (raw) => {
        kept.push(raw);
        return { src: `/ebook/x/text/picture/${kept.length - 1}`, width: raw.width, height: raw.height };
      },
    });
    expect(kept.map((k) => [k.width, k.height, k.channels, k.data.length])).toEqual([
      [600, 400, 3, 600 * 400 * 3],
      [300, 300, 3, 300 * 300 * 3],
    ]);
    const sections = sectionsFromBlocks(blocksFromPages(pages));
    expect(sections.map((s) => s.blocks)).toEqual([
      [
        "<h1>One: Water</h1>",
        "<p>Before the picture.</p>",
        '<p><img src="/ebook/x/text/picture/0" alt="" width="600" height="400"></p>',
        "<p>After the picture.</p>",
        '<p><img src="/ebook/x/text/picture/1" alt="" width="300" height="300"></p>',
        "<p>At the end.</p>",
      ],
      ["<h1>Two: Words over a background.</h1>", "<p>Only the words.</p>"],
    ]);
    // Pictures add no characters (progress counts words).
    expect(sections[0].chars).toBe(
      "One: Water".length + "Before the picture.".length + "After the picture.".length + "At the end.".length,
    );
  });

  it("reads no picture unless asked, and the words whatever a picture does", async () => {
    const pages = await pdfPageLines(await picturesPdf());
    expect(pages.every((p) => !p.pictures?.length)).toBe(true);
    const failing = await pdfPageLines(await picturesPdf(), {
      keepPicture: async () => {
        throw new Error("sharp could not read it");
      },
    });
    // No picture: the words as without pictures (the gaps the pictures left are not paragraph breaks).
    const words = sectionsFromBlocks(blocksFromPages(pages));
    expect(sectionsFromBlocks(blocksFromPages(failing))).toEqual(words);
    expect(words[0].blocks).toEqual([
      "<h1>One: Water</h1>",
      "<p>Before the picture. After the picture. At the end.</p>",
    ]);
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

  it("on the phone: the shop's, unless a newer change made offline may still be on its way (for one visit)", () => {
    const shop = { fontSize: 20, lineHeight: 16, theme: "light" as const, at: 1_000 };
    const offline = { fontSize: 26, lineHeight: 20, theme: "dark" as const, at: 2_000, pending: true };
    expect(settingsToKeep(null, shop)).toEqual(shop);
    const kept = settingsToKeep(offline, shop);
    expect(kept).toEqual({ ...offline, pending: false });
    // The next visit: the shop has it by now (or refused it); its answer stands.
    expect(settingsToKeep(kept, shop)).toEqual(shop);
    // An older offline change, or one already sent, never wins over the shop.
    expect(settingsToKeep({ ...offline, at: 500 }, shop)).toEqual(shop);
  });

  it("as a whole set from an offline copy: on the buttons' steps, within the limits", () => {
    const set = { fontSize: "22", lineHeight: "18", theme: "sepia", takenAt: "5" };
    expect(textSettingsSetSchema.safeParse(set).data).toEqual({
      fontSize: 22,
      lineHeight: 18,
      theme: "sepia",
      takenAt: 5,
    });
    for (const wrong of [
      { fontSize: "15" },
      { fontSize: "21" },
      { fontSize: "34" },
      { lineHeight: "25" },
      { theme: "neon" },
    ])
      expect(textSettingsSetSchema.safeParse({ ...set, ...wrong }).success).toBe(false);
  });
});
