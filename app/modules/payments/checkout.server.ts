// Starting a payment: an order for one plan or one ebook, priced on the server for the visitor's charging country
// (the verified one, never her pick on /country: ADR 026) and locked in with the evidence for that country, then
// handed to the payment provider for the method she chose (payment-provider.server.ts): Pesapal's page, or M-Pesa
// direct's "check your phone" page. Nothing is granted here.
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { cardRenewals, ebooks, gifts, orders, orderStatusHistory, subscriptionPlans } from "~/db/schema";
import { hasActiveSubscription, isAdmin } from "~/modules/access/policy";
import { loadViewer } from "~/modules/access/viewer.server";
import type { Role } from "~/modules/access/policy";
import { AppError, isAppError } from "~/lib/app-error";
import { CHECKOUT_ERRORS } from "~/modules/orders/checkout-errors";
import { GATEWAY_ERRORS } from "./payment-gateway.server";
import { isPesapalError } from "./pesapal/errors";
import { isDarajaError } from "./daraja/client.server";
import { providerFor, providerNameForMethod, type PaymentMethodChoice } from "./payment-provider.server";
import { orderPriceColumns, regionalPrice, type RegionalPrice } from "~/modules/pricing/pricing";
import { loadCountryPricing } from "~/modules/pricing/regional-price.server";
import { currentPlanOf } from "~/modules/membership/membership.server";
import { firstPeriodCodeAutoRenewText, subscriptionDetailsFor } from "~/modules/membership/card-renewal-schedule";
import { createCardRenewal, hasActiveCardRenewal } from "~/modules/membership/card-renewals.server";
import { addPlanPeriod, type PlanPeriod } from "~/modules/membership/plan-period";
import { quoteUpgrade, upgradeOrderColumns, type UpgradeQuote } from "~/modules/membership/upgrades.server";
import type { VerifiedSource } from "~/modules/pricing/visitor-country.server";
import { checkDeliveryDate, type GiftDetails } from "~/modules/membership/gift-form";
import { recordGiftOrder } from "~/modules/membership/gifts.server";
import { quoteWithCode, takeRedemption, releaseRedemption } from "~/modules/orders/offer-codes.server";
import { isCoded, orderCodeColumns } from "~/modules/orders/offer-code-rules";
import { completeZeroAmountOrder } from "./zero-amount-orders.server";

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

/** A pending order for the same thing at the same price is reused for this long (a double click, a back button). */
const REUSE_PENDING_MS = 30 * 60 * 1000;

/** What the item costs this visitor; null when it is not for sale (unknown, unpublished, free, subscription only). */
export async function quoteCheckout(item: CheckoutItem, countryCode: string): Promise<CheckoutQuote | null> {
  const db = getDb();
  if (item.kind === "plan") {
    if (!/^[a-z0-9-]{1,60}$/.test(item.slug)) return null;
    const [plan] = await db
      .select()
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.slug, item.slug), eq(subscriptionPlans.isActive, true)));
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
      price: await priceFor(plan.priceCents, countryCode),
    };
  }
  if (!/^[0-9a-f-]{36}$/i.test(item.id)) return null;
  const [ebook] = await db
    .select()
    .from(ebooks)
    .where(and(eq(ebooks.id, item.id), eq(ebooks.published, true)));
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
    price: await priceFor(ebook.priceCents, countryCode),
  };
}

