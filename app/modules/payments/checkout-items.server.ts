// What can be bought and by whom: one plan or one ebook, priced on the server for the visitor's charging country
// (the verified one, never her pick on /country: ADR 026), and the buyer's own "already have it" rules. The purchase
// kinds (purchase-kinds/) quote from these; the checkout page shows them.
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { ebooks, subscriptionPlans } from "~/db/schema";
import { hasActiveSubscription, isAdmin } from "~/modules/access/policy";
import { loadViewer } from "~/modules/access/viewer.server";
import type { Role } from "~/modules/access/policy";
import { AppError } from "~/lib/app-error";
import { CHECKOUT_ERRORS } from "~/modules/orders/checkout-errors";
import { regionalPrice, type RegionalPrice } from "~/modules/pricing/pricing";
import { loadCountryPricing } from "~/modules/pricing/regional-price.server";
import { currentPlanOf } from "~/modules/membership/membership.server";
import type { PlanPeriod } from "~/modules/membership/plan-period";

export type CheckoutItem = { kind: "plan"; slug: string } | { kind: "ebook"; id: string };

export interface CheckoutBuyer {
  id: string;
  email: string;
  fullName: string | null;
  role: Role;
}

export interface CheckoutQuote {
  kind: "plan" | "ebook";
  itemId: string;
  name: string;
  description: string | null;
  features: string[];
  /** A plan's period (days, weeks or months); null for an ebook. */
  period: PlanPeriod | null;
  ebookLimit: number | null;
  trialDays: number;
  coverImageUrl: string | null;
  price: RegionalPrice;
}

/** What the item costs this visitor; null when it is not for sale (unknown, unpublished, free, subscription only). */
export async function quoteCheckout(item: CheckoutItem, countryCode: string): Promise<CheckoutQuote | null> {
  return item.kind === "plan" ? quotePlan(item.slug, countryCode) : quoteEbook(item.id, countryCode);
}

async function quotePlan(slug: string, countryCode: string): Promise<CheckoutQuote | null> {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) return null;
  const [plan] = await getDb()
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.slug, slug), eq(subscriptionPlans.isActive, true)));
  if (!plan || plan.priceCents <= 0) return null;
  return {
    kind: "plan",
    itemId: plan.id,
    name: plan.name,
    description: plan.description,
    features: plan.features,
    period: { periodUnit: plan.periodUnit, periodCount: plan.periodCount },
    ebookLimit: plan.ebookLimit,
    trialDays: plan.trialDays,
    coverImageUrl: null,
    // The rule read afresh (never the pages' cached one) when the order's price is locked.
    price: regionalPrice({ ...(await loadCountryPricing(countryCode)), baseCents: plan.priceCents }),
  };
}

async function quoteEbook(id: string, countryCode: string): Promise<CheckoutQuote | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [ebook] = await getDb()
    .select()
    .from(ebooks)
    .where(and(eq(ebooks.id, id), eq(ebooks.published, true)));
  if (!ebook || ebook.accessType === "free" || !ebook.priceCents || ebook.priceCents <= 0) return null;
  return {
    kind: "ebook",
    itemId: ebook.id,
    name: ebook.title,
    description: ebook.description,
    features: [],
    period: null,
    ebookLimit: null,
    trialDays: 0,
    coverImageUrl: ebook.coverImageUrl,
    price: regionalPrice({ ...(await loadCountryPricing(countryCode)), baseCents: ebook.priceCents }),
  };
}

/** Refuses what the buyer already has: a running plan, an ebook she owns or can already read. */
export async function assertCanBuy(buyer: CheckoutBuyer, quote: CheckoutQuote, now = new Date()): Promise<void> {
  const viewer = await loadViewer({ id: buyer.id, role: buyer.role }, now);
  if (quote.kind === "plan") {
    // CASE: a plan running (or a trial) -> buying a plan, the same or another, is a renewal: its paid period starts
    // when the current one ends (ADR 015). One renewal waits at a time; an open-ended plan has nothing to renew.
    const current = await currentPlanOf(buyer.id, now);
    if (current && current.endDate === null) throw new AppError(CHECKOUT_ERRORS.PLAN_ACTIVE);
    if (current?.renewedUntil) throw new AppError(CHECKOUT_ERRORS.RENEWAL_QUEUED);
    return;
  }
  const unlocked = hasActiveSubscription(viewer) && viewer.unlockedEbookIds.has(quote.itemId);
  if (isAdmin(viewer) || viewer.purchasedEbookIds.has(quote.itemId) || unlocked) {
    throw new AppError(CHECKOUT_ERRORS.ALREADY_OWNED);
  }
}

/** The order's item columns: the plan or the ebook it is for. */
export function orderItemColumns(item: CheckoutQuote) {
  return {
    kind: item.kind,
    planId: item.kind === "plan" ? item.itemId : null,
    ebookId: item.kind === "ebook" ? item.itemId : null,
  };
}
