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

/**
 * Every word stays in the centre square (630x630, x 285 to 915): WhatsApp crops the card to that square for its
 * thumbnail, which cut a title drawn across the whole width (issue 46). Text is centred, with a margin inside it.
 */
export const SQUARE_LEFT = (OG_WIDTH - OG_HEIGHT) / 2;
const CENTRE_X = OG_WIDTH / 2;
const TEXT_WIDTH = OG_HEIGHT - 2 * 50;
/** Width of an average bold serif character, in ems: generous, so a line never runs out of the square. */
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

/** The largest title size (px) whose lines fit the square's width in at most 4 or 5 lines, and those lines. */
export function fitTitle(title: string): { size: number; lines: string[] } {
  for (const size of [60, 52, 46, 40]) {
    const maxChars = Math.floor(TEXT_WIDTH / (size * CHAR_EM));
    const maxLines = size >= 52 ? 4 : 5;
    const lines = wrapLines(title, maxChars, Number.MAX_SAFE_INTEGER);
    if (lines.length <= maxLines) return { size, lines };
  }
  return { size: 40, lines: wrapLines(title, Math.floor(TEXT_WIDTH / (40 * CHAR_EM)), 5) };
}

function oneLine(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > maxChars ? `${flat.slice(0, maxChars - 1).trimEnd()}…` : flat;
}

/** The card as an SVG document, 1200x630, its words in the centre square. */
export function ogCardSvg(card: OgCard): string {
  const { size, lines } = fitTitle(card.title || "Nuru");
  const lineHeight = Math.round(size * 1.18);
  // The title block sits in the middle band, between the label and the brand.
  const blockTop = 330 - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
  const titleLines = lines
    .map((line, i) => `<tspan x="${CENTRE_X}" y="${Math.round(blockTop + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join("");
  const label = escapeXml(oneLine(card.label, 28).toUpperCase());
  const badge = card.badge ? escapeXml(oneLine(card.badge, 30)) : "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${COLORS.deep}"/><stop offset="1" stop-color="${COLORS.brand}"/></linearGradient></defs>`,
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#g)"/>`,
    `<circle cx="1090" cy="90" r="210" fill="${COLORS.accent}" opacity="0.35"/>`,
    `<circle cx="110" cy="560" r="120" fill="${COLORS.light}" opacity="0.12"/>`,
    `<rect x="${CENTRE_X - 32}" y="78" width="64" height="6" rx="3" fill="${COLORS.light}"/>`,
    `<text x="${CENTRE_X}" y="136" text-anchor="middle" font-family="${SANS}" font-size="26" font-weight="700" letter-spacing="3" fill="${COLORS.light}">${label}</text>`,
    `<text text-anchor="middle" font-family="${SERIF}" font-size="${size}" font-weight="700" fill="#ffffff">${titleLines}</text>`,
    `<text x="${CENTRE_X}" y="548" text-anchor="middle" font-family="${SERIF}" font-size="44" font-weight="700" fill="#ffffff">Nuru</text>`,
    badge
      ? `<text x="${CENTRE_X}" y="590" text-anchor="middle" font-family="${SANS}" font-size="24" fill="${COLORS.paper}">${badge}</text>`
      : "",
    "</svg>",
  ].join("");
}