async function priceFor(baseCents: number, countryCode: string): Promise<RegionalPrice> {
  const pricing = await loadCountryPricing(countryCode);
  return regionalPrice({
    baseCents,
    countryCode: pricing.countryCode,
    rule: pricing.rule,
    ratePerKes: pricing.ratePerKes,
  });
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

/** Pesapal's `id`: at most 50 characters from [A-Za-z0-9-], unique for every attempt. */
export function newMerchantReference(): string {
  return `NURU-${randomBytes(12).toString("hex").toUpperCase()}`;
}

export interface CheckoutInput {
  buyer: CheckoutBuyer;
  item: CheckoutItem;
  /** The charging country (chargingCountry()): the order is priced for it. */
  countryCode: string;
  /** How countryCode was verified and what she had picked on /country, recorded on the order (ADR 026). */
  countryEvidence?: { source: VerifiedSource; picked: string | null };
  /** Opt-in to Pesapal recurring card payments for a plan (ADR 019). */
  autoRenew?: boolean;
  /** The article whose paywall led here (analytics, issue 35); an id that names no article is not kept. */
  fromArticleId?: string | null;
  /** A plan bought as an upgrade now, paying the difference (ADR 039); never with card auto-renew. */
  upgrade?: boolean;
  /** The instant the checkout page quoted the upgrade (its signed token, read): the credit is locked for it. */
  upgradeQuotedAt?: Date | null;
  /** Bought for someone else (ADR 038): the buyer's own "already have it" rules do not apply; never auto-renewed. */
  gift?: GiftDetails;
  /** An offer code typed or linked (ADR 037); a code that does not apply refuses the checkout with its reason. */
  offerCode?: string | null;
  /** M-Pesa (through the provider the owner chose, ADR 043) or card (Pesapal); unset: Pesapal, as before. */
  method?: PaymentMethodChoice;
  now?: Date;
}

export type CheckoutStarted = { orderId: string; redirectUrl: string; zeroAmount?: boolean };

/** What she pays, worked out once: the item, its regional price with her code, or an upgrade's difference. */
interface PricedCheckout {
  quote: CheckoutQuote;
  price: RegionalPrice;
  upgrade: UpgradeQuote | null;
  /** The order's amount columns: the only place the order's amount is set (and the reuse check reads). */
  amount: ReturnType<typeof orderAmountColumns>;
  zeroAmount: boolean;
  providerName: string;
  autoRenew: boolean;
}

/**
 * The checkout as a pipeline: price it (what she pays, with every refusal), reuse a pending order for the same
 * terms, or make the order (with its gift, code slot and card schedule) and complete it at zero or hand it to the
 * payment provider.
 */
export async function startCheckout(input: CheckoutInput): Promise<CheckoutStarted> {
  const now = input.now ?? new Date();
  const priced = await priceCheckout(input, now);
  const reused = await reusablePendingOrder(input, priced, now);
  if (reused) return reused;
  const recurring = priced.autoRenew ? await recurringTerms(input.buyer.id, priced.quote, now) : undefined;
  const order = await createOrder(input, priced, recurring, now);
  if (priced.zeroAmount) {
    // A millisecond after the order was made, so its status history reads pending, then completed.
    await completeZeroAmountOrder(order.id, new Date(now.getTime() + 1));
    return { orderId: order.id, redirectUrl: `/receipts/${order.id}`, zeroAmount: true };
  }
  return submitOrder(order, priced, input.buyer, recurring);
}

/** The order's amount columns: the regional price with her code, or for an upgrade the difference after credit. */
function orderAmountColumns(price: RegionalPrice, upgrade: UpgradeQuote | null) {
  const priced = { ...orderPriceColumns(price), ...orderCodeColumns(price) };
  return upgrade ? { ...priced, ...upgradeOrderColumns(upgrade) } : priced;
}

/** What she pays for this checkout, or the refusal that says why she cannot buy it so. */
async function priceCheckout(input: CheckoutInput, now: Date): Promise<PricedCheckout> {
  const gift = input.gift;
  const providerName = input.method ? await providerNameForMethod(input.method) : "pesapal";
  const autoRenew = input.autoRenew === true && !gift;
  // CASE: M-Pesa direct -> a prompt pays once; only a card at Pesapal renews by itself (ADR 019).
  if (autoRenew && providerName !== "pesapal")
    throw new AppError(
      CHECKOUT_ERRORS.AUTO_RENEW_PLANS_ONLY,
      "Automatic renewal is by card only. Pay by card to renew automatically.",
    );
  const quote = await quoteCheckout(input.item, input.countryCode);
  if (!quote) throw new AppError(CHECKOUT_ERRORS.ITEM_NOT_FOUND);
  if (gift && checkDeliveryDate(gift.deliverOn, now)) throw new AppError(CHECKOUT_ERRORS.GIFT_DATE_INVALID);
  const upgrade = await upgradeOrOwnership(input, quote, autoRenew, now);
  if (autoRenew && quote.kind !== "plan") throw new AppError(CHECKOUT_ERRORS.AUTO_RENEW_PLANS_ONLY);
  // CASE: her card already renews a plan -> a second schedule would charge her card twice each period.
  if (autoRenew && (await hasActiveCardRenewal(input.buyer.id))) throw new AppError(CHECKOUT_ERRORS.AUTO_RENEW_ACTIVE);
  // CASE: an upgrade -> its price is the difference after her credit (ADR 039); offer codes do not apply to it.
  if (upgrade && input.offerCode?.trim()) {
    throw new AppError(
      CHECKOUT_ERRORS.OFFER_CODE_REFUSED,
      "Offer codes do not apply to an upgrade. The upgrade price stands.",
    );
  }
  // Regional price first, then the code (ADR 037).
  const coded = await quoteWithCode({
    price: quote.price,
    item: quote,
    code: upgrade ? null : input.offerCode,
    userId: input.buyer.id,
    now,
  });
  if (coded.kind === "refused") throw new AppError(CHECKOUT_ERRORS.OFFER_CODE_REFUSED, coded.message);
  const price = coded.price;
  const zeroAmount = price.chargedCents === 0;
  assertAutoRenewTerms(autoRenew, price);
  const amount = orderAmountColumns(price, upgrade);
  return { quote, price, upgrade, amount, zeroAmount, providerName, autoRenew };
}

/** An upgrade's quote (ADR 039), or for her own purchase the check that she does not already hold it. */
async function upgradeOrOwnership(
  input: CheckoutInput,
  quote: CheckoutQuote,
  autoRenew: boolean,
  now: Date,
): Promise<UpgradeQuote | null> {
  if (input.upgrade && input.item.kind === "plan" && !input.gift) {
    if (autoRenew)
      throw new AppError(
        CHECKOUT_ERRORS.AUTO_RENEW_PLANS_ONLY,
        "Automatic renewal by card is not offered with an upgrade.",
      );
    return quoteUpgrade({
      userId: input.buyer.id,
      slug: input.item.slug,
      countryCode: input.countryCode,
      now,
      creditAt: input.upgradeQuotedAt,
    });
  }
  if (!input.gift) await assertCanBuy(input.buyer, quote, now);
  return null;
}

/** Card auto-renew needs something to charge each period, the same each period. */
function assertAutoRenewTerms(autoRenew: boolean, price: RegionalPrice): void {
  // CASE: a code brought it to zero -> nothing to charge, so no card to renew from either.
  if (autoRenew && price.chargedCents === 0) throw new AppError(CHECKOUT_ERRORS.AUTO_RENEW_ZERO);
  // CASE: a first-period-only code -> Pesapal would repeat the discounted first payment every period (issue 46 item 26).
  const firstPeriodOnly = autoRenew && isCoded(price) ? firstPeriodCodeAutoRenewText(price.offer, price.label) : null;
  if (firstPeriodOnly) throw new AppError(CHECKOUT_ERRORS.AUTO_RENEW_FIRST_PERIOD_CODE, firstPeriodOnly);
}

/** A pending order of hers for the same thing on the same terms, made in the last half hour: its page again. */
async function reusablePendingOrder(
  input: CheckoutInput,
  priced: PricedCheckout,
  now: Date,
): Promise<CheckoutStarted | null> {
  const { quote, upgrade, price, providerName, autoRenew } = priced;
  const itemColumn = quote.kind === "plan" ? orders.planId : orders.ebookId;
  const candidates = await getDb()
    .select({ id: orders.id, redirectUrl: orders.redirectUrl, optedIn: cardRenewals.id })
    .from(orders)
    .leftJoin(cardRenewals, eq(cardRenewals.firstOrderId, orders.id))
    .where(
      and(
        eq(orders.userId, input.buyer.id),
        eq(itemColumn, quote.itemId),
        eq(orders.status, "pending"),
        eq(orders.gateway, providerName),
        eq(orders.amountCents, priced.amount.amountCents),
        upgrade ? eq(orders.upgradeFromSubscriptionId, upgrade.from.subscriptionId) : isNull(orders.upgradeCreditCents),
        isCoded(price) ? eq(orders.offerCodeId, price.offer.codeId) : isNull(orders.offerCodeId),
        isNotNull(orders.redirectUrl),
        gt(orders.createdAt, new Date(now.getTime() - REUSE_PENDING_MS)),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(5);
  // CASE: a pending order made with the other auto-renew choice -> Pesapal was given other terms: not reused.
  // CASE: a gift -> never reused, nor reusing (its recipient and note are its own): see giftOrderIds.
  const giftOrders = input.gift ? null : await giftOrderIds(candidates.map((candidate) => candidate.id));
  const reusable = giftOrders
    ? candidates.find((candidate) => (candidate.optedIn !== null) === autoRenew && !giftOrders.has(candidate.id))
    : undefined;
  return reusable?.redirectUrl ? { orderId: reusable.id, redirectUrl: reusable.redirectUrl } : null;
}

/** What Pesapal is told about the schedule: the first charge falls on the day this paid period would end. */
async function recurringTerms(userId: string, quote: CheckoutQuote, now: Date): Promise<Recurring | undefined> {
  if (quote.kind !== "plan" || !quote.period) return undefined;
  const current = await currentPlanOf(userId, now);
  const runningEnd = current?.renewedUntil ?? current?.endDate;
  const start = runningEnd && new Date(runningEnd) > now ? new Date(runningEnd) : now;
  const periodEnd = addPlanPeriod(start, quote.period);
  return { accountNumber: "", details: subscriptionDetailsFor(quote.period, periodEnd) };
}

type OrderRow = typeof orders.$inferSelect;

/** The pending order, with its gift, its code's slot and its card schedule, in one transaction. */
async function createOrder(
  input: CheckoutInput,
  priced: PricedCheckout,
  recurring: Recurring | undefined,
  now: Date,
): Promise<OrderRow> {
  const { quote, price } = priced;
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        merchantReference: newMerchantReference(),
        userId: input.buyer.id,
        kind: quote.kind,
        planId: quote.kind === "plan" ? quote.itemId : null,
        ebookId: quote.kind === "ebook" ? quote.itemId : null,
        ...priced.amount,
        countrySource: input.countryEvidence?.source ?? null,
        pickedCountryCode: input.countryEvidence?.picked ?? null,
        fromArticleId: input.fromArticleId ? sql`(select id from articles where id = ${input.fromArticleId})` : null,
        status: "pending",
        gateway: priced.zeroAmount ? "none" : priced.providerName,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(orderStatusHistory)
      .values({ orderId: row.id, fromStatus: null, toStatus: "pending", source: "checkout", createdAt: now });
    if (input.gift) await recordGiftOrder(tx, row.id, input.gift, now);
    // The code's slot is taken with the order, or neither is kept (offer-codes.server.ts).
    if (isCoded(price)) {
      await takeRedemption(tx, {
        codeId: price.offer.codeId,
        userId: input.buyer.id,
        orderId: row.id,
        item: quote,
        now,
      });
    }
    if (recurring) {
      const agreement = await createCardRenewal(tx, {
        userId: input.buyer.id,
        planId: quote.itemId,
        orderId: row.id,
        // What Pesapal will charge each period: the first payment's amount, repeated (a first-period-only code is
        // refused above, so this is what each period costs).
        amountCents: row.amountCents,
        currency: row.currency,
        frequency: recurring.details?.frequency ?? null,
        now,
      });
      recurring.accountNumber = agreement.accountNumber;
    }
    return row;
  });
}

/** The order handed to its payment provider; a refusal cancels it (unless the provider may hold it) and says so. */
async function submitOrder(
  order: OrderRow,
  priced: PricedCheckout,
  buyer: CheckoutBuyer,
  recurring: Recurring | undefined,
): Promise<CheckoutStarted> {
  const { quote, upgrade } = priced;
  try {
    const provider = await providerFor(priced.providerName);
    const started = await provider.start({
      order,
      quote: upgrade ? { ...quote, name: `${quote.name} (upgrade)` } : quote,
      buyer,
      recurring,
    });
    await getDb()
      .update(orders)
      .set({
        ...started.orderColumns,
        gatewayTrackingId: started.trackingId,
        redirectUrl: started.redirectUrl,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    return { orderId: order.id, redirectUrl: started.redirectUrl };
  } catch (error) {
    await cancelUnsubmitted(order, error);
    if (isAppError(error, GATEWAY_ERRORS.PAYMENTS_NOT_CONFIGURED) || isPesapalError(error) || isDarajaError(error))
      throw new AppError(CHECKOUT_ERRORS.GATEWAY_UNAVAILABLE);
    throw error;
  }
}

/** An order the provider refused is cancelled and its code's slot given back; one it may hold (a timeout) stays. */
async function cancelUnsubmitted(order: OrderRow, error: unknown): Promise<void> {
  const reason = isPesapalError(error)
    ? `${error.code} ${error.gatewayCode ?? ""}`.trim()
    : isDarajaError(error)
      ? error.code
      : "gateway not configured";
  // CASE: timeout -> Pesapal may hold the order; it stays findable by its merchant reference (the IPN carries it).
  const timedOut = isPesapalError(error, "PESAPAL_TIMEOUT");
  console.error(`Checkout ${order.merchantReference}: SubmitOrderRequest failed (${reason})`, error);
  if (timedOut) return;
  await getDb().transaction(async (tx) => {
    await tx.update(orders).set({ status: "cancelled", updatedAt: new Date() }).where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: "pending",
      toStatus: "cancelled",
      source: "checkout",
      note: `not submitted: ${reason}`,
    });
    await releaseRedemption(tx, order.id, new Date());
  });
}

async function giftOrderIds(orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await getDb().select({ orderId: gifts.orderId }).from(gifts).where(inArray(gifts.orderId, orderIds));
  return new Set(rows.map((row) => row.orderId));
}

interface Recurring {
  accountNumber: string;
  details: ReturnType<typeof subscriptionDetailsFor>;
}
