// The receipt SMS (issue 49 item 5): one GSM-7 part of at most 160 characters that ties her M-Pesa code to what she
// got. It names what she bought only in generic words chosen by the caller ("Week pass", "Premium plan", "Ebook"):
// never an article's or an ebook's title, since phones are shared and what she reads about her body is private.
// A Swahili reader's receipt is in Swahili (issue 50, ADR 048; words in receipts.po), the same facts and length.
import { toPlainSmsText } from "./gsm7";
import { translator } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from "~/lib/locale";
import { NAIROBI_TIME_ZONE } from "~/lib/nairobi-time";

export const SMS_MAX_CHARS = 160;

export interface ReceiptSmsFacts {
  /** The M-Pesa confirmation code (e.g. QJK1ABCD23). */
  mpesaCode: string;
  /** Amount paid in KES cents. */
  amountCents: number;
  /** Generic words for what she bought: "Week pass", "Premium plan", "Ebook", "Gift". */
  item: string;
  /** Access ends then (a plan); null for what has no end (an ebook, a gift). */
  until: Date | null;
  /** The receipt's number ('NURU-2026-000123'). */
  receiptNumber: string;
  /** The short receipt link without its scheme ('nuru.co.ke/r/AbC...'). */
  link: string;
  /** The buyer's language (the item's words come in it already); English when not given. */
  locale?: Locale;
}

/** KES 150 for whole shillings (M-Pesa moves whole shillings), KES 150.50 otherwise; plain digits, no separators' spaces. */
export function smsAmount(cents: number): string {
  const shillings = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return `KES ${shillings.toLocaleString("en-US")}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

/** "5 Dec 2026" in Nairobi's calendar; "5 Des 2026" in Swahili. */
export function smsDate(date: Date, locale: Locale = DEFAULT_LOCALE): string {
  return new Intl.DateTimeFormat(locale === DEFAULT_LOCALE ? "en-GB" : INTL_LOCALE[locale], {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: NAIROBI_TIME_ZONE,
  }).format(date);
}

/** The link without its scheme: "https://nuru.co.ke/r/x" -> "nuru.co.ke/r/x" (phones make it a link either way). */
export function shortLink(url: string): string {
  return url.replace(/^https?:\/\//, "");
}

/**
 * The receipt text, plain ASCII in the GSM-7 basic set and at most 160 characters:
 * "Nuru: Paid KES 150, M-Pesa QJK1ABCD23. Week pass until 5 Dec 2026. Receipt NURU-2026-000123: nuru.co.ke/r/AbC".
 * When a long plan name (or a long shop address) would overflow, the item's words are shortened first; the code,
 * the date, the receipt number and the link are what she needs and stay whole.
 */
export function composeReceiptSms(facts: ReceiptSmsFacts): string {
  const code = toPlainSmsText(facts.mpesaCode)
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 20);
  const locale = facts.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const head = `Nuru: ${t("receipts.sms.paid")} ${smsAmount(facts.amountCents)}${code ? `, M-Pesa ${code}` : t("receipts.sms.byMpesa")}. `;
  // The messages are plain GSM-7 letters (receipts.po; tests/unit/swahili-receipts.test.ts checks the Swahili).
  const access = facts.until ? t("receipts.sms.until", { date: smsDate(facts.until, locale) }) : ".";
  const tail = t("receipts.sms.receipt", {
    number: toPlainSmsText(facts.receiptNumber),
    link: toPlainSmsText(facts.link),
  });
  const room = SMS_MAX_CHARS - head.length - access.length - tail.length;
  let item = toPlainSmsText(facts.item) || t("receipts.kind.purchase");
  if (item.length > room) item = room >= 4 ? `${item.slice(0, room - 3).trimEnd()}...` : "";
  const text = `${head}${item}${access}${tail}`.replace(/ \./, ".");
  // Only an absurd shop address could still overflow: the receipt number and link are cut rather than the message
  // split into parts she pays nothing for but the shop pays twice.
  return text.length > SMS_MAX_CHARS ? text.slice(0, SMS_MAX_CHARS) : text;
}
