// The reader's plan as the pricing and checkout pages describe it (never an access decision: that is the policy's).
import { and, desc, eq, gt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { subscriptionPlans, userSubscriptions } from "~/db/schema";
import { listActivePlans } from "~/modules/home/home.server";
import { hasUsedTrial } from "./free-trial.server";
import { runningAt } from "./grants.server";
import { BASE_CURRENCY, formatPrice, regionalPrice } from "./pricing";
import { withShownPrices, type ShownPrice } from "./shown-prices.server";

export interface CurrentPlan {
  slug: string;
  name: string;
  /** ISO date, or null for open-ended. */
  endDate: string | null;
  isTrial: boolean;
  /** A paid renewal is queued behind this period (ISO date it ends), or null. */
  renewedUntil: string | null;
}

export async function currentPlanOf(userId: string, now = new Date()): Promise<CurrentPlan | null> {
  const db = getDb();
  const [row] = await db
    .select({
      slug: subscriptionPlans.slug,
      name: subscriptionPlans.name,
      endDate: userSubscriptions.endDate,
      isTrial: userSubscriptions.isTrial,
    })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(and(eq(userSubscriptions.userId, userId), runningAt(now)))
    .orderBy(desc(userSubscriptions.startDate))
    .limit(1);
  if (!row) return null;
  const [queued] = await db
    .select({ endDate: userSubscriptions.endDate })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        eq(userSubscriptions.status, "scheduled"),
        gt(userSubscriptions.startDate, now),
      ),
    )
    .orderBy(desc(userSubscriptions.endDate))
    .limit(1);
  return {
    ...row,
    endDate: row.endDate?.toISOString() ?? null,
    renewedUntil: queued?.endDate?.toISOString() ?? null,
  };
}

export type PlanOffer = Awaited<ReturnType<typeof listActivePlans>>[number] & { shownPrice: ShownPrice };

/**
 * The plans on sale with this visitor's prices. When regional prices cannot be read, Kenyan base prices with
 * `fallback: true` (the page then says so) rather than no prices.
 */
export async function planOffers(countryCode: string): Promise<{ plans: PlanOffer[]; fallback: boolean }> {
  const plans = await listActivePlans();
  try {
    const priced = await withShownPrices(countryCode, plans);
    return { plans: priced.map((p) => ({ ...p, shownPrice: p.shownPrice ?? kesOnly(p.priceCents) })), fallback: false };
  } catch (error) {
    console.error(`Regional prices for ${countryCode} failed; showing Kenyan prices:`, error);
    return { plans: plans.map((p) => ({ ...p, shownPrice: kesOnly(p.priceCents) })), fallback: true };
  }
}

function kesOnly(baseCents: number): ShownPrice {
  const price = regionalPrice({ baseCents, countryCode: "KE", rule: null, ratePerKes: null });
  return { label: price.label, charged: formatPrice(price.chargedCents, BASE_CURRENCY) };
}

export async function membershipOf(userId: string | null) {
  if (!userId) return { signedIn: false, current: null, trialUsed: false };
  const [current, trialUsed] = await Promise.all([currentPlanOf(userId), hasUsedTrial(userId)]);
  return { signedIn: true, current, trialUsed };
}
