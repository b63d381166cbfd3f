// The refund mail to the buyer, queued in the transaction that settles an accepted refund (refunds.server.ts's
// settleAccepted, ADR 046) and composed when it is sent: the order and the buyer are read then, so the queue row holds
// ids and words only.
import { eq } from "drizzle-orm";
import { ebooks, orders, profiles, subscriptionPlans, users } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { queueMail, registerMailComposer, type MailFacts } from "~/lib/mail/mail-queue.server";
import type { MailMessage } from "~/lib/mail/mailer.server";
import type { Tx } from "~/modules/membership/grants.server";
import { planTitle } from "~/modules/membership/plan-period";
import { selectOrdersWithBuyer } from "~/modules/orders/order-with-buyer.server";
import { formatKesCents } from "~/modules/pricing/money";
import { refundMail } from "./payment-mails.server";

/** What the refund mail is composed from (mail_messages.facts). */
interface RefundFacts {
  orderId: string;
  amountCents: number;
  full: boolean;
  /** Why the shop refunded without being asked (a system refund's words), or null. */
  note: string | null;
}

export const refundMailKey = (refundId: string) => `refund:${refundId}`;

/** Queues the mail of a refund accepted in `tx` (once per refund). */
export function queueRefundMail(tx: Tx, refundId: string, facts: RefundFacts, now: Date) {
  return queueMail(tx, { key: refundMailKey(refundId), kind: "refund", facts: { ...facts } }, now);
}

async function composeRefundMail(stored: MailFacts): Promise<MailMessage | null> {
  const facts = stored as unknown as RefundFacts;
  const [row] = await selectOrdersWithBuyer({
    email: users.email,
    name: profiles.fullName,
    reference: orders.merchantReference,
    planName: subscriptionPlans.name,
    ebookTitle: ebooks.title,
  }).where(eq(orders.id, facts.orderId));
  if (!row) return null;
  return refundMail({
    to: row.email,
    name: row.name ?? "",
    item: row.planName ? `the ${planTitle(row.planName)}` : `the ebook "${row.ebookTitle}"`,
    amount: formatKesCents(facts.amountCents),
    reference: row.reference,
    full: facts.full,
    note: facts.note ?? undefined,
    url: `${getEnv().PUBLIC_URL}/dashboard`,
  });
}

registerMailComposer("refund", composeRefundMail);
