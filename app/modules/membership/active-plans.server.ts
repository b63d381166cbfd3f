import { asc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { subscriptionPlans } from "~/db/schema";
import { publicRead } from "~/lib/public-reads.server";

/** The plans on sale, in the shop's order. Membership owns plans; the home page shows them through this. */
export async function listActivePlans() {
  return publicRead("plans", () =>
    getDb()
      .select({
        id: subscriptionPlans.id,
        slug: subscriptionPlans.slug,
        name: subscriptionPlans.name,
        description: subscriptionPlans.description,
        priceCents: subscriptionPlans.priceCents,
        periodUnit: subscriptionPlans.periodUnit,
        periodCount: subscriptionPlans.periodCount,
        ebookLimit: subscriptionPlans.ebookLimit,
        features: subscriptionPlans.features,
        badge: subscriptionPlans.badge,
        trialDays: subscriptionPlans.trialDays,
      })
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.isActive, true))
      .orderBy(asc(subscriptionPlans.sortKey)),
  );
}
