// The EPUB reader behind uploaded text editions (issue 32): spine order and titles, the allow-list, and refusals of
// files that are not EPUBs, zip bombs and paths that leave the archive.
import { describe, expect, it } from "vitest";
import { strToU8, zipSync } from "fflate";
import { isAppError } from "~/lib/app-error";
import { openEpub, sectionsFromEpub, type KeptPicture } from "~/modules/reader/epub-text.server";
import { READER_ERRORS } from "~/modules/reader/reader-errors";
import { epubBytes, epubFiles, picturesEpub, SAMPLE_CHAPTERS } from "../setup/epub-file";

function refusal(bytes: Uint8Array, limits?: Parameters<typeof sectionsFromEpub>[1]) {
  try {
    sectionsFromEpub(bytes, limits);
  } catch (error) {
    if (isAppError(error, READER_ERRORS.EPUB_UNREADABLE)) return error.message;
    throw error;
  }
  throw new Error("The EPUB was accepted");
}

describe("sectionsFromEpub", () => {
  it("gives one section per spine document, in spine order, titled from the nav", () => {
    const sections = sectionsFromEpub(
      epubBytes({ chapters: SAMPLE_CHAPTERS, spine: ["three.xhtml", "one.xhtml", "two.xhtml"] }),
    );
    expect(sections.map((s) => s.title)).toEqual(["Home", "The Well", "The Road"]);
    expect(sections[0].blocks).toEqual([
      "<h1>Home</h1>",
      "<p>They came home with full jars.</p>",
      "<ul><li>One jar</li><li>Two jars</li></ul>",
    ]);
    expect(sections[1].blocks).toEqual([
      "<h1>The Well</h1>",
      "<p>Water came late to the village that year.</p>",
      "<p>Everyone waited.</p>",
    ]);
    expect(sections[1].chars).toBe(
      "The Well".length + "Water came late to the village that year.".length + "Everyone waited.".length,
    );
  });

  it("reads titles from an EPUB 2 NCX", () => {
    const sections = sectionsFromEpub(
      epubBytes({ chapters: SAMPLE_CHAPTERS.map((c) => ({ ...c, title: `Chapter: ${c.title}` })), toc: "ncx" }),
    );
    expect(sections.map((s) => s.title)).toEqual(["Chapter: The Well", "Chapter: The Road", "Chapter: Home"]);
  });

  it("strips scripts, handlers and pictures, and unlinks links inside the book", () => {
    const [, road] = sectionsFromEpub(epubBytes({ chapters: SAMPLE_CHAPTERS }));
    const html = road.blocks.join("");
    expect(html).not.toMatch(/script|stolen|onclick|<img|pic\.png/);
    expect(road.blocks).toEqual([
      // The chapter's top heading becomes h1, whatever level the book used.
      "<h1>The Road</h1>",
      "<p>The road ran <em>east</em> to <a>the well</a>.</p>",
      "<p>She walked it at dawn.</p>",
    ]);
  });

  it("cuts a long document at a paragraph", () => {
    const body = Array.from({ length: 6 }, (_, i) => `<p>${"word ".repeat(40)}${i}</p>`).join("");
    const sections = sectionsFromEpub(epubBytes({ chapters: [{ file: "long.xhtml", title: "Long", body }] }), {
      maxChars: 400,
    });
    expect(sections.map((s) => s.title)).toEqual(["Long", "Long (2)", "Long (3)"]);
  });

  it("refuses a ZIP whose mimetype is wrong, compressed or missing, and a file that is not a ZIP", () => {
    const files = epubFiles({ chapters: SAMPLE_CHAPTERS });
    const wrong = zipSync({ ...files, mimetype: [strToU8("application/zip"), { level: 0 }] });
    const compressed = zipSync({ ...files, mimetype: [strToU8("application/epub+zip"), { level: 9 }] });
    const { mimetype: _dropped, ...rest } = files;
    const missing = zipSync(rest);
    for (const bytes of [wrong, compressed, missing, strToU8("%PDF-1.7 not a zip")])
      expect(refusal(bytes)).toMatch(/not an EPUB/);
  });

  it("refuses a zip bomb from its directory, before inflating it", () => {
    const bomb = zipSync({
      ...epubFiles({ chapters: SAMPLE_CHAPTERS }),
      "OEBPS/padding.bin": new Uint8Array(4 * 1024 * 1024),
    });
    // 4 MB of zeros deflate to a few KB: the file is small, what it unpacks to is not.
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(refusal(bomb, { limits: { entries: 100, totalBytes: 1024 * 1024, entryBytes: 1024 * 1024 } })).toMatch(
      /unpacks to more than 1 MB/,
    );
    expect(sectionsFromEpub(bomb)).toHaveLength(3);
  });

  it("refuses a chapter whose declared size is over the entry limit", () => {
    const big = epubFiles({
      chapters: [{ file: "big.xhtml", title: "Big", body: `<p>${"a".repeat(3 * 1024 * 1024)}</p>` }],
    });
    expect(
      refusal(zipSync(big), { limits: { entries: 100, totalBytes: 50 * 1024 * 1024, entryBytes: 1024 * 1024 } }),
    ).toMatch(/too large/);
  });

  it("refuses too many entries", () => {
    const files = epubFiles({ chapters: SAMPLE_CHAPTERS });
    for (let i = 0; i < 30; i++) files[`OEBPS/extra-${i}.txt`] = strToU8("x");
    expect(refusal(zipSync(files), { limits: { entries: 20, totalBytes: 1 << 30, entryBytes: 1 << 20 } })).toMatch(
      /too many files/,
    );
  });

  it("refuses entry names that leave the archive", () => {
    for (const name of ["../evil.xhtml", "OEBPS/../../evil.xhtml", "/etc/passwd"]) {
      const files = { ...epubFiles({ chapters: SAMPLE_CHAPTERS }), [name]: strToU8("<p>x</p>") };
      expect(refusal(zipSync(files))).toMatch(/unsafe path/);
    }
  });

  it("does not follow a spine entry that points outside the package", () => {
    const files = epubFiles({ chapters: SAMPLE_CHAPTERS });
    const opf = new TextDecoder().decode(files["OEBPS/content.opf"] as Uint8Array);
    files["OEBPS/content.opf"] = strToU8(opf.replace('href="one.xhtml"', 'href="../../one.xhtml"'));
    const sections = sectionsFromEpub(zipSync(files));
    expect(sections.map((s) => s.title)).toEqual(["The Road", "Home"]);
  });
});

