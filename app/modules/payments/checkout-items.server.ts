// What can be bought and by whom: one plan or one ebook, priced on the server for the visitor's charging country
// (the verified one, never her pick on /country: ADR 026), and the buyer's own "already have it" rules. The purchase
// kinds (purchase-kinds/) quote from these; the checkout page shows them.
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { ebooks, orders, subscriptionPlans } from "~/db/schema";
import { hasActiveSubscription, isAdmin } from "~/modules/access/policy";
import { loadViewer } from "~/modules/access/viewer.server";
import type { Role } from "~/modules/access/policy";
import { AppError } from "~/lib/app-error";
import { CHECKOUT_ERRORS } from "~/modules/orders/checkout-errors";
import { regionalPrice, type RegionalPrice } from "~/modules/pricing/pricing";
import { loadCountryPricing } from "~/modules/pricing/regional-price.server";
import { currentPlanOf } from "~/modules/membership/membership.server";
import type { PlanPeriod } from "~/modules/membership/plan-period";
import type { OrderItemKind } from "~/modules/membership/purchase-kind-words";

export type CheckoutItem = { kind: "plan"; slug: string } | { kind: "ebook"; id: string };

export interface CheckoutBuyer {
  id: string;
  email: string;
  fullName: string | null;
  role: Role;
}

export interface CheckoutQuote {
  kind: OrderItemKind;
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
  // The table's row for the item's kind takes that kind's item (TypeScript cannot tie the two through the index).
  return CHECKOUT_ITEMS[item.kind].quote(item as never, countryCode);
}

async function quotePlan({ slug }: { slug: string }, countryCode: string): Promise<CheckoutQuote | null> {
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

async function quoteEbook({ id }: { id: string }, countryCode: string): Promise<CheckoutQuote | null> {
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
  await CHECKOUT_ITEMS[quote.kind].refuseOwned(buyer, quote, now);
}

/** CASE: a plan running (or a trial) -> buying a plan, the same or another, is a renewal: its paid period starts when
 *  the current one ends (ADR 015). One renewal waits at a time; an open-ended plan has nothing to renew. */
async function refusePlanRunning(buyer: CheckoutBuyer, _quote: CheckoutQuote, now: Date): Promise<void> {
  const current = await currentPlanOf(buyer.id, now);
  if (current && current.endDate === null) throw new AppError(CHECKOUT_ERRORS.PLAN_ACTIVE);
  if (current?.renewedUntil) throw new AppError(CHECKOUT_ERRORS.RENEWAL_QUEUED);
}

async function refuseEbookOwned(buyer: CheckoutBuyer, quote: CheckoutQuote, now: Date): Promise<void> {
  const viewer = await loadViewer({ id: buyer.id, role: buyer.role }, now);
  const unlocked = hasActiveSubscription(viewer) && viewer.unlockedEbookIds.has(quote.itemId);
  if (isAdmin(viewer) || viewer.purchasedEbookIds.has(quote.itemId) || unlocked) {
    throw new AppError(CHECKOUT_ERRORS.ALREADY_OWNED);
  }
}

/** The order's item columns: the plan or the ebook it is for. */
export function orderItemColumns(item: CheckoutQuote) {
  return { kind: item.kind, planId: null, ebookId: null, [CHECKOUT_ITEMS[item.kind].column]: item.itemId };
}

/** The orders column that names an item of this kind (a pending order for the same thing is looked up by it). */
export function orderItemColumn(kind: OrderItemKind) {
  return orders[CHECKOUT_ITEMS[kind].column];
}

/** What each kind of item does at checkout: one row per kind, so no caller branches on plan or ebook. */
interface CheckoutItemKind<K extends OrderItemKind> {
  quote(item: Extract<CheckoutItem, { kind: K }>, countryCode: string): Promise<CheckoutQuote | null>;
  refuseOwned(buyer: CheckoutBuyer, quote: CheckoutQuote, now: Date): Promise<void>;
  /** The orders column that holds the item's id. */
  column: "planId" | "ebookId";
}

const CHECKOUT_ITEMS: { [K in OrderItemKind]: CheckoutItemKind<K> } = {
  plan: { quote: quotePlan, refuseOwned: refusePlanRunning, column: "planId" },
  ebook: { quote: quoteEbook, refuseOwned: refuseEbookOwned, column: "ebookId" },
};
