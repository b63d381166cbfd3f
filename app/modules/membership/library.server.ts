// What the reader's library (/dashboard) and billing pages show: her plan as it stands and every order she made.
// Reads only; renewal changes are subscriptions.server.ts. Money stays integer minor units with its currency.
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import {
  ebooks,
  gifts,
  orders,
  payments,
  subscriptionEbookUnlocks,
  subscriptionPlans,
  userSubscriptions,
} from "~/db/schema";
import type { OrderStatus } from "~/modules/orders/order-transitions";
import { renewPath } from "./subscriptions.server";
import { paymentMethodLabel } from "~/modules/orders/payment-method";
import type { CardRenewalView } from "./card-renewals.server";
import { getMemberStanding } from "./member-standing.server";
import type { MemberStanding, PeriodFacts, PeriodStatus } from "./member-standing";
import { isShortPeriod, periodLabel, planTitle } from "./plan-period";
import { itemWordsOf, wordsOf } from "./purchase-kind-words";

export interface SubscriptionPeriod {
  id: string;
  planId: string;
  planSlug: string;
  planName: string;
  /** ISO dates; endDate null for open-ended. */
  startDate: string;
  endDate: string | null;
  status: PeriodStatus;
  isTrial: boolean;
}

export interface CurrentSubscription extends SubscriptionPeriod {
  /** Whole days until her access ends (after any paid-ahead period), counted up (0 once ended); null for open-ended. */
  daysLeft: number | null;
  /** renews: reminders go out and she can cancel; cancelled: runs to its end, can be undone; expired: over. */
  renewal: "renews" | "cancelled" | "expired";
  /** Ebooks this period unlocked, of its allowance (limit null: unlimited). */
  ebooks: { used: number; limit: number | null };
  /** One-click renewal: the checkout path for the same plan (the pricing page when the plan is no longer sold). */
  renewUrl: string;
  /** A paid renewal queued behind this period, if any (it can be cancelled on its own). */
  next: (SubscriptionPeriod & { renews: boolean }) | null;
  /** Card auto-renew (ADR 019): her agreement's state, or null when she renews by hand. */
  card: CardRenewalView | null;
  /** What she holds and the words for it, shared with /pricing, reminders and the admin. */
  standing: MemberStanding;
  /** "Standard plan", "7-day pass"; the plan's period ("2 months", "7 days"); a pass is shorter than 28 days. */
  title: string;
  periodText: string;
  isPass: boolean;
}

const periodColumns = {
  id: userSubscriptions.id,
  planId: userSubscriptions.planId,
  planSlug: subscriptionPlans.slug,
  planName: subscriptionPlans.name,
  planOnSale: subscriptionPlans.isActive,
  ebookLimit: subscriptionPlans.ebookLimit,
  startDate: userSubscriptions.startDate,
  endDate: userSubscriptions.endDate,
  status: userSubscriptions.status,
  isTrial: userSubscriptions.isTrial,
  autoRenew: userSubscriptions.autoRenew,
  periodUnit: subscriptionPlans.periodUnit,
  periodCount: subscriptionPlans.periodCount,
};

/** A period's row as the standing reads it (member-standing.ts), less what the library does not show. */
type PeriodRow = Pick<
  PeriodFacts,
  "id" | "planId" | "planSlug" | "planName" | "startDate" | "endDate" | "status" | "isTrial"
>;

function period(row: PeriodRow): SubscriptionPeriod {
  return {
    id: row.id,
    planId: row.planId,
    planSlug: row.planSlug,
    planName: row.planName,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate?.toISOString() ?? null,
    status: row.status,
    isTrial: row.isTrial,
  };
}

/**
 * Her plan now, as her standing (member-standing.ts) describes it: the period giving access (renewing or renewal
 * off), else the one that ended last (renewal "expired", to offer renewal); null if she never had one. A queued
 * renewal whose start has come counts as current even before the expiry job marks it active.
 */
