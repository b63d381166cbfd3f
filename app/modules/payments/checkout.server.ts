// Starting a payment: the kind of purchase (purchase-kinds/: a plan, an ebook, a gift, an upgrade) quotes what she
// pays for the visitor's charging country (the verified one, never her pick on /country: ADR 026); the order is made
// from that quote with the evidence for that country, then completed at zero or handed to the payment provider for
// the method she chose (payment-provider.server.ts): Pesapal's page, or M-Pesa direct's "check your phone" page.
// Nothing is granted here.
import type { Locale } from "~/lib/locale";
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { cardRenewals, orders, orderStatusHistory } from "~/db/schema";
import { AppError, isAppError } from "~/lib/app-error";
import { CHECKOUT_ERRORS } from "~/modules/orders/checkout-errors";
import { GATEWAY_ERRORS } from "./payment-gateway.server";
import { isPesapalError } from "./pesapal/errors";
import { isDarajaError } from "./daraja/client.server";
import { providerFor, providerNameForMethod, type PaymentMethodChoice } from "./payment-provider.server";
import { currentPlanOf } from "~/modules/membership/membership.server";
import { subscriptionDetailsFor } from "~/modules/membership/card-renewal-schedule";
import { createCardRenewal } from "~/modules/membership/card-renewals.server";
import { addPlanPeriod } from "~/modules/membership/plan-period";
import type { VerifiedSource } from "~/modules/pricing/visitor-country.server";
import type { GiftDetails } from "~/modules/membership/gift-form";
import { takeRedemption, releaseRedemption } from "~/modules/orders/offer-codes.server";
import { isCoded } from "~/modules/orders/offer-code-rules";
import { completeZeroAmountOrder } from "./zero-amount-orders.server";
import { orderItemColumn, orderItemColumns, type CheckoutBuyer, type CheckoutItem } from "./checkout-items.server";
import {
  purchaseKindFor,
  purchaseKindOf,
  type Order,
  type PurchaseKind,
  type Quote,
  type QuoteRequest,
} from "./purchase-kinds/index.server";

export { assertCanBuy, quoteCheckout } from "./checkout-items.server";
export type { CheckoutBuyer, CheckoutItem, CheckoutQuote } from "./checkout-items.server";

/** A pending order for the same thing at the same price is reused for this long (a double click, a back button). */
const REUSE_PENDING_MS = 30 * 60 * 1000;

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
  /** The language she checked out in (ADR 048): Pesapal sends her back to the payment page in it. */
  locale?: Locale;
  now?: Date;
}

export type CheckoutStarted = { orderId: string; redirectUrl: string; zeroAmount?: boolean };

/** A checkout on its way: the kind asked for, the request it quoted and its quote. */
interface Quoted {
  kind: PurchaseKind;
  request: QuoteRequest;
  quote: Quote;
}

/**
 * The checkout as a pipeline: read the input, pick the kind, let it quote (what she pays, with every refusal), show
 * a pending order for the same terms again, or make the order and complete it at zero or hand it to the provider.
 */
export async function startCheckout(input: CheckoutInput): Promise<CheckoutStarted> {
  const request = await quoteRequestOf(input);
  const kind = purchaseKindFor({ ...request, upgrade: input.upgrade });
  const quoted = { kind, request, quote: await kind.quote(request) };
  const reused = await reusablePendingOrder(quoted);
  if (reused) return reused;
  const recurring = quoted.quote.autoRenew ? await recurringTerms(quoted) : undefined;
  const order = await createOrder(input, quoted, recurring);
  if (quoted.quote.price.chargedCents === 0) {
    // A millisecond after the order was made, so its status history reads pending, then completed.
    await completeZeroAmountOrder(order.id, new Date(request.now.getTime() + 1));
    return { orderId: order.id, redirectUrl: `/receipts/${order.id}`, zeroAmount: true };
  }
  return submitOrder(order, quoted, recurring, input.locale);
}

async function quoteRequestOf(input: CheckoutInput): Promise<QuoteRequest> {
  return {
    buyer: input.buyer,
    item: input.item,
    countryCode: input.countryCode,
    providerName: input.method ? await providerNameForMethod(input.method) : "pesapal",
    autoRenew: input.autoRenew === true,
    offerCode: input.offerCode,
    upgradeQuotedAt: input.upgradeQuotedAt,
    gift: input.gift,
    now: input.now ?? new Date(),
  };
}

