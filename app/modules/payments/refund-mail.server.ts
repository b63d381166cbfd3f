// The refund mail to the buyer, queued in the transaction that settles an accepted refund (refunds.server.ts's
// settleAccepted, ADR 046) and composed when it is sent: the order and the buyer are read then, so the queue row holds
// ids and words only.
import { eq } from "drizzle-orm";
import { ebooks, orders, profiles, subscriptionPlans, users } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { INTL_LOCALE, localizedHref } from "~/lib/locale";
import { mailLocaleOf } from "~/lib/mail/mail-language";
import { queueMail, registerMailComposer, type MailFacts } from "~/lib/mail/mail-queue.server";
import type { MailMessage } from "~/lib/mail/mailer.server";
import type { Tx } from "~/modules/membership/grants.server";
import { ebookInSentence, planTitleInSentence } from "~/modules/membership/purchase-kind-words";
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
    periodUnit: subscriptionPlans.periodUnit,
    periodCount: subscriptionPlans.periodCount,
    ebookTitle: ebooks.title,
    language: users.language,
  }).where(eq(orders.id, facts.orderId));
  if (!row) return null;
  // In her saved language (issue 50, ADR 048).
  const locale = mailLocaleOf(row.language);
  return refundMail({
    to: row.email,
    name: row.name ?? "",
    item: row.planName
      ? locale === "en"
        ? `the ${planTitleInSentence(row, locale)}`
        : planTitleInSentence(row, locale)
      : ebookInSentence(row.ebookTitle, locale),
    amount: formatKesCents(facts.amountCents, INTL_LOCALE[locale]),
    reference: row.reference,
    full: facts.full,
    note: facts.note ?? undefined,
    url: `${getEnv().PUBLIC_URL}${localizedHref("/dashboard", locale)}`,
    locale,
  });
}

registerMailComposer("refund", composeRefundMail);
