// The stamp is in the reader's saved language (issue 50, ADR 048; receipts.po): Swahili is plain Latin letters, so the
// standard font draws it as it draws English.
import { translator } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";

export interface Stamp {
  email: string;
  /** The order's merchant reference, or 'subscription' / 'free' / 'admin' for copies not bought one by one. */
  reference: string;
  /** Her language; English when not given. */
  locale?: Locale;
}

/** The words standing for a copy not bought one by one, in `locale` ('subscription' -> 'usajili'). */
function referenceWords(reference: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return reference;
  const t = translator(locale);
  if (reference === "subscription") return t("receipts.stamp.subscription");
  if (reference === "free") return t("receipts.stamp.free");
  if (reference === "admin") return t("receipts.stamp.admin");
  return reference === "purchase" ? t("receipts.kind.purchase").toLowerCase() : reference;
}

export function stampLine({ email, reference, locale = DEFAULT_LOCALE }: Stamp): string {
  // The standard fonts draw only Latin-1; anything else in an address is shown as '?'.
  return translator(locale)("receipts.stamp.line", { email, reference: referenceWords(reference, locale) }).replace(
    /[^\x20-\x7e]/g,
    "?",
  );
}

/**
 * Marks a downloaded copy with who received it: small text at the foot of every page and the document
 * metadata. The text is drawn into each page's content, so it is part of the page, not a removable annotation.
 */
export async function stampPdf(source: Uint8Array, stamp: Stamp): Promise<Uint8Array> {
  // Loaded on the first download, not at start.
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const pdf = await PDFDocument.load(source, { updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const line = stampLine(stamp);
  for (const page of pdf.getPages()) {
    const box = page.getMediaBox();
    page.drawText(line, { x: box.x + 12, y: box.y + 6, size: 6, font, color: rgb(0.45, 0.45, 0.45), opacity: 0.8 });
  }
  pdf.setSubject(line);
  pdf.setKeywords([stamp.email, stamp.reference]);
  pdf.setModificationDate(new Date());
  return pdf.save();
}