/** A pending order of hers of the same kind for the same thing on the same terms, made in the last half hour. */
async function reusablePendingOrder({ kind, request, quote }: Quoted): Promise<CheckoutStarted | null> {
  if (!kind.reusesPending) return null;
  const { amount, price } = quote;
  const itemColumn = orderItemColumn(quote.item.kind);
  const db = getDb();
  const candidates = await db
    .select({ order: orders, optedIn: cardRenewals.id })
    .from(orders)
    .leftJoin(cardRenewals, eq(cardRenewals.firstOrderId, orders.id))
    .where(
      and(
        eq(orders.userId, request.buyer.id),
        eq(itemColumn, quote.item.itemId),
        eq(orders.status, "pending"),
        eq(orders.gateway, request.providerName),
        eq(orders.amountCents, amount.amountCents),
        amount.upgradeFromSubscriptionId
          ? eq(orders.upgradeFromSubscriptionId, amount.upgradeFromSubscriptionId)
          : isNull(orders.upgradeCreditCents),
        isCoded(price) ? eq(orders.offerCodeId, price.offer.codeId) : isNull(orders.offerCodeId),
        isNotNull(orders.redirectUrl),
        gt(orders.createdAt, new Date(request.now.getTime() - REUSE_PENDING_MS)),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(5);
  for (const { order, optedIn } of candidates) {
    // CASE: a pending order made with the other auto-renew choice -> Pesapal was given other terms: not reused.
    if ((optedIn !== null) !== quote.autoRenew) continue;
    // CASE: another kind for the same item (a gift for the buyer's own purchase) -> its own order, never reused.
    if ((await purchaseKindOf(db, order)) !== kind) continue;
    return order.redirectUrl ? { orderId: order.id, redirectUrl: order.redirectUrl } : null;
  }
  return null;
}

/** What Pesapal is told about the schedule: the first charge falls on the day this paid period would end. */
async function recurringTerms({ request, quote }: Quoted): Promise<Recurring | undefined> {
  const period = quote.item.period;
  if (!period) return undefined;
  const current = await currentPlanOf(request.buyer.id, request.now);
  const runningEnd = current?.renewedUntil ?? current?.endDate;
  const start = runningEnd && new Date(runningEnd) > request.now ? new Date(runningEnd) : request.now;
  return { accountNumber: "", details: subscriptionDetailsFor(period, addPlanPeriod(start, period)) };
}

/** The pending order, with what its kind keeps beside it, its code's slot and its card schedule, in one transaction. */
async function createOrder(input: CheckoutInput, quoted: Quoted, recurring: Recurring | undefined): Promise<Order> {
  const { kind, request, quote } = quoted;
  const now = request.now;
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({
        merchantReference: newMerchantReference(),
        userId: request.buyer.id,
        ...orderItemColumns(quote.item),
        // The kind's quote is the only writer of the order's amount.
        ...quote.amount,
        countrySource: input.countryEvidence?.source ?? null,
        pickedCountryCode: input.countryEvidence?.picked ?? null,
        fromArticleId: input.fromArticleId ? sql`(select id from articles where id = ${input.fromArticleId})` : null,
        status: "pending",
        gateway: quote.price.chargedCents === 0 ? "none" : request.providerName,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(orderStatusHistory)
      .values({ orderId: row.id, fromStatus: null, toStatus: "pending", source: "checkout", createdAt: now });
    await kind.recordOrder?.(tx, row, request);
    // The code's slot is taken with the order, or neither is kept (offer-codes.server.ts).
    if (isCoded(quote.price)) {
      await takeRedemption(tx, {
        codeId: quote.price.offer.codeId,
        userId: request.buyer.id,
        orderId: row.id,
        item: quote.item,
        now,
      });
    }
    if (recurring) {
      const agreement = await createCardRenewal(tx, {
        userId: request.buyer.id,
        planId: quote.item.itemId,
        orderId: row.id,
        // What Pesapal will charge each period: the first payment's amount, repeated (a first-period-only code is
        // refused by the plan's quote, so this is what each period costs).
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
  order: Order,
  { request, quote }: Quoted,
  recurring: Recurring | undefined,
  locale: Locale | undefined,
): Promise<CheckoutStarted> {
  try {
    const provider = await providerFor(request.providerName);
    const started = await provider.start({ order, quote: quote.item, buyer: request.buyer, recurring, locale });
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
async function cancelUnsubmitted(order: Order, error: unknown): Promise<void> {
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

interface Recurring {
  accountNumber: string;
  details: ReturnType<typeof subscriptionDetailsFor>;
}
