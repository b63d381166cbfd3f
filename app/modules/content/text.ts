// Small, pure text helpers shared by content reads and cards.

export const WORDS_PER_MINUTE = 200;
export const PREVIEW_CHARS = 300;

/** Plain text of stored content, which may be HTML or plain/markdown text. */
export function plainText(content: string): string {
  return content
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

export function countWords(text: string): number {
  const t = text.trim();
  return t ? t.split(/\s+/).length : 0;
}

/** Minutes to read at 200 words per minute, at least 1. */
export function readingMinutes(text: string): number {
  return Math.max(1, Math.ceil(countWords(text) / WORDS_PER_MINUTE));
}

/** Cut at a word boundary, adding an ellipsis when something was cut. */
export function cutAtWord(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const slice = t.slice(0, max + 1);
  const lastSpace = slice.lastIndexOf(" ");
  const cut = (lastSpace > max * 0.5 ? slice.slice(0, lastSpace) : t.slice(0, max)).replace(/[\s,.;:!?-]+$/, "");
  return `${cut}…`;
}