describe("an EPUB's pictures", () => {
  const ebookId = "3f2c1d0e-9b8a-4c7d-8e6f-5a4b3c2d1e0f";
  const kept = (n: number, width: number, height: number): KeptPicture => ({
    src: `/ebook/${ebookId}/text/picture/${n}`,
    width,
    height,
  });

  it("lists the raster pictures the chapters show, in reading order and once each, from inside the archive", async () => {
    const book = openEpub(await picturesEpub());
    // Not listed: an SVG, one over 10 MB (from the zip directory), one outside the archive or not in the manifest.
    expect(book.pictures.map((p) => p.path)).toEqual([
      "OEBPS/images/cover.jpg",
      "OEBPS/images/well.png",
      "OEBPS/images/photo.jpg",
      "OEBPS/images/lie.png",
    ]);
    expect(book.readPicture(book.pictures[1])?.subarray(1, 4)).toEqual(strToU8("PNG"));
    // Only what it listed is inflated.
    expect(book.readPicture({ path: "OEBPS/images/big.png", size: 1 })).toBeNull();
    expect(book.readPicture({ path: "OEBPS/images/unlisted.png", size: 1 })).toBeNull();
  });

  it("holds pictures to the count and size limits", async () => {
    const bytes = await picturesEpub({ big: 64 * 1024 });
    expect(openEpub(bytes, { pictures: 2 }).pictures.map((p) => p.path)).toEqual([
      "OEBPS/images/cover.jpg",
      "OEBPS/images/well.png",
    ]);
    expect(openEpub(bytes).pictures.map((p) => p.path)).toContain("OEBPS/images/big.png");
    expect(openEpub(bytes, { pictureBytes: 32 * 1024 }).pictures.map((p) => p.path)).not.toContain(
      "OEBPS/images/big.png",
    );
  });

  it("keeps the pictures it is given in their places, with alt text and size; an SVG leaves its alt text", async () => {
    const book = openEpub(await picturesEpub());
    const sections = book.sections({
      kept: new Map([
        ["OEBPS/images/cover.jpg", kept(0, 600, 900)],
        ["OEBPS/images/well.png", kept(1, 800, 533)],
      ]),
    });
    expect(sections.map((s) => [s.title, s.chars])).toEqual([
      ["Cover", 0],
      ["The Well", expect.any(Number)],
    ]);
    expect(sections[0].blocks).toEqual([
      `<p><img src="/ebook/${ebookId}/text/picture/0" alt="The Well, a cover" width="600" height="900" /></p>`,
    ]);
    const html = sections[1].blocks.join("\n");
    expect(html).toContain(
      `<p><img src="/ebook/${ebookId}/text/picture/1" alt="A well &lt;b&gt;made&lt;/b&gt; of stone" width="800" height="533" /></p>\n<p>The old well.</p>`,
    );
    // Not given (photo.jpg, the lying one): dropped, the text kept.
    expect(html).toContain("<p>Everyone waited.</p>");
    expect(html).toContain("<p>A map of the village</p>");
    expect(html).not.toMatch(/photo|lie\.png|big\.png|map\.svg|outside\.png|unlisted|data:|example\.com|script/);
    expect(html.match(/<img/g)).toHaveLength(2);
  });

  it("keeps no picture when none is given (the upload's check), and a book of pictures only has no text", async () => {
    const sections = sectionsFromEpub(await picturesEpub());
    expect(sections.map((s) => s.title)).toEqual(["The Well"]);
    expect(sections[0].blocks.join("")).not.toContain("<img");
    const onlyPictures = openEpub(
      epubBytes({ chapters: [{ file: "c.xhtml", title: "C", body: `<p><img src="c.png" alt=""/></p>` }] }),
    );
    expect(() => onlyPictures.sections()).toThrow(/no text was found/);
  });
});
