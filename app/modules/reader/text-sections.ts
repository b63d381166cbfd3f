// A text edition's blocks cut into the sections the reader turns through: one per chapter heading, long ones cut
// again at a paragraph so no answer carries much more than a few screens.
import type { TextBlock } from "./text-layout";

export interface EditionSection {
  title: string;
  /** HTML of each block (one heading or paragraph), in order; the reader anchors each block by its index. */
  blocks: string[];
  chars: number;
}

/** About five phone screens of text at 18 px. */
export const SECTION_CHARS = 9_000;

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function blockHtml(block: TextBlock): string {
  return block.type === "heading"
    ? `<h${block.level}>${escapeText(block.text)}</h${block.level}>`
    : `<p>${escapeText(block.text)}</p>`;
}

/** Sections split at level 1 and 2 headings; a heading with no text of its own opens the next section. */
export function sectionsFromBlocks(blocks: TextBlock[], maxChars = SECTION_CHARS): EditionSection[] {
  const chapters: { title: string | null; blocks: TextBlock[] }[] = [];
  for (const block of blocks) {
    const last = chapters.at(-1);
    const opensChapter = block.type === "heading" && block.level <= 2;
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
      part.blocks.push(blockHtml(block));
      part.chars += block.text.length;
    }
    if (part.blocks.length) sections.push(part);
  }
  return sections;
}
