// How she paid, said in her language on her receipt and in its mail (issue 50, ADR 048): the names a reader knows
// (orders/payment-method.ts: "M-Pesa", "Visa card"), a card said as a card ("Kadi ya Visa"), the offer code that
// made an order free ("offer code X": "Msimbo wa ofa X"). Brand names stay as they are.
import { translator } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";

export function paymentMethodIn(label: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return label;
  const t = translator(locale);
  if (label === "Card") return t("receipts.method.card");
  const card = /^(.+) card$/.exec(label);
  if (card) return t("receipts.method.cardOf", { brand: card[1] });
  const code = /^offer code (.+)$/i.exec(label);
  if (code) return t("receipts.line.offerCode", { code: code[1] });
  return label;
}
