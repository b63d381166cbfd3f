// The reader's plan as the pricing and checkout pages describe it (never an access decision: that is the policy's).
import { listActivePlans } from "./active-plans.server";
import { hasUsedTrial } from "./free-trial.server";
import { getMemberStanding } from "./member-standing.server";
import type { MemberStanding } from "./member-standing";
import { BASE_CURRENCY, formatPrice, regionalPrice } from "~/modules/pricing/pricing";
import { withShownPrices, type ShownPrice } from "~/modules/pricing/shown-prices.server";
import { periodLabel, planTitle, type PlanPeriod } from "./plan-period";

export interface CurrentPlan {
  slug: string;
  name: string;
  /** ISO date the current period ends, or null for open-ended. */
  endDate: string | null;
  isTrial: boolean;
  /** A paid renewal is queued behind this period (ISO date the last one ends), or null. */
  renewedUntil: string | null;
  /** What she holds and the words for it (the same as My Library's). */
  standing: MemberStanding;
}

/** Her running plan at `now` (null when none runs), read from her standing: the one source of what she holds. */
export async function currentPlanOf(userId: string, now = new Date()): Promise<CurrentPlan | null> {
  const standing = await getMemberStanding(userId, now);
  if (!standing || standing.state !== "active") return null;
  const { current } = standing;
  return {
    slug: current.planSlug,
    name: current.planName,
    endDate: current.endDate?.toISOString() ?? null,
    isTrial: current.isTrial,
    renewedUntil: standing.paidAhead.length > 0 ? (standing.accessUntil?.toISOString() ?? null) : null,
    standing,
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

export interface PaywallOffer extends PlanPeriod {
  slug: string;
  /** The plan's name as the admin wrote it ("Basic"); a page says it in its language (plan-words.tsx). */
  name: string;
  /** "7-day pass", "Basic plan". */
  title: string;
  /** "7 days", "2 months". */
  period: string;
  /** The visitor's regional price, as the rest of the site shows it ("KSh 50.00", "KSh 125.00 ≈ $1.00"). */
  price: string;
}

/**
 * What a locked article costs to read now (issue 46, item 18): the cheapest thing on sale (often a pass) and the
 * cheapest plan of a month or more, when that is another one. Empty when no plan is on sale.
 */
export async function paywallOffers(countryCode: string): Promise<PaywallOffer[]> {
  const { plans } = await planOffers(countryCode);
  const priced = plans.filter((p) => p.priceCents > 0).sort((a, b) => a.priceCents - b.priceCents);
  const cheapest = priced[0];
  if (!cheapest) return [];
  const monthly = priced.find((p) => p.periodUnit === "month" && p.id !== cheapest.id);
  return [cheapest, ...(monthly ? [monthly] : [])].map((p) => ({
    slug: p.slug,
    name: p.name,
    periodUnit: p.periodUnit,
    periodCount: p.periodCount,
    title: planTitle(p.name),
    period: periodLabel(p),
    price: p.shownPrice.label,
  }));
}
