// The receipt SMS of an M-Pesa grant (issue 49 item 5), queued in the granting transaction (sms/sms-queue.server.ts).
// What she bought is named in generic words only, by the order's purchase kind (membership/purchase-kind-words.ts,
// `smsItem`): the plan's name as an item ("Premium plan", "7-day pass"), "Ebook" or "Gift"; never an ebook's title
// (health topics are private and phones are shared).
import { eq } from "drizzle-orm";
import { subscriptionPlans, users, type orders } from "~/db/schema";
import { mailLocaleOf } from "~/lib/mail/mail-language";
import type { Grant, Tx } from "~/modules/membership/grants.server";
import { purchaseKindWords, type PurchaseKindWords } from "~/modules/membership/purchase-kind-words";
import { paymentMethodLabel } from "~/modules/orders/payment-method";
import { queueReceiptSms } from "~/modules/sms/sms-queue.server";

type Order = typeof orders.$inferSelect;

/** An M-Pesa payment, whichever provider reports it (Pesapal's 'MpesaKE', Daraja's 'M-Pesa'). */
export function isMpesaPayment(paymentMethod: string | null | undefined): boolean {
  return paymentMethodLabel(paymentMethod) === "M-Pesa";
}

/** The plan's name, the only name of an item an SMS may say. */
async function planNameOf(tx: Tx, order: Order): Promise<string | null> {
  if (!order.planId) return null;
  const [plan] = await tx
    .select({ name: subscriptionPlans.name })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.id, order.planId));
  return plan?.name ?? null;
}

/**
 * Queues the receipt SMS of a granted order paid by M-Pesa whose buyer gave a number for receipts; once per order.
 * Call it inside the transaction that writes the grant; it never throws for the SMS's sake (a bad number queues
 * nothing).
 */
export async function queueMpesaReceiptSms(
  tx: Tx,
  order: Order,
  words: PurchaseKindWords,
  grant: Grant,
  paid: {
    paymentMethod: string | null | undefined;
    confirmationCode: string | null | undefined;
    receiptNumber: string;
  },
  now: Date,
): Promise<boolean> {
  if (!order.receiptPhone || !isMpesaPayment(paid.paymentMethod) || grant.note) return false;
  // Her saved language (issue 50): a Swahili reader's receipt SMS is in Swahili.
  const [buyer] = await tx.select({ language: users.language }).from(users).where(eq(users.id, order.userId));
  const locale = mailLocaleOf(buyer?.language);
  const said = purchaseKindWords(words.name, locale);
  return queueReceiptSms(
    tx,
    {
      orderId: order.id,
      to: order.receiptPhone,
      mpesaCode: paid.confirmationCode ?? "",
      amountCents: order.amountCents,
      item: said.smsItem({ kind: order.kind, planName: await planNameOf(tx, order) }),
      locale,
      // Her own plan's new end; a gift's period is the recipient's, an ebook has none.
      until: words.showsPeriod ? (grant.endDate ?? null) : null,
      receiptNumber: paid.receiptNumber,
    },
    now,
  );
}
