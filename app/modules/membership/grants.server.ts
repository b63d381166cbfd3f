// What a verified payment gives, and takes back when the payment is reversed or refunded in full. Only the payment
// verification, the free trial, an admin's refund and an admin's grant by hand (ADR 018) call these, inside the transaction that moved the order, so a grant and its order's status
// change together or not at all (architecture rule 4: grants come only from our own verified rows).
import { and, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  ebookPurchases,
  orders,
  profiles,
  subscriptionEbookUnlocks,
  subscriptionPlans,
  userSubscriptions,
} from "~/db/schema";
import { addPlanPeriod } from "./plan-period";
import { lockLastHeldPeriod, lockRunningPeriod } from "./membership-state.server";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Order = typeof orders.$inferSelect;

export interface Grant {
  kind: "plan" | "ebook";
  /** The subscription's start, for a plan (later than now for a renewal paid before the end). */
  startDate?: Date;
  /** The subscription's end, for a plan. */
  endDate?: Date | null;
  /** Set when nothing new could be given (e.g. the ebook was already hers): the order needs a refund. */
  note?: string;
  /** A gift order (gifts.server.ts): nothing was given to the buyer; the gift is paid and waits for its claim. */
  gift?: {
    id: string;
    recipientEmail: string;
    sendNow: boolean;
    /** The claim mail queued with the completion (mail_messages.key), sent after the commit; none for a later day. */
    mailKey?: string;
  };
}

// Period arithmetic lives in plan-period.ts (ADR 036); these names stay for the callers that add days or months.
export { addDays, addMonths } from "./plan-period";

/** The subscriber role is shown and filtered on, never read for access. Admins stay admins. */
export async function setDisplayRole(tx: Tx, userId: string, role: "subscriber" | "guest") {
  await tx
    .update(profiles)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(profiles.id, userId), ne(profiles.role, "admin")));
}

// "Is a plan running at t", the current period and the standing payment are defined once (membership-state.server.ts);
// these names stay for the callers that lock her running period or filter running rows.
export { RUNNING, runningAt, lockRunningPeriod as lockActiveSubscription } from "./membership-state.server";

/**
 * A subscription for `planId`. With nothing running it is active from now. While a period runs (a renewal paid
 * before the end, or a plan bought during a trial) it is a new row of its own, 'scheduled' to start where the last
 * paid period ends, so no paid day is lost, every period stays traceable to the order that paid for it, and the
 * one-current-subscription index holds. The expiry job (or the next read, see `runningAt`) makes it current.
 */
export async function startSubscription(
  tx: Tx,
  input: {
    userId: string;
    planId: string;
    orderId: string | null;
    endDate: (start: Date) => Date;
    isTrial?: boolean;
    /** An admin's grant by hand (no order): who gave it and why. */
    grantedBy?: string;
    grantReason?: string;
    now: Date;
  },
) {
  const last = await lockLastHeldPeriod(tx, input.userId, input.now);
  // The one-current-subscription index also covers rows whose end date has passed but were never marked expired.
  await tx
    .update(userSubscriptions)
    .set({ status: "expired", updatedAt: input.now })
    .where(
      and(
        eq(userSubscriptions.userId, input.userId),
        inArray(userSubscriptions.status, ["active", "cancelled"]),
        isNotNull(userSubscriptions.endDate),
        sql`${userSubscriptions.endDate} <= ${input.now}`,
      ),
    );
  // CASE: renewal paid before the end -> starts at the current end date. After the end (nothing running) -> now.
  // CASE: the running period has no end date (an open-ended grant) -> the paid period is queued from now and
  // starts only if that grant is ended; the order stays traceable (an admin decides).
  const queued = last !== null;
  const start = last?.endDate && last.endDate > input.now ? last.endDate : input.now;
  const [subscription] = await tx
    .insert(userSubscriptions)
    .values({
      userId: input.userId,
      planId: input.planId,
      orderId: input.orderId,
      status: queued ? "scheduled" : "active",
      isTrial: input.isTrial ?? false,
      grantedBy: input.grantedBy ?? null,
      grantReason: input.grantReason ?? null,
      startDate: start,
      endDate: input.endDate(start),
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  await setDisplayRole(tx, input.userId, "subscriber");
  return subscription;
}

export async function grantOrder(tx: Tx, order: Order, now: Date): Promise<Grant> {
  if (order.kind === "plan") {
    const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, order.planId!));
    const subscription = await startSubscription(tx, {
      userId: order.userId,
      planId: plan.id,
      orderId: order.id,
      endDate: (start) => addPlanPeriod(start, plan),
      now,
    });
    return { kind: "plan", startDate: subscription.startDate, endDate: subscription.endDate };
  }
  // A purchase revoked by an earlier reversal is given back to this order; a live one stays as it is.
  const granted = await tx
    .insert(ebookPurchases)
    .values({
      userId: order.userId,
      ebookId: order.ebookId!,
      orderId: order.id,
      pricePaidCents: order.amountCents,
      currency: order.currency,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [ebookPurchases.userId, ebookPurchases.ebookId],
      set: {
        orderId: order.id,
        pricePaidCents: order.amountCents,
        currency: order.currency,
        revokedAt: null,
        createdAt: now,
      },
      setWhere: isNotNull(ebookPurchases.revokedAt),
    })
    .returning({ id: ebookPurchases.id });
  return granted.length > 0 ? { kind: "ebook" } : { kind: "ebook", note: "already owned this ebook: refund due" };
}

export async function revokeOrder(tx: Tx, order: Order, now: Date): Promise<void> {
  if (order.kind === "ebook") {
    await tx
      .update(ebookPurchases)
      .set({ revokedAt: now })
      .where(and(eq(ebookPurchases.orderId, order.id), isNull(ebookPurchases.revokedAt)));
    return;
  }
  await tx
    .update(userSubscriptions)
    // CASE: a queued renewal that never started -> ends where it would have started (no access, no negative period).
    // CASE: a period ended by an upgrade -> its upgrade marker goes too: a later reversal of the upgrade must find
    // nothing to put back, since no payment stands behind this period any more (issue 46 item 25).
    .set({
      status: "revoked",
      endDate: sql`case when ${userSubscriptions.startDate} > ${now} then ${userSubscriptions.startDate} else ${now} end`,
      upgradedAt: null,
      endDateBeforeUpgrade: null,
      updatedAt: now,
    })
    .where(eq(userSubscriptions.orderId, order.id));
  if (!(await lockRunningPeriod(tx, order.userId, now))) await setDisplayRole(tx, order.userId, "guest");
}

/** Unlock rows of a subscription, for counting the allowance used. */
export function unlocksOf(tx: Tx, subscriptionId: string) {
  return tx
    .select({ ebookId: subscriptionEbookUnlocks.ebookId })
    .from(subscriptionEbookUnlocks)
    .where(eq(subscriptionEbookUnlocks.subscriptionId, subscriptionId));
}
