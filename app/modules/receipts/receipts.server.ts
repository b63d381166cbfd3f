// Receipts: what a completed order proves, for its buyer only, as a printable page and as a PDF (pdf-lib). Every word
// of it is in the reader's language (issue 50, ADR 048; app/locales/*/receipts.po): the page's address's, or her
// saved one for the mail's attachment; the English receipt is word for word what it was.
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { ebooks, orders, payments, profiles, subscriptionPlans, userSubscriptions, users } from "~/db/schema";
import { selectOrdersWithBuyer } from "~/modules/orders/order-with-buyer.server";
import { getEnv } from "~/lib/env.server";
import { formatDate } from "~/lib/format";
import { translator } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from "~/lib/locale";
import { formatKesCents, formatMinorUnits } from "~/modules/pricing/money";
import { VAT_RATE_PERCENT } from "./receipt-rules";
import { paymentMethodLabel } from "~/modules/orders/payment-method";
import { giftRecipientOf } from "~/modules/membership/gifts.server";
import { wordsOf } from "~/modules/membership/purchase-kind-words";
import { isId } from "~/lib/ids";
import { paymentMethodIn } from "./receipt-words";

export const SHOP_NAME = "Nuru";

/** Orders that were paid: completed, or later refunded or reversed (the receipt still proves the payment). */
const RECEIPT_STATUSES: ReadonlySet<string> = new Set(["completed", "reversed", "refunded", "partially_refunded"]);

export interface Receipt {
  orderId: string;
  reference: string;
  /** 'NURU-2026-000123'; null only on an order paid before numbering whose number was lost (never expected). */
  receiptNumber: string | null;
  /** The seller as recorded when the order was completed (name, address, KRA PIN); empty parts left out. */
  seller: string;
  /** Her KRA PIN as it was at completion, when she had given one. */
  buyerPin: string | null;
  /** 'KSh 206.90' and 'KSh 1,293.10' when VAT was charged, else null. */
  vat: { amount: string; net: string; label: string } | null;
  /** ISO instant the payment was verified. */
  paidAt: string;
  buyerName: string;
  buyerEmail: string;
  item: string;
  /** The period this payment bought, for a plan: '26 January 2027 to 26 March 2027' (a renewal paid early starts
   *  when her paid time ends, as My Library shows it); null for an ebook or a period no longer held. */
  period: string | null;
  /** 'KSh 450.00' */
  amount: string;
  /** '$3.60' when she was shown another currency beside the KES price, else null. */
  shownAs: string | null;
  method: string;
  confirmationCode: string;
  status: string;
  /** The offer code locked into the order (ADR 037): its text, the price before it and what it took off. */
  offer: { code: string; before: string; discount: string } | null;
  /** Cents left off to charge whole shillings (issue 46 item 27); an upgrade says it in its item line instead. */
  roundedOff: string | null;
  shop: { name: string; supportEmail: string; url: string };
}

