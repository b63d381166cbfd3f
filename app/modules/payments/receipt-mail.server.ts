// The receipt mail of a completed order (a paid one, payment-verification.server.ts, and one an offer code made free,
// zero-amount-orders.server.ts), queued in the transaction that completes it (ADR 046) and composed when it is sent:
// the order, the buyer and the receipt's PDF are read then, so the queue row holds ids and words only.
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { ebooks, orders, profiles, subscriptionPlans, users } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { INTL_LOCALE, localizedHref } from "~/lib/locale";
import { mailLocaleOf } from "~/lib/mail/mail-language";
import { queueMail, registerMailComposer, type MailFacts } from "~/lib/mail/mail-queue.server";
import type { MailMessage } from "~/lib/mail/mailer.server";
import type { Grant, Tx } from "~/modules/membership/grants.server";
import { giftRecipientOf } from "~/modules/membership/gifts.server";
import { purchaseKindNameOf, purchaseKindWords } from "~/modules/membership/purchase-kind-words";
import { selectOrdersWithBuyer } from "~/modules/orders/order-with-buyer.server";
import { formatKesCents } from "~/modules/pricing/money";
import { getReceipt, receiptPdf } from "~/modules/receipts/receipts.server";
import { paymentMethodIn } from "~/modules/receipts/receipt-words";
import { receiptMail } from "./payment-mails.server";

/** How she paid, as the receipt mail names it: a payment method and its confirmation, or the code that made it free. */
export interface ReceiptPaidWith {
  method: string;
  confirmationCode?: string;
}

/** What the receipt is composed from (mail_messages.facts). */
interface ReceiptFacts {
  orderId: string;
  method: string;
  confirmationCode: string;
  /** What the grant gave (kept in queued rows; the kind is read from the order when the mail is composed). */
  kind: Grant["kind"];
  /** The plan's paid-up end (ISO), null for no end or an ebook. */
  endDate: string | null;
  /** A gift order: whether the claim mail goes now or on the chosen day. */
  gift: { sendNow: boolean } | null;
}

export const receiptMailKey = (orderId: string) => `receipt:${orderId}`;

/** Queues the receipt of an order completed in `tx` (once per order). */
export function queueReceiptMail(tx: Tx, orderId: string, paidWith: ReceiptPaidWith, grant: Grant, now: Date) {
  const facts: ReceiptFacts = {
    orderId,
    method: paidWith.method,
    confirmationCode: paidWith.confirmationCode ?? "",
    kind: grant.kind,
    endDate: grant.endDate?.toISOString() ?? null,
    gift: grant.gift ? { sendNow: grant.gift.sendNow } : null,
  };
  return queueMail(tx, { key: receiptMailKey(orderId), kind: "receipt", facts: { ...facts } }, now);
}

/** The receipt mail, with the same receipt as the page and the PDF of the billing history attached. */
async function composeReceiptMail(stored: MailFacts): Promise<MailMessage | null> {
  const facts = stored as unknown as ReceiptFacts;
  const orderId = facts.orderId;
  const [row] = await selectOrdersWithBuyer(
    {
      email: users.email,
      name: profiles.fullName,
      reference: orders.merchantReference,
      amountCents: orders.amountCents,
      planName: subscriptionPlans.name,
      periodUnit: subscriptionPlans.periodUnit,
      periodCount: subscriptionPlans.periodCount,
      ebookTitle: ebooks.title,
      ebookId: orders.ebookId,
      userId: orders.userId,
      kind: orders.kind,
      upgradeCreditCents: orders.upgradeCreditCents,
      language: users.language,
    },
    getDb(),
  ).where(eq(orders.id, orderId));
  if (!row) return null;
  const origin = getEnv().PUBLIC_URL;
  // In her saved language (issue 50, ADR 048): the mail, its receipt page's address and the attached PDF.
  const locale = mailLocaleOf(row.language);
  const receipt = await getReceipt(row.userId, orderId, locale);
  // The kind words the item, her access and where the button goes (a gift: for whom, and when its claim mail goes).
  const words = purchaseKindWords(purchaseKindNameOf({ ...row, isGift: facts.gift !== null }), locale);
  const order = { ...row, giftFor: facts.gift ? await giftRecipientOf(orderId) : null };
  const mailFacts = { ...facts, ebookId: row.ebookId };
  const mail = receiptMail({
    to: row.email,
    name: row.name ?? "",
    item: words.mailItem(order),
    amount: formatKesCents(row.amountCents, INTL_LOCALE[locale]),
    reference: row.reference,
    method: paymentMethodIn(facts.method, locale),
    confirmationCode: facts.confirmationCode,
    access: words.mailAccess(order, mailFacts),
    url: `${origin}${words.mailPath(mailFacts)}`,
    receiptUrl: `${origin}${localizedHref(`/receipts/${orderId}`, locale)}`,
    locale,
  });
  if (!receipt) return mail;
  const pdf = { filename: `nuru-receipt-${row.reference}.pdf`, content: await receiptPdf(receipt, locale) };
  return { ...mail, attachments: [{ ...pdf, contentType: "application/pdf" }] };
}

registerMailComposer("receipt", composeReceiptMail);
