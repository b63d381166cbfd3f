// From positioned lines of text (as pdf.js reads them off PDF pages) to the blocks of a reflowable edition:
// running headers, footers and page numbers dropped, lines joined into paragraphs, hyphenation undone, headings
// found by font size. Pure, so each rule is tested on its own (tests/unit/text-edition.test.ts).

/** One line of a page, in PDF units (y grows upwards, as in PDF space). */
export interface PageLine {
  text: string;
  x: number;
  y: number;
  /** The line's right edge. */
  right: number;
  /** Font size (the text's vertical scale). */
  size: number;
}

/** A picture an edition keeps: where it is served and its size in pixels (reserved before it loads). */
export interface EditionPicture {
  src: string;
  width: number;
  height: number;
}

/** A picture drawn on a page, by the y of its top edge (PDF units, upwards, as lines are). */
export interface PagePicture {
  top: number;
  picture: EditionPicture;
}

export interface LaidOutPage {
  height: number;
  lines: PageLine[];
  /** Pictures kept from the page (none unless asked for). */
  pictures?: PagePicture[];
}

export type TextBlock =
  | { type: "heading"; level: 1 | 2 | 3; text: string }
  | { type: "paragraph"; text: string }
  | { type: "picture"; picture: EditionPicture };

/** The top and bottom share of a page where running headers, footers and page numbers live. */
const BAND = 0.1;
const PAGE_NUMBER = /^(page\s+)?([0-9]{1,4}|[ivxlcdm]{1,7})(\s*(of|\/)\s*[0-9]{1,4})?$/i;
const ENDS_SENTENCE = /[.!?:;"”’)\]]$/;

const roundSize = (size: number) => Math.round(size * 2) / 2;

function inBand(line: PageLine, height: number): boolean {
  return line.y > height * (1 - BAND) || line.y < height * BAND;
}

/** Text a running header or footer repeats page after page, whatever its page number. */
const repeatKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[0-9]+/g, "#")
    .replace(/\s+/g, " ")
    .trim();

/** Drops page numbers and the lines repeated in the top or bottom band of many pages. */
export function dropRunningLines(pages: LaidOutPage[]): LaidOutPage[] {
  const pagesWith = new Map<string, number>();
  for (const page of pages) {
    const keys = new Set(page.lines.filter((l) => inBand(l, page.height)).map((l) => repeatKey(l.text)));
    for (const key of keys) pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
  }
  // CASE: a two-page PDF can still have a running header; one page alone cannot tell.
  const repeated = Math.max(2, Math.ceil(pages.length * 0.4));
  return pages.map((page) => ({
    height: page.height,
    pictures: page.pictures,
    lines: page.lines.filter((line) => {
      if (!inBand(line, page.height)) return true;
      if (PAGE_NUMBER.test(line.text.trim())) return false;
      return (pagesWith.get(repeatKey(line.text)) ?? 0) < repeated;
    }),
  }));
}

function mostCommon(values: number[], weights: number[] = values.map(() => 1)): number {
  const counts = new Map<number, number>();
  values.forEach((v, i) => counts.set(v, (counts.get(v) ?? 0) + weights[i]));
  let best = values[0] ?? 0;
  for (const [value, count] of counts) if (count > (counts.get(best) ?? 0)) best = value;
  return best;
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Joins a line to the text before it: a word hyphenated at the line's end is made whole again. */
export function joinLine(before: string, line: string): string {
  if (!before) return line;
  const softHyphen = before.endsWith("\u00ad");
  if (softHyphen) return before.slice(0, -1) + line;
  // CASE: "conti-" + "nue" -> "continue"; "well-" + "Known" and "2019-" + "2020" keep their hyphen.
  if (/\p{Ll}-$/u.test(before) && /^\p{Ll}/u.test(line)) return before.slice(0, -1) + line;
  if (/-$/.test(before)) return before + line;
  return `${before} ${line}`;
}

/** Lines of every page, read in order, as headings and paragraphs; a page's pictures between the lines they lie between. */
export function blocksFromPages(input: LaidOutPage[]): TextBlock[] {
  const pages = dropRunningLines(input);
  const all = pages.flatMap((p) => p.lines).filter((l) => l.text.trim());
  if (!all.length) return [];
  const body = mostCommon(
    all.map((l) => roundSize(l.size)),
    all.map((l) => l.text.length),
  );
  const isHeading = (l: PageLine) => roundSize(l.size) >= body * 1.15 && l.text.length <= 160;
  // Heading sizes, largest first: the largest is level 1, the next 2, any smaller 3.
  const headingSizes = [...new Set(all.filter((l) => isHeading(l)).map((l) => roundSize(l.size)))].sort(
    (a, b) => b - a,
  );
  const levelOf = (l: PageLine) => Math.min(3, headingSizes.indexOf(roundSize(l.size)) + 1) as 1 | 2 | 3;

  const bodyLines = all.filter((l) => !isHeading(l));
  const left = mostCommon(bodyLines.map((l) => Math.round(l.x)));
  const right = median(bodyLines.map((l) => l.right).filter((r) => r > left));
  const gaps: number[] = [];
  for (const page of pages)
    page.lines.forEach((line, i) => {
      const prev = page.lines[i - 1];
      if (prev && !isHeading(prev) && !isHeading(line) && prev.y > line.y) gaps.push(prev.y - line.y);
    });
  const lineGap = median(gaps) || body * 1.3;

  const blocks: TextBlock[] = [];
  let current: { kind: "heading" | "paragraph"; level: 1 | 2 | 3; text: string; last: PageLine } | null = null;
  const flush = () => {
    if (!current) return;
    const text = current.text.replace(/\s+/g, " ").trim();
    if (text)
      blocks.push(
        current.kind === "heading" ? { type: "heading", level: current.level, text } : { type: "paragraph", text },
      );
    current = null;
  };

  for (const page of pages) {
    let first = true;
    // Pictures top down; each goes before the first line under its top edge, and ends the paragraph it interrupts.
    const pictures = [...(page.pictures ?? [])].sort((a, b) => b.top - a.top);
    const placePicturesAbove = (y: number) => {
      while (pictures.length && pictures[0].top > y) {
        flush();
        blocks.push({ type: "picture", picture: pictures.shift()!.picture });
      }
    };
    for (const line of page.lines) {
      const text = line.text.replace(/\s+/g, " ").trim();
      if (!text) continue;
      placePicturesAbove(line.y + line.size);
      const heading = isHeading(line);
      const level = heading ? levelOf(line) : 1;
      let breaks = true;
      if (current) {
        const prev: PageLine = current.last;
        const gap = prev.y - line.y;
        if (heading) {
          // A long heading wrapped over lines of the same size, close together.
          breaks = !(
            current.kind === "heading" &&
            current.level === level &&
            !first &&
            gap > 0 &&
            gap < line.size * 1.8
          );
        } else if (current.kind === "paragraph") {
          const indented = line.x > left + body * 0.8;
          const shortBefore = prev.right < right - body * 4 && ENDS_SENTENCE.test(current.text);
          // CASE: first line of a page -> a sentence carried over from the last page continues its paragraph.
          if (first) breaks = ENDS_SENTENCE.test(current.text);
          else breaks = gap <= 0 || gap > lineGap * 1.4 || indented || shortBefore;
        }
      }
      if (breaks) {
        flush();
        current = { kind: heading ? "heading" : "paragraph", level, text, last: line };
      } else if (current) {
        current.text = joinLine(current.text, text);
        current.last = line;
      }
      first = false;
    }
    placePicturesAbove(-Infinity);
  }
  flush();
  return blocks;
}