/** The receipt of `orderId` if it is this buyer's and was paid; null otherwise (never another reader's). */
export async function getReceipt(
  userId: string,
  orderId: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Receipt | null> {
  if (!isId(orderId)) return null;
  const db = getDb();
  const row = await receiptRow(db, userId, orderId);
  if (!row || !RECEIPT_STATUSES.has(row.status)) return null;
  const [payment] = await db
    .select({ method: payments.paymentMethod, code: payments.confirmationCode, verifiedAt: payments.verifiedAt })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "completed")))
    .orderBy(desc(payments.verifiedAt))
    .limit(1);
  // No verified completed payment: nothing to prove (an order is only completed after one, so this is defensive),
  // unless an offer code brought it to zero: then its recorded reason stands in for the payment (ADR 037).
  if (!payment && !row.zeroAmountReason) return null;
  // The order's kind names what was bought (a gift says for whom) and whether her period is on it (ADR 047).
  const giftFor = await giftRecipientOf(orderId);
  const words = wordsOf({ ...row, giftFor }, locale);
  const t = translator(locale);
  const [bought] = words.showsPeriod
    ? await db
        .select({ startDate: userSubscriptions.startDate, endDate: userSubscriptions.endDate })
        .from(userSubscriptions)
        .where(eq(userSubscriptions.orderId, orderId))
        .limit(1)
    : [];
  const env = getEnv();
  const money = (cents: number) =>
    row.currency === "KES"
      ? formatKesCents(cents, INTL_LOCALE[locale])
      : formatMinorUnits(cents, row.currency, INTL_LOCALE[locale]);
  return {
    orderId: row.orderId,
    reference: row.reference,
    receiptNumber: row.receiptNumber,
    seller: [row.sellerName ?? SHOP_NAME, row.sellerAddress, row.sellerPin ? `KRA PIN ${row.sellerPin}` : null]
      .filter(Boolean)
      .join(" · "),
    buyerPin: row.buyerPin,
    vat:
      row.vatCents === null
        ? null
        : {
            amount: money(row.vatCents),
            net: money(row.amountCents - row.vatCents),
            label: t("receipts.line.vat", { rate: VAT_RATE_PERCENT }),
          },
    paidAt: (row.completedAt ?? payment?.verifiedAt ?? new Date()).toISOString(),
    buyerName: row.fullName ?? "",
    buyerEmail: row.email,
    item: words.receiptItem({ ...row, giftFor }, money),
    period: bought
      ? t("receipts.period.range", {
          start: formatDate(bought.startDate.toISOString(), locale),
          end: bought.endDate ? formatDate(bought.endDate.toISOString(), locale) : t("receipts.period.noEnd"),
        })
      : null,
    amount: money(row.amountCents),
    shownAs:
      row.displayCurrency !== row.currency ? formatMinorUnits(row.displayAmount, row.displayCurrency, "en-US") : null,
    method: payment
      ? paymentMethodIn(paymentMethodLabel(payment.method) ?? "Pesapal", locale)
      : t("receipts.method.none"),
    confirmationCode: payment?.code ?? "",
    status:
      row.status === "completed"
        ? t("receipts.status.paid")
        : row.status === "reversed"
          ? t("receipts.status.reversed")
          : t("receipts.status.refunded"),
    offer:
      row.offerCode && row.priceBeforeCodeCents !== null && row.codeDiscountCents !== null
        ? { code: row.offerCode, before: money(row.priceBeforeCodeCents), discount: money(row.codeDiscountCents) }
        : null,
    roundedOff: row.roundedOffCents && words.roundedOffLine ? money(row.roundedOffCents) : null,
    shop: { name: SHOP_NAME, supportEmail: env.SUPPORT_EMAIL, url: env.PUBLIC_URL },
  };
}

/** Her order as its receipt reads it (only hers). */
async function receiptRow(db: ReturnType<typeof getDb>, userId: string, orderId: string) {
  const [row] = await selectOrdersWithBuyer(
    {
      orderId: orders.id,
      reference: orders.merchantReference,
      amountCents: orders.amountCents,
      currency: orders.currency,
      displayAmount: orders.displayAmount,
      displayCurrency: orders.displayCurrency,
      status: orders.status,
      completedAt: orders.completedAt,
      kind: orders.kind,
      planName: subscriptionPlans.name,
      periodUnit: subscriptionPlans.periodUnit,
      periodCount: subscriptionPlans.periodCount,
      ebookTitle: ebooks.title,
      email: users.email,
      fullName: profiles.fullName,
      receiptNumber: orders.receiptNumber,
      sellerName: orders.receiptSellerName,
      sellerAddress: orders.receiptSellerAddress,
      sellerPin: orders.receiptSellerPin,
      buyerPin: orders.receiptBuyerPin,
      vatCents: orders.receiptVatCents,
      upgradeCreditCents: orders.upgradeCreditCents,
      roundedOffCents: orders.roundedOffCents,
      offerCode: orders.offerCode,
      priceBeforeCodeCents: orders.priceBeforeCodeCents,
      codeDiscountCents: orders.codeDiscountCents,
      zeroAmountReason: orders.zeroAmountReason,
    },
    db,
  ).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row ?? null;
}

