// The picture a shared link shows (Open Graph image, issue 34): an SVG card of the page's title, its kind or
// category and the brand, drawn here and turned into a PNG by og-image.server.ts. Pure, so the wrapping and the
// escaping are tested without a renderer.

/** The 1.91:1 card WhatsApp and Facebook show (meta.ts names this size in og:image:width and height). */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** What a card shows. Only public words: a title, a category name, a kind. Never text from a body. */
export interface OgCard {
  /** Large text: a title or a category name. */
  title: string;
  /** Small capitals above the title: the category, or what the page is ("Ebook", "Category"). */
  label: string;
  /** A word beside the brand at the bottom ("Premium article", "Ebook"), or null. */
  badge: string | null;
}

// Brand colours of app/app.css (--color-brand-*): the card looks like the shop.
const COLORS = { deep: "#4c0519", brand: "#be123c", accent: "#e11d5c", light: "#ffe3ea", paper: "#fff1f4" };
// Generic families last: whatever serif and sans the server has (librsvg asks fontconfig). DejaVu and Liberation
// are on Debian-based servers; each covers Latin with accents, which Swahili and English titles need.
const SERIF = "DejaVu Serif, Liberation Serif, Georgia, serif";
const SANS = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

const TEXT_LEFT = 90;
const TEXT_WIDTH = OG_WIDTH - 2 * TEXT_LEFT;
/** Width of an average bold serif character, in ems: generous, so a line never runs off the card. */
const CHAR_EM = 0.64;

/** Text for SVG: the five XML specials escaped, control characters (not allowed in XML) dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/** Words into lines of at most `maxChars`; a word longer than a line is cut. Past `maxLines`, the rest becomes "…". */
export function wrapLines(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (let word of words) {
    while (word.length > maxChars) {
      if (line) lines.push(line);
      lines.push(word.slice(0, maxChars - 1) + "-");
      word = word.slice(maxChars - 1);
      line = "";
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  // CASE: a title too long for the card -> the last line that fits ends with an ellipsis.
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${last.length + 1 > maxChars ? last.slice(0, maxChars - 1).trimEnd() : last}…`;
  return kept;
}

/** The largest title size (px) whose lines fit in at most 4 lines, and those lines. */
export function fitTitle(title: string): { size: number; lines: string[] } {
  for (const size of [76, 66, 58, 50]) {
    const maxChars = Math.floor(TEXT_WIDTH / (size * CHAR_EM));
    const maxLines = size >= 66 ? 3 : 4;
    const lines = wrapLines(title, maxChars, Number.MAX_SAFE_INTEGER);
    if (lines.length <= maxLines) return { size, lines };
  }
  return { size: 50, lines: wrapLines(title, Math.floor(TEXT_WIDTH / (50 * CHAR_EM)), 4) };
}

function oneLine(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > maxChars ? `${flat.slice(0, maxChars - 1).trimEnd()}…` : flat;
}

/** The card as an SVG document, 1200x630. */
export function ogCardSvg(card: OgCard): string {
  const { size, lines } = fitTitle(card.title || "Nuru");
  const lineHeight = Math.round(size * 1.18);
  // The title block sits in the middle band, below the label.
  const blockTop = 300 - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
  const titleLines = lines
    .map((line, i) => `<tspan x="${TEXT_LEFT}" y="${Math.round(blockTop + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join("");
  const label = escapeXml(oneLine(card.label, 40).toUpperCase());
  const badge = card.badge ? escapeXml(oneLine(card.badge, 30)) : "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${COLORS.deep}"/><stop offset="1" stop-color="${COLORS.brand}"/></linearGradient></defs>`,
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#g)"/>`,
    `<circle cx="1090" cy="90" r="210" fill="${COLORS.accent}" opacity="0.35"/>`,
    `<circle cx="1150" cy="560" r="120" fill="${COLORS.light}" opacity="0.12"/>`,
    `<rect x="${TEXT_LEFT}" y="78" width="64" height="6" rx="3" fill="${COLORS.light}"/>`,
    `<text x="${TEXT_LEFT}" y="128" font-family="${SANS}" font-size="28" font-weight="700" letter-spacing="3" fill="${COLORS.light}">${label}</text>`,
    `<text font-family="${SERIF}" font-size="${size}" font-weight="700" fill="#ffffff">${titleLines}</text>`,
    `<text x="${TEXT_LEFT}" y="560" font-family="${SERIF}" font-size="48" font-weight="700" fill="#ffffff">Nuru</text>`,
    badge
      ? `<text x="${OG_WIDTH - TEXT_LEFT}" y="556" text-anchor="end" font-family="${SANS}" font-size="28" fill="${COLORS.paper}">${badge}</text>`
      : "",
    "</svg>",
  ].join("");
}
