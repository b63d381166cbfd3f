// Plain text for one SMS part (issue 49 item 5). One part holds 160 characters of the GSM 03.38 basic set; a single
// character outside it (an en dash, the no-break space Intl puts in "KES 150", a curly quote) makes the whole message
// UCS-2, 70 characters a part, and can double its cost. Receipts are therefore written in plain printable ASCII
// without the characters GSM-7 lacks (`) or keeps in its extension table, which cost two ([ ] { } \ ^ ~ |).

/** The GSM-7 basic character set (3GPP TS 23.038), without the escape. */
export const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";

const BASIC = new Set(GSM7_BASIC);

/** True when every character is in the GSM-7 basic set (one character, one septet). */
export function isGsm7Basic(text: string): boolean {
  for (const ch of text) if (!BASIC.has(ch)) return false;
  return true;
}

const REPLACEMENTS: [RegExp, string][] = [
  [/[\u00a0\u2000-\u200a\u202f\u205f\u3000\t]/g, " "], // no-break and other spaces (Intl currency output)
  [/[\u2010-\u2015\u2212]/g, "-"], // hyphens, en and em dashes, minus
  [/[\u2018\u2019\u201a\u201b\u2032`]/g, "'"],
  [/[\u201c\u201d\u201e\u201f\u2033]/g, '"'],
  [/\u2026/g, "..."],
  [/[[{]/g, "("],
  [/[\]}]/g, ")"],
  [/[\\|]/g, "/"],
  [/[\^~]/g, "-"],
  [/[\r\n]+/g, " "],
];

/**
 * Text as plain GSM-7-safe ASCII: typographic characters replaced by their plain forms, accents dropped ("é" -> "e"),
 * anything else left out. The result is in the GSM-7 basic set, one septet per character.
 */
export function toPlainSmsText(text: string): string {
  let out = text;
  for (const [pattern, plain] of REPLACEMENTS) out = out.replace(pattern, plain);
  out = out.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  // Printable ASCII only; the characters replaced above are gone already.
  out = out.replace(/[^\x20-\x7e]/g, "");
  return out.replace(/ {2,}/g, " ").trim();
}