/** The receipt's lines, label and value, shared by the page, the PDF and the e-mail, in `locale` (the receipt's). */
export function receiptLines(r: Receipt, locale: Locale = DEFAULT_LOCALE): [string, string][] {
  const t = translator(locale);
  return [
    [t("receipts.line.number"), r.receiptNumber ?? "-"],
    [t("receipts.line.seller"), r.seller],
    [t("receipts.line.for"), [r.buyerName, r.buyerEmail].filter(Boolean).join(" · ")],
    ...(r.buyerPin ? [[t("receipts.line.buyerPin"), r.buyerPin] as [string, string]] : []),
    [t("receipts.line.datePaid"), formatDate(r.paidAt, locale)],
    [t("receipts.line.item"), r.item],
    ...(r.period ? [[t("receipts.line.period"), r.period] as [string, string]] : []),
    ...(r.offer
      ? [
          [t("receipts.line.priceBefore"), r.offer.before] as [string, string],
          [t("receipts.line.offerCode", { code: r.offer.code }), `-${r.offer.discount}`] as [string, string],
        ]
      : []),
    ...(r.roundedOff ? [[t("receipts.line.roundedOff"), `-${r.roundedOff}`] as [string, string]] : []),
    [
      t("receipts.line.amount"),
      r.shownAs ? t("receipts.line.shownAs", { amount: r.amount, shown: r.shownAs }) : r.amount,
    ],
    ...(r.vat
      ? [[r.vat.label, r.vat.amount] as [string, string], [t("receipts.line.beforeVat"), r.vat.net] as [string, string]]
      : []),
    [t("receipts.line.paidWith"), r.method],
    [t("receipts.line.confirmation"), r.confirmationCode || "-"],
    [t("receipts.line.reference"), r.reference],
    [t("receipts.line.status"), r.status],
  ];
}

// The standard PDF fonts encode WinAnsi only: anything else (a title with emoji, say) becomes '?'.
const winAnsi = (text: string) => text.replace(/\u00a0/g, " ").replace(/[^\x20-\x7e\u00a0-\u00ff]/g, "?");

/**
 * The receipt as a PDF in `locale`. Swahili needs no letter beyond Latin-1 (its words are plain Latin letters), so the
 * standard fonts draw it whole; only a buyer's or a title's other letters become '?', as in English.
 */
export async function receiptPdf(r: Receipt, locale: Locale = DEFAULT_LOCALE): Promise<Uint8Array> {
  const t = translator(locale);
  // Loaded when a receipt is made, not at start.
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle(t("receipts.page.pdfTitle", { shop: r.shop.name, number: r.receiptNumber ?? r.reference }));
  if (locale !== DEFAULT_LOCALE) doc.setLanguage(locale);
  doc.setAuthor(r.shop.name);
  doc.setCreationDate(new Date(r.paidAt));
  const page = doc.addPage([595.28, 841.89]); // A4
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.12);
  const brand = rgb(0.72, 0.07, 0.27);
  let y = 780;
  page.drawText(r.shop.name, { x: 56, y, size: 28, font: bold, color: brand });
  page.drawText(winAnsi(t("receipts.page.title")), { x: 56, y: (y -= 34), size: 18, font: bold, color: ink });
  y -= 30;
  for (const [label, value] of receiptLines(r, locale)) {
    page.drawText(winAnsi(label), { x: 56, y, size: 11, font: bold, color: ink });
    // Long values (titles) wrap within the page.
    const words = winAnsi(value).split(" ");
    let line = "";
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (regular.widthOfTextAtSize(next, 11) > 330 && line) {
        page.drawText(line, { x: 200, y, size: 11, font: regular, color: ink });
        y -= 16;
        line = word;
      } else line = next;
    }
    page.drawText(line, { x: 200, y, size: 11, font: regular, color: ink });
    y -= 24;
  }
  y -= 12;
  page.drawText(winAnsi(`${r.shop.name} · ${r.shop.url} · ${r.shop.supportEmail}`), {
    x: 56,
    y,
    size: 10,
    font: regular,
    color: rgb(0.35, 0.35, 0.4),
  });
  page.drawText(winAnsi(t("receipts.page.footer")), {
    x: 56,
    y: y - 16,
    size: 10,
    font: regular,
    color: rgb(0.35, 0.35, 0.4),
  });
  return doc.save();
}
