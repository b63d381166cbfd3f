// What a verified payment gives, and takes back when the payment is reversed. Only the payment verification (and
// the free trial) call these, inside the transaction that moved the order, so a grant and its order's status
// change together or not at all (architecture rule 4: grants come only from our own verified rows).
import { and, eq, gt, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  ebookPurchases,
  orders,
  profiles,
  subscriptionEbookUnlocks,
  subscriptionPlans,
  userSubscriptions,
} from "~/db/schema";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Order = typeof orders.$inferSelect;

export interface Grant {
  kind: "plan" | "ebook";
  /** The subscription's end, for a plan. */
  endDate?: Date | null;
  /** Set when nothing new could be given (e.g. the ebook was already hers): the order needs a refund. */
  note?: string;
}

/** Adds whole calendar months, keeping the day where the month has it (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 24 * 60 * 60 * 1000);
}

/** The subscriber role is shown and filtered on, never read for access. Admins stay admins. */
async function setDisplayRole(tx: Tx, userId: string, role: "subscriber" | "guest") {
  await tx
    .update(profiles)
    .set({ role, updatedAt: new Date() })
    .where(and(eq(profiles.id, userId), ne(profiles.role, "admin")));
}

/** The user's subscription that is active now, locked for this transaction. */
export async function lockActiveSubscription(tx: Tx, userId: string, now: Date) {
  const [row] = await tx
    .select()
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        eq(userSubscriptions.status, "active"),
        or(isNull(userSubscriptions.endDate), gt(userSubscriptions.endDate, now)),
      ),
    )
    .for("update");
  return row ?? null;
}

/** A subscription for `planId` from now, active; one that is still running is carried over into it. */
export async function startSubscription(
  tx: Tx,
  input: {
    userId: string;
    planId: string;
    orderId: string | null;
    endDate: (start: Date) => Date;
    isTrial?: boolean;
    now: Date;
  },
) {
  const current = await lockActiveSubscription(tx, input.userId, input.now);
  // The one-active-subscription index also covers rows whose end date has passed but were never marked expired.
  await tx
    .update(userSubscriptions)
    .set({ status: "expired", updatedAt: input.now })
    .where(
      and(
        eq(userSubscriptions.userId, input.userId),
        eq(userSubscriptions.status, "active"),
        isNotNull(userSubscriptions.endDate),
        sql`${userSubscriptions.endDate} <= ${input.now}`,
      ),
    );
  // CASE: two orders for plans paid one after the other (checkout refuses a second, but two tabs can race) -> the
  // new period starts where the running one ends, nothing paid for is lost, and its ebook unlocks carry over.
  const start = current?.endDate && current.endDate > input.now ? current.endDate : input.now;
  if (current) {
    await tx
      .update(userSubscriptions)
      .set({ status: "cancelled", cancelledAt: input.now, updatedAt: input.now })
      .where(eq(userSubscriptions.id, current.id));
  }
  const [subscription] = await tx
    .insert(userSubscriptions)
    .values({
      userId: input.userId,
      planId: input.planId,
      orderId: input.orderId,
      status: "active",
      isTrial: input.isTrial ?? false,
      startDate: input.now,
      endDate: current && current.endDate === null ? null : input.endDate(start),
    })
    .returning();
  if (current) {
    await tx.execute(sql`
      insert into subscription_ebook_unlocks (subscription_id, user_id, ebook_id, created_at)
      select ${subscription.id}, user_id, ebook_id, created_at from subscription_ebook_unlocks
      where subscription_id = ${current.id}
      on conflict do nothing`);
  }
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
      endDate: (start) => addMonths(start, plan.durationMonths),
      now,
    });
    return { kind: "plan", endDate: subscription.endDate };
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
    .set({ status: "revoked", endDate: now, updatedAt: now })
    .where(eq(userSubscriptions.orderId, order.id));
  if (!(await lockActiveSubscription(tx, order.userId, now))) await setDisplayRole(tx, order.userId, "guest");
}

/** Unlock rows of a subscription, for counting the allowance used. */
export function unlocksOf(tx: Tx, subscriptionId: string) {
  return tx
    .select({ ebookId: subscriptionEbookUnlocks.ebookId })
    .from(subscriptionEbookUnlocks)
    .where(eq(subscriptionEbookUnlocks.subscriptionId, subscriptionId));
}