export async function getCurrentSubscription(userId: string, now = new Date()): Promise<CurrentSubscription | null> {
  const db = getDb();
  const standing = await getMemberStanding(userId, now);
  if (!standing) return null;
  const [[row], [{ used }]] = await Promise.all([
    db
      .select(periodColumns)
      .from(userSubscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
      .where(eq(userSubscriptions.id, standing.current.id)),
    db
      .select({ used: count() })
      .from(subscriptionEbookUnlocks)
      .where(eq(subscriptionEbookUnlocks.subscriptionId, standing.current.id)),
  ]);
  const running = standing.state === "active";
  const queued = standing.paidAhead[0];
  return {
    ...period(row!),
    // CASE: a queued renewal that has started but was not yet marked active reads as the status it will get.
    status: running && row!.status === "scheduled" ? (row!.autoRenew ? "active" : "cancelled") : row!.status,
    daysLeft: standing.daysLeft,
    renewal: !running ? "expired" : standing.renewal.on ? "renews" : "cancelled",
    ebooks: { used: Number(used), limit: row!.ebookLimit },
    renewUrl: renewPath({ slug: row!.planSlug, onSale: row!.planOnSale }),
    next: queued ? { ...period(queued), renews: queued.autoRenew && queued.status !== "cancelled" } : null,
    card: standing.card,
    standing,
    title: planTitle(row!.planName),
    periodText: periodLabel(row!),
    isPass: isShortPeriod(row!),
  };
}

export interface BillingEntry {
  orderId: string;
  /** ISO date the order was made. */
  date: string;
  kind: "plan" | "ebook";
  /** The plan's name or the ebook's title; a gift says for whom. */
  itemName: string;
  /** The entry's heading: "Standard plan", the ebook's title; a gift says for whom. */
  title: string;
  /** What was charged, in minor units of `currency` (KES cents). */
  amountCents: number;
  currency: string;
  /** What she was shown beside it at the time, in minor units of `displayCurrency`. */
  displayAmount: number;
  displayCurrency: string;
  /** From the verified payment (Pesapal): e.g. "MpesaKE" and its confirmation code; null until paid. */
  paymentMethod: string | null;
  confirmationCode: string | null;
  merchantReference: string;
  status: OrderStatus;
  /** ISO date the payment was verified, for completed orders. */
  completedAt: string | null;
}

/** Every order of hers, newest first (the billing history). */
export async function listBillingHistory(
  userId: string,
  limit = 200,
  /** Her page's language: each entry's title is said in it (issue 50). */
  locale: Locale = DEFAULT_LOCALE,
): Promise<BillingEntry[]> {
  const db = getDb();
  const rows = await db
    .select({
      orderId: orders.id,
      createdAt: orders.createdAt,
      kind: orders.kind,
      planName: subscriptionPlans.name,
      ebookTitle: ebooks.title,
      amountCents: orders.amountCents,
      currency: orders.currency,
      displayAmount: orders.displayAmount,
      displayCurrency: orders.displayCurrency,
      merchantReference: orders.merchantReference,
      status: orders.status,
      completedAt: orders.completedAt,
      giftFor: gifts.recipientEmail,
      upgradeCreditCents: orders.upgradeCreditCents,
    })
    .from(orders)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, orders.planId))
    .leftJoin(ebooks, eq(ebooks.id, orders.ebookId))
    .leftJoin(gifts, eq(gifts.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  if (rows.length === 0) return [];
  // The payment that completed each order (the newest, should Pesapal have reported it twice).
  const paid = await db
    .select({
      orderId: payments.orderId,
      method: payments.paymentMethod,
      code: payments.confirmationCode,
      verifiedAt: payments.verifiedAt,
    })
    .from(payments)
    .where(
      and(
        inArray(
          payments.orderId,
          rows.map((r) => r.orderId),
        ),
        eq(payments.status, "completed"),
      ),
    )
    .orderBy(desc(payments.verifiedAt));
  const byOrder = new Map<string, (typeof paid)[number]>();
  for (const p of paid) if (!byOrder.has(p.orderId)) byOrder.set(p.orderId, p);
  return rows.map((r) => {
    const payment = byOrder.get(r.orderId);
    const item = itemWordsOf(r, locale);
    const words = wordsOf(r, locale);
    return {
      orderId: r.orderId,
      date: r.createdAt.toISOString(),
      kind: r.kind,
      itemName: words.historyItem(r, item.name(r)),
      title: words.historyItem(r, item.title(r)),
      amountCents: r.amountCents,
      currency: r.currency,
      displayAmount: r.displayAmount,
      displayCurrency: r.displayCurrency,
      paymentMethod: paymentMethodLabel(payment?.method),
      confirmationCode: payment?.code ?? null,
      merchantReference: r.merchantReference,
      status: r.status,
      completedAt: r.completedAt?.toISOString() ?? null,
    };
  });
}
