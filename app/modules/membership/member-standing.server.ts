// Reads what a member holds (her periods and her card agreement) and hands it to the one rule that describes it
// (member-standing.ts). My Library, /pricing, checkout, reminders and the admin all go through here.
import { and, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { subscriptionPlans, userSubscriptions } from "~/db/schema";
import { cardRenewalFor } from "./card-renewals.server";
import { standingOf, type MemberStanding, type PeriodFacts } from "./member-standing";

/** Periods kept in view: enough for any real history of renewals (the newest ones matter). */
const PERIODS_READ = 24;

export const periodColumns = {
  id: userSubscriptions.id,
  planId: userSubscriptions.planId,
  planSlug: subscriptionPlans.slug,
  planName: subscriptionPlans.name,
  startDate: userSubscriptions.startDate,
  endDate: userSubscriptions.endDate,
  status: userSubscriptions.status,
  autoRenew: userSubscriptions.autoRenew,
  isTrial: userSubscriptions.isTrial,
  periodUnit: subscriptionPlans.periodUnit,
  periodCount: subscriptionPlans.periodCount,
};

/** Her periods that were ever held (running, queued, ended or revoked), newest first. */
export async function periodsOf(userId: string): Promise<PeriodFacts[]> {
  return getDb()
    .select(periodColumns)
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        inArray(userSubscriptions.status, ["active", "cancelled", "scheduled", "expired", "revoked"]),
      ),
    )
    .orderBy(desc(userSubscriptions.startDate))
    .limit(PERIODS_READ);
}

/** Her standing at `now`: null when she never had a plan. */
export async function getMemberStanding(userId: string, now = new Date()): Promise<MemberStanding | null> {
  const [periods, card] = await Promise.all([periodsOf(userId), cardRenewalFor(userId)]);
  return standingOf({ periods, card, now });
}

/** The one-line standing of each of these readers (the admin's user list), by id; readers who never had a plan are absent. */
export async function standingSummaries(userIds: string[], now = new Date()): Promise<Record<string, string>> {
  const standings = await Promise.all(userIds.map((id) => getMemberStanding(id, now)));
  const out: Record<string, string> = {};
  userIds.forEach((id, i) => {
    const standing = standings[i];
    if (standing) out[id] = standing.words.summary;
  });
  return out;
}
