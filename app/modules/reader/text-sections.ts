// A text edition's blocks cut into the sections the reader turns through: one per chapter heading, long ones cut
// again at a paragraph so no answer carries much more than a few screens.
import type { TextBlock } from "./text-layout";

export type { EditionPicture } from "./text-layout";

export interface EditionSection {
  title: string;
  /** HTML of each block (one heading or paragraph), in order; the reader anchors each block by its index. */
  blocks: string[];
  chars: number;
}

/** About five phone screens of text at 18 px. */
export const SECTION_CHARS = 9_000;

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");

/** Characters of text a block adds to its section (a picture none). */
const charsOf = (block: TextBlock) => (block.type === "picture" ? 0 : block.text.length);

/** Chapter headings (and any larger) become h1, the levels under them h2 and h3; reading demotes each one step. */
function blockHtml(block: TextBlock, splitAt: number): string {
  if (block.type === "paragraph") return `<p>${escapeText(block.text)}</p>`;
  if (block.type === "picture") {
    const { src, width, height } = block.picture;
    // A PDF says nothing about its pictures: an empty alt text (a screen reader passes over it).
    return `<p><img src="${escapeAttribute(src)}" alt="" width="${width}" height="${height}"></p>`;
  }
  const level = Math.min(3, Math.max(1, block.level - splitAt + 1));
  return `<h${level}>${escapeText(block.text)}</h${level}>`;
}

/**
 * The heading level chapters start at: the largest heading size used more than once (a book's title is used
 * once, its chapters many times); headings at or above it open a section.
 */
export function chapterLevel(blocks: TextBlock[]): number {
  const counts = [0, 0, 0, 0];
  for (const block of blocks) if (block.type === "heading") counts[block.level]++;
  const level = [1, 2, 3].find((l) => counts[l] >= 2);
  return level ?? 3;
}

/** Sections split at chapter headings; a heading with no text of its own opens the next section. */
export function sectionsFromBlocks(blocks: TextBlock[], maxChars = SECTION_CHARS): EditionSection[] {
  const splitAt = chapterLevel(blocks);
  const chapters: { title: string | null; blocks: TextBlock[] }[] = [];
  for (const block of blocks) {
    const last = chapters.at(-1);
    const opensChapter = block.type === "heading" && block.level <= splitAt;
    const lastHasText = last?.blocks.some((b) => b.type === "paragraph");
    if (!last || (opensChapter && lastHasText))
      chapters.push({ title: block.type === "heading" ? block.text : null, blocks: [block] });
    else {
      last.blocks.push(block);
      last.title ??= block.type === "heading" ? block.text : null;
    }
  }
  const sections: EditionSection[] = [];
  for (const [index, chapter] of chapters.entries()) {
    const title = chapter.title ?? (index === 0 ? "Beginning" : `Part ${index + 1}`);
    let part: EditionSection = { title, blocks: [], chars: 0 };
    let parts = 1;
    for (const block of chapter.blocks) {
      if (part.chars >= maxChars && block.type === "paragraph") {
        sections.push(part);
        parts++;
        part = { title: `${title} (${parts})`, blocks: [], chars: 0 };
      }
      part.blocks.push(blockHtml(block, splitAt));
      part.chars += charsOf(block);
    }
    if (part.blocks.length) sections.push(part);
  }
  return sections;
}
