// A plan with trial days gives a trial subscription without payment, once per account (a partial unique index on
// user_subscriptions holds that even for two requests at once) and once per address across deleted accounts.
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { subscriptionPlans, userSubscriptions } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { CHECKOUT_ERRORS, isCheckoutError } from "~/modules/orders/checkout-errors";
import { TRIAL_ALLOWANCE, formerUses } from "~/modules/orders/former-allowances.server";
import { addDays, lockActiveSubscription, startSubscription } from "./grants.server";

export async function hasUsedTrial(userId: string): Promise<boolean> {
  const rows = await getDb()
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.isTrial, true)))
    .limit(1);
  return rows.length > 0 || (await formerUses(getDb(), userId, TRIAL_ALLOWANCE)) > 0;
}

export async function startFreeTrial(input: {
  userId: string;
  planSlug: string;
  now?: Date;
}): Promise<{ endDate: Date }> {
  const now = input.now ?? new Date();
  const db = getDb();
  const [plan] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.slug, input.planSlug), eq(subscriptionPlans.isActive, true)));
  if (!plan || plan.trialDays <= 0) throw new AppError(CHECKOUT_ERRORS.TRIAL_UNAVAILABLE);
  try {
    return await db.transaction(async (tx) => {
      if (await lockActiveSubscription(tx, input.userId, now)) throw new AppError(CHECKOUT_ERRORS.PLAN_ACTIVE);
      // CASE: an earlier account with her address, since deleted, had the trial -> used (issue 46 item 5).
      if ((await formerUses(tx, input.userId, TRIAL_ALLOWANCE)) > 0) throw new AppError(CHECKOUT_ERRORS.TRIAL_USED);
      const subscription = await startSubscription(tx, {
        userId: input.userId,
        planId: plan.id,
        orderId: null,
        isTrial: true,
        endDate: (start) => addDays(start, plan.trialDays),
        now,
      });
      return { endDate: subscription.endDate! };
    });
  } catch (error) {
    if (isCheckoutError(error)) throw error;
    if (isUniqueViolation(error)) throw new AppError(CHECKOUT_ERRORS.TRIAL_USED);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}
