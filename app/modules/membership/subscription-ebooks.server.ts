// Spending a plan's ebook allowance: one unlock per title, recorded once however many clicks or tabs confirm it.
import { and, eq, ne } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { ebooks, subscriptionEbookUnlocks, subscriptionPlans, userSubscriptions } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { CHECKOUT_ERRORS } from "~/modules/orders/checkout-errors";
import { lockActiveSubscription, unlocksOf } from "./grants.server";
import { isId } from "~/lib/ids";

export async function unlockEbookWithPlan(input: {
  userId: string;
  ebookId: string;
  now?: Date;
}): Promise<"unlocked" | "already-unlocked"> {
  const now = input.now ?? new Date();
  if (!isId(input.ebookId)) throw new AppError(CHECKOUT_ERRORS.NOT_UNLOCKABLE);
  return getDb().transaction(async (tx) => {
    // The subscription row is the lock: two confirmations of one reader queue here and count the same unlocks.
    const subscription = await lockActiveSubscription(tx, input.userId, now);
    if (!subscription) throw new AppError(CHECKOUT_ERRORS.NOT_UNLOCKABLE);
    const [ebook] = await tx
      .select({ id: ebooks.id })
      .from(ebooks)
      .where(and(eq(ebooks.id, input.ebookId), eq(ebooks.published, true), ne(ebooks.accessType, "free")));
    if (!ebook) throw new AppError(CHECKOUT_ERRORS.NOT_UNLOCKABLE);
    const [plan] = await tx
      .select({ ebookLimit: subscriptionPlans.ebookLimit })
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, subscription.planId));
    const used = await unlocksOf(tx, subscription.id);
    if (used.some((u) => u.ebookId === ebook.id)) return "already-unlocked";
    // CASE: unlocked in an earlier period of hers -> still readable, nothing spent again.
    const earlier = await tx
      .select({ id: subscriptionEbookUnlocks.id })
      .from(subscriptionEbookUnlocks)
      .innerJoin(userSubscriptions, eq(userSubscriptions.id, subscriptionEbookUnlocks.subscriptionId))
      .where(
        and(
          eq(subscriptionEbookUnlocks.userId, input.userId),
          eq(subscriptionEbookUnlocks.ebookId, ebook.id),
          ne(userSubscriptions.status, "revoked"),
        ),
      )
      .limit(1);
    if (earlier.length > 0) return "already-unlocked";
    if (plan?.ebookLimit != null && used.length >= plan.ebookLimit) throw new AppError(CHECKOUT_ERRORS.ALLOWANCE_SPENT);
    const inserted = await tx
      .insert(subscriptionEbookUnlocks)
      .values({ subscriptionId: subscription.id, userId: input.userId, ebookId: ebook.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: subscriptionEbookUnlocks.id });
    return inserted.length > 0 ? "unlocked" : "already-unlocked";
  });
}
