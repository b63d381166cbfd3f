// What the payment pages show about one of the reader's own orders, after it was verified with Pesapal.
import { itemWordsOf, wordsOf, type Sentence } from "~/modules/membership/purchase-kind-words";
import { desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { ebooks, orders, payments, subscriptionPlans, userSubscriptions } from "~/db/schema";
import { formatKesCents } from "~/modules/pricing/money";
import { paymentMethodLabel } from "~/modules/orders/payment-method";
import { formatPrice } from "~/modules/pricing/pricing";
import type { OrderStatus } from "~/modules/orders/order-transitions";
import { verifyPayment, type VerifySource } from "./payment-verification.server";
import { giftRecipientOf } from "~/modules/membership/gifts.server";
import { failureReasonOf, type FailureReason, type GatewayFailureReport } from "./failure-reason";
import { retryPathOf } from "./retry-path";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";

export type PaymentView = "success" | "pending" | "failed" | "reversed" | "review";

export interface PaymentDetails {
  view: PaymentView;
  kind: "plan" | "ebook";
  item: string;
  ebookId: string | null;
  /** 'KSh 500.00' (what was charged) and, abroad, the local amount shown at checkout. */
  amount: string;
  localAmount: string | null;
  currency: string;
  method: string | null;
  confirmationCode: string | null;
  reference: string;
  date: string;
  /** For a plan that started: when it ends (ISO), null for open-ended. */
  subscriptionEnds: string | null | undefined;
  /** A gift (ADR 038): the recipient's address; nothing was granted to the buyer. */
  giftFor: string | null;
  /** Whether the order gave her a plan period (the "is active" dialog once paid): a plan or an upgrade, not a gift. */
  showsPeriod: boolean;
  /** What next once paid, in the words of the order's kind (components/commerce/sentence.tsx renders it). */
  paidNext: Sentence;
  /** A failed payment: what Pesapal reported, in her words, and what to do next (issue 46). */
  failure: FailureReason | null;
  /** Where "Try again" / "Buy again" goes: the same checkout with what she chose, from the order's own rows. */
  retryPath: string;
}

export type PaymentPage =
  | { state: "unknown" }
  | { state: "unreachable"; details: PaymentDetails }
  | { state: "checked"; details: PaymentDetails };

/** The views after money moved, where the payment's confirmation code means something. */
const PAID_VIEWS = new Set<PaymentView>(["success", "reversed", "review"]);

const VIEW_BY_STATUS: Record<OrderStatus, PaymentView> = {
  pending: "pending",
  completed: "success",
  failed: "failed",
  cancelled: "failed",
  reversed: "reversed",
  review: "review",
  abandoned: "failed",
  // A full refund ended the access like a reversal; a partial one kept it.
  refunded: "reversed",
  partially_refunded: "success",
};

/** Verifies the reader's order with Pesapal and describes it; another reader's or an unknown id is "unknown". */
export async function checkPaymentForReader(input: {
  userId: string;
  trackingId: string;
  merchantReference: string | null;
  source: VerifySource;
  /** The page's language: the item and what comes next are said in it (issue 50). */
  locale?: Locale;
}): Promise<PaymentPage> {
  const verification = await verifyPayment({
    trackingId: input.trackingId,
    merchantReference: input.merchantReference,
    source: input.source,
    ownerId: input.userId,
  });
  if (verification.kind === "unknown") return { state: "unknown" };
  const details = await describeOrder(verification.orderId, input.locale);
  // "deferred" is an IPN's answer only; a page never gets it (read as "could not be asked" if it ever did).
  return { state: verification.kind === "deferred" ? "unreachable" : verification.kind, details };
}

async function describeOrder(orderId: string, locale: Locale = DEFAULT_LOCALE): Promise<PaymentDetails> {
  const db = getDb();
  const [row] = await db
    .select({
      order: orders,
      planName: subscriptionPlans.name,
      planSlug: subscriptionPlans.slug,
      ebookTitle: ebooks.title,
    })
    .from(orders)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, orders.planId))
    .leftJoin(ebooks, eq(ebooks.id, orders.ebookId))
    .where(eq(orders.id, orderId));
  const order = row.order;
  const [payment] = await db
    .select({ method: payments.paymentMethod, code: payments.confirmationCode, raw: payments.raw })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.verifiedAt))
    .limit(1);
  let subscriptionEnds: string | null | undefined;
  const giftFor = await giftRecipientOf(orderId);
  const words = wordsOf({ ...order, giftFor }, locale);
  // Her own plan period (a plan or an upgrade; a gift's period is the recipient's), once the order completed.
  if (words.showsPeriod && order.status === "completed") {
    const [sub] = await db
      .select({ endDate: userSubscriptions.endDate })
      .from(userSubscriptions)
      .where(eq(userSubscriptions.orderId, orderId));
    subscriptionEnds = sub ? (sub.endDate?.toISOString() ?? null) : undefined;
  }
  return {
    view: VIEW_BY_STATUS[order.status],
    kind: order.kind,
    item: itemWordsOf(order, locale).title(row),
    ebookId: order.ebookId,
    amount: formatKesCents(order.amountCents),
    localAmount:
      order.displayCurrency === order.currency ? null : formatPrice(order.displayAmount, order.displayCurrency),
    currency: order.currency,
    method: paymentMethodLabel(payment?.method),
    // A confirmation code belongs to money that moved: not to a failed, cancelled or still pending payment.
    confirmationCode: PAID_VIEWS.has(VIEW_BY_STATUS[order.status]) ? (payment?.code ?? null) : null,
    reference: order.merchantReference,
    date: (order.completedAt ?? order.createdAt).toISOString(),
    subscriptionEnds,
    giftFor,
    showsPeriod: words.showsPeriod,
    paidNext: words.paidNext({ giftFor, ebookId: order.ebookId, paidUntil: subscriptionEnds ?? null }, "status"),
    failure:
      VIEW_BY_STATUS[order.status] === "failed"
        ? failureReasonOf(payment?.raw as GatewayFailureReport | null | undefined)
        : null,
    retryPath: retryPathOf(order, row.planSlug, giftFor !== null),
  };
}
