// Plan changes in the middle of a period (ADR 039): the upgrade quote a member is shown and checkout locks into the
// order, the re-check and the grant inside the transaction that applies the verified payment, putting her back when
// the upgrade's payment is reversed or refunded, and the switch to a lower plan at the end of the period. The numbers
// come from upgrade-rules.ts (pure); this module reads and writes the rows.
import { and, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { cardRenewals, orders, refunds, subscriptionPlans, userSubscriptions } from "~/db/schema";
import { AppError, isAppError } from "~/lib/app-error";
import { CHECKOUT_ERRORS, isCheckoutError } from "~/modules/orders/checkout-errors";
import type { Decision } from "~/modules/orders/order-transitions";
import { displayMinorUnits, regionalPrice, BASE_CURRENCY, type RegionalPrice } from "~/modules/pricing/pricing";
import { loadCountryPricing } from "~/modules/pricing/regional-price.server";
import { wholeShillingsInBuyersFavour } from "~/modules/pricing/money";
import { endCardRenewalOf, setCardRenewals } from "./card-renewals.server";
import { setDisplayRole, type Grant, type Tx } from "./grants.server";
import { addPlanPeriod, type PlanPeriod } from "./plan-period";
import {
  epochSeconds,
  isHigherPlan,
  isLowerPlan,
  upgradeCharge,
  upgradeCreditCents,
  UPGRADE_CREDIT_VALID_SECONDS,
  type RankedPlan,
} from "./upgrade-rules";
import { currentDatedAt, paymentStands, periodNotEndedAt } from "./membership-state.server";

type Plan = typeof subscriptionPlans.$inferSelect;
type Subscription = typeof userSubscriptions.$inferSelect;
type Order = typeof orders.$inferSelect;
type Reader = Pick<Tx, "select">;

/** A plan's nominal period in seconds, for ranking only (her credit reads her own period's timestamps). */
export function planPeriodSeconds(plan: PlanPeriod, from: Date): number {
  return epochSeconds(addPlanPeriod(from, plan)) - epochSeconds(from);
}

function ranked(plan: Plan, now: Date): RankedPlan {
  return {
    id: plan.id,
    accessLevel: plan.accessLevel,
    priceCents: plan.priceCents,
    periodSeconds: planPeriodSeconds(plan, now),
  };
}

/** The new plan's period end when an upgrade (or anything starting now) begins at `start`. */
export function upgradePeriodEnd(plan: PlanPeriod, start: Date): Date {
  return addPlanPeriod(start, plan);
}

/** Her current period (renewing or renewal-cancelled, with an end ahead); queued renewals are not current. */
async function currentSubscription(db: Reader, userId: string, now: Date) {
  const [row] = await db
    .select({ subscription: userSubscriptions, plan: subscriptionPlans })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(and(eq(userSubscriptions.userId, userId), currentDatedAt(now)))
    .limit(1);
  return row ?? null;
}

async function hasQueuedRenewal(db: Reader, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.status, "scheduled"), periodNotEndedAt(now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * What she actually paid for this period: its order's amount less refunds Pesapal accepted. Zero for a trial, an
 * admin's grant by hand, or a period whose order no longer counts as paid.
 */
export async function paidForPeriod(db: Reader, subscription: Subscription): Promise<number> {
  if (subscription.isTrial || !subscription.orderId) return 0;
  const [row] = await db
    .select({
      amount: orders.amountCents,
      status: orders.status,
      refunded: sql<string>`coalesce((select sum(${refunds.amountCents}) from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} = 'accepted'), 0)`,
    })
    .from(orders)
    .where(eq(orders.id, subscription.orderId));
  if (!row || !paymentStands(row.status)) return 0;
  return Math.max(row.amount - Number(row.refunded), 0);
}

function creditFor(subscription: Subscription, paidCents: number, at: Date): number {
  return upgradeCreditCents({
    paidCents,
    startSeconds: epochSeconds(subscription.startDate),
    endSeconds: epochSeconds(subscription.endDate!),
    nowSeconds: epochSeconds(at),
  });
}

export interface UpgradeQuote {
  from: { subscriptionId: string; planName: string; endDate: Date; paidCents: number };
  to: { planId: string; slug: string; name: string; period: PlanPeriod; ebookLimit: number | null };
  /** The new plan's regional price (the rule applied first, as any quote). */
  price: RegionalPrice;
  creditCents: number;
  /** The instant the credit was worked out for (now, or the checkout page's signed quote). */
  creditAt: Date;
  /** What she pays: the new price less her credit, in whole shillings (see roundedOffCents). */
  chargeCents: number;
  /** The cents left off the exact difference so it is whole shillings, in her favour (M-Pesa moves whole shillings). */
  roundedOffCents: number;
  raisedToMinimum: boolean;
}

/** The upgrade she would buy now, or a checkout refusal (CHECKOUT_ERRORS) saying why there is none. */
export async function quoteUpgrade(input: {
  userId: string;
  slug: string;
  countryCode: string;
  now: Date;
  /** The instant to work her credit out for (a checkout page's quote, upgrade-quote.server.ts); now by default. */
  creditAt?: Date | null;
  db?: Reader;
}): Promise<UpgradeQuote> {
  const db = input.db ?? getDb();
  if (!/^[a-z0-9-]{1,60}$/.test(input.slug)) throw new AppError(CHECKOUT_ERRORS.ITEM_NOT_FOUND);
  const [target] = await db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.slug, input.slug), eq(subscriptionPlans.isActive, true)));
  if (!target || target.priceCents <= 0) throw new AppError(CHECKOUT_ERRORS.ITEM_NOT_FOUND);
  const current = await currentSubscription(db, input.userId, input.now);
  if (!current) throw new AppError(CHECKOUT_ERRORS.UPGRADE_NO_PLAN);
  if (!isHigherPlan(ranked(current.plan, input.now), ranked(target, input.now))) {
    throw new AppError(CHECKOUT_ERRORS.UPGRADE_NOT_HIGHER);
  }
  // CASE: a renewal already paid and queued -> the upgrade would overlap it; she upgrades once it has started.
  if (await hasQueuedRenewal(db, input.userId, input.now)) throw new AppError(CHECKOUT_ERRORS.RENEWAL_QUEUED);
  const paidCents = await paidForPeriod(db, current.subscription);
  // CASE: a quote from the future -> now (a token is checked before it gets here; this is the module's own guard).
  const creditAt = input.creditAt && input.creditAt <= input.now ? input.creditAt : input.now;
  const creditCents = creditFor(current.subscription, paidCents, creditAt);
  const pricing = await loadCountryPricing(input.countryCode);
  const price = regionalPrice({
    baseCents: target.priceCents,
    countryCode: pricing.countryCode,
    rule: pricing.rule,
    ratePerKes: pricing.ratePerKes,
  });
  const charge = upgradeCharge(price.chargedCents, creditCents);
  if (charge.kind === "covered") throw new AppError(CHECKOUT_ERRORS.UPGRADE_COVERED);
  // Upgrade differences almost always have cents, and M-Pesa collects whole shillings: she is charged the whole
  // shillings (her favour), so what Pesapal reports is what was asked, whichever way she pays (issue 46 item 27).
  const chargeCents = wholeShillingsInBuyersFavour(charge.chargeCents);
  return {
    from: {
      subscriptionId: current.subscription.id,
      planName: current.plan.name,
      endDate: current.subscription.endDate!,
      paidCents,
    },
    to: {
      planId: target.id,
      slug: target.slug,
      name: target.name,
      period: { periodUnit: target.periodUnit, periodCount: target.periodCount },
      ebookLimit: target.ebookLimit,
    },
    price,
    creditCents,
    creditAt,
    chargeCents,
    roundedOffCents: charge.chargeCents - chargeCents,
    raisedToMinimum: charge.raisedToMinimum,
  };
}

/** The upgrade quotes for every plan higher than hers (the pricing page's "Upgrade for KSh X"), by slug. */
export type UpgradeOffer = { chargeCents: number; creditCents: number } | { covered: true };

export async function upgradeOffers(
  userId: string,
  countryCode: string,
  now = new Date(),
): Promise<Record<string, UpgradeOffer>> {
  const current = await currentSubscription(getDb(), userId, now);
  if (!current) return {};
  const plans = await getDb().select().from(subscriptionPlans).where(eq(subscriptionPlans.isActive, true));
  const offers: Record<string, UpgradeOffer> = {};
  for (const plan of plans) {
    if (plan.priceCents <= 0 || !isHigherPlan(ranked(current.plan, now), ranked(plan, now))) continue;
    try {
      const quote = await quoteUpgrade({ userId, slug: plan.slug, countryCode, now });
      offers[plan.slug] = { chargeCents: quote.chargeCents, creditCents: quote.creditCents };
    } catch (error) {
      if (isAppError(error, CHECKOUT_ERRORS.UPGRADE_COVERED)) offers[plan.slug] = { covered: true };
      else if (!isCheckoutError(error)) throw error;
    }
  }
  return offers;
}

/** The order columns of an upgrade: the charge as the amount (and its display), the old period and the credit. */
export function upgradeOrderColumns(quote: UpgradeQuote) {
  const price = quote.price;
  return {
    amountCents: quote.chargeCents,
    displayAmount:
      price.displayCurrency === BASE_CURRENCY
        ? quote.chargeCents
        : displayMinorUnits(quote.chargeCents, price.exchangeRate),
    upgradeFromSubscriptionId: quote.from.subscriptionId,
    upgradeCreditCents: quote.creditCents,
    upgradeCreditAt: quote.creditAt,
    roundedOffCents: quote.roundedOffCents > 0 ? quote.roundedOffCents : null,
  };
}

/**
 * Inside the transaction that applies a verified COMPLETED (old subscription locked): the locked credit is honoured
 * only while that subscription is still her current one, unchanged (the credit recomputed from its rows now, for the
 * instant it was locked at, is the same), no renewal is queued, and the payment came within a day of checkout.
 * Otherwise: review.
 */
export async function recheckUpgrade(tx: Tx, order: Order, decision: Decision, now: Date): Promise<Decision> {
  if (decision.effect !== "grant" || order.upgradeCreditCents === null) return decision;
  const review = (why: string): Decision => ({
    to: "review",
    effect: "none",
    reason: `upgrade no longer matches her plan (${why}): refund due`,
  });
  if (!order.upgradeFromSubscriptionId) return review("the plan it upgraded is gone");
  const [old] = await tx
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.id, order.upgradeFromSubscriptionId))
    .for("update");
  if (!old || old.userId !== order.userId) return review("the plan it upgraded is gone");
  if (old.status !== "active" && old.status !== "cancelled") return review(`that plan is ${old.status}`);
  if (!old.endDate || old.endDate <= now) return review("that plan has ended");
  if (epochSeconds(now) - epochSeconds(order.createdAt) > UPGRADE_CREDIT_VALID_SECONDS) {
    return review("paid more than a day after checkout");
  }
  if (await hasQueuedRenewal(tx, order.userId, now)) return review("a renewal was queued meanwhile");
  const credit = creditFor(old, await paidForPeriod(tx, old), order.upgradeCreditAt ?? order.createdAt);
  if (credit !== order.upgradeCreditCents)
    return review(`credit now ${credit} cents, locked ${order.upgradeCreditCents}`);
  return decision;
}

/** The verified upgrade: the old period ends now (recorded), the new plan runs from now for a full period. */
export async function grantUpgrade(tx: Tx, order: Order, now: Date): Promise<Grant> {
  const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, order.planId!));
  const [old] = await tx
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.id, order.upgradeFromSubscriptionId!))
    .for("update");
  await tx
    .update(userSubscriptions)
    .set({
      status: "expired",
      endDateBeforeUpgrade: old.endDate,
      endDate: now,
      upgradedAt: now,
      switchToPlanId: null,
      switchScheduledAt: null,
      updatedAt: now,
    })
    .where(eq(userSubscriptions.id, old.id));
  const [subscription] = await tx
    .insert(userSubscriptions)
    .values({
      userId: order.userId,
      planId: plan.id,
      orderId: order.id,
      status: "active",
      startDate: now,
      endDate: upgradePeriodEnd(plan, now),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await setDisplayRole(tx, order.userId, "subscriber");
  // Pesapal cannot change a card schedule's amount: agreements for the old plan end (a later charge is refunded).
  const live = await tx
    .select({ firstOrderId: cardRenewals.firstOrderId })
    .from(cardRenewals)
    .where(
      and(eq(cardRenewals.userId, order.userId), inArray(cardRenewals.status, ["active", "pending", "cancelled"])),
    );
  for (const agreement of live) {
    await endCardRenewalOf(tx, agreement.firstOrderId, `plan upgraded to ${plan.name}: renews by hand`, now);
  }
  return {
    kind: "plan",
    startDate: subscription.startDate,
    endDate: subscription.endDate,
  };
}

/** Whether a period still has what gave it: a trial or an admin's grant by hand, or an order that stands as paid. */
async function periodStillPaid(tx: Tx, subscription: Subscription): Promise<boolean> {
  if (subscription.status === "revoked") return false;
  if (!subscription.orderId) return true;
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, subscription.orderId));
  return paymentStands(row?.status);
}

/**
 * After revokeOrder took back an upgrade's period (reversal or full refund): the period it ended comes back as it
 * was, running again when its old end is still ahead, but only while its own payment stands. Nothing is granted
 * that no standing payment covers: an earlier plan reversed or refunded in the meantime stays taken back (issue 46
 * item 25). Returns a note for the order history.
 */
export async function restoreAfterUpgradeRevoked(tx: Tx, order: Order, now: Date): Promise<string | null> {
  if (order.upgradeCreditCents === null || !order.upgradeFromSubscriptionId) return null;
  const [old] = await tx
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.id, order.upgradeFromSubscriptionId))
    .for("update");
  // CASE: her earlier plan's own payment was reversed or refunded after the upgrade -> nothing comes back.
  if (old && !(await periodStillPaid(tx, old))) {
    await tx
      .update(userSubscriptions)
      .set({ status: "revoked", upgradedAt: null, endDateBeforeUpgrade: null, updatedAt: now })
      .where(eq(userSubscriptions.id, old.id));
    return "upgrade taken back; her earlier plan's payment was taken back too, so nothing was restored";
  }
  if (!old?.upgradedAt || !old.endDateBeforeUpgrade) return null;
  const stillAhead = old.endDateBeforeUpgrade > now;
  // CASE: another period is current by now (a renewal that started) -> the old one comes back as ended history only.
  const [other] = await tx
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, order.userId),
        inArray(userSubscriptions.status, ["active", "cancelled"]),
        sql`${userSubscriptions.id} <> ${old.id}`,
      ),
    )
    .limit(1);
  const status = stillAhead && !other ? (old.cancelledAt ? "cancelled" : "active") : "expired";
  await tx
    .update(userSubscriptions)
    .set({ status, endDate: old.endDateBeforeUpgrade, upgradedAt: null, endDateBeforeUpgrade: null, updatedAt: now })
    .where(eq(userSubscriptions.id, old.id));
  if (status !== "expired") await setDisplayRole(tx, order.userId, "subscriber");
  return status === "expired"
    ? "upgrade taken back; her earlier plan had ended"
    : "upgrade taken back; earlier plan restored";
}

// ---- Switching to a lower plan at the end of the period --------------------------------------------------------

export interface ScheduledSwitch {
  subscriptionId: string;
  toPlan: { slug: string; name: string };
  at: Date;
}

/** Her scheduled switch, if any (for My Library). */
export async function scheduledSwitchOf(userId: string, now = new Date()): Promise<ScheduledSwitch | null> {
  const [row] = await getDb()
    .select({ subscription: userSubscriptions, plan: subscriptionPlans })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.switchToPlanId))
    .where(and(eq(userSubscriptions.userId, userId), isNull(userSubscriptions.switchedAt), currentDatedAt(now)))
    .limit(1);
  if (!row) return null;
  return {
    subscriptionId: row.subscription.id,
    toPlan: { slug: row.plan.slug, name: row.plan.name },
    at: row.subscription.endDate!,
  };
}

/** The lower plans she may switch to at the end of her period (My Library's "Switch at end of period"). */
export async function switchTargets(userId: string, now = new Date()) {
  const current = await currentSubscription(getDb(), userId, now);
  if (!current) return [];
  const plans = await getDb().select().from(subscriptionPlans).where(eq(subscriptionPlans.isActive, true));
  return plans
    .filter((plan) => plan.priceCents > 0 && isLowerPlan(ranked(current.plan, now), ranked(plan, now)))
    .map((plan) => ({ slug: plan.slug, name: plan.name }));
}

/** Schedules the switch (a lower plan only, one at a time); her card renewal is paused until it is cancelled. */
export async function scheduleSwitch(input: { userId: string; slug: string; now?: Date }): Promise<ScheduledSwitch> {
  const now = input.now ?? new Date();
  return getDb().transaction(async (tx) => {
    const current = await currentSubscription(tx, input.userId, now);
    if (!current) throw new AppError(CHECKOUT_ERRORS.UPGRADE_NO_PLAN);
    const [locked] = await tx
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.id, current.subscription.id))
      .for("update");
    const [target] = await tx
      .select()
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.slug, input.slug), eq(subscriptionPlans.isActive, true)));
    if (!target || !isLowerPlan(ranked(current.plan, now), ranked(target, now))) {
      throw new AppError(CHECKOUT_ERRORS.SWITCH_NOT_LOWER);
    }
    if (await hasQueuedRenewal(tx, input.userId, now)) throw new AppError(CHECKOUT_ERRORS.RENEWAL_QUEUED);
    const alreadyPaused = locked.switchToPlanId !== null && locked.switchPausedCardRenewal;
    const paused = alreadyPaused || (await setCardRenewals(tx, input.userId, false, now)) === "cancelled";
    await tx
      .update(userSubscriptions)
      .set({ switchToPlanId: target.id, switchScheduledAt: now, switchPausedCardRenewal: paused, updatedAt: now })
      .where(eq(userSubscriptions.id, locked.id));
    return { subscriptionId: locked.id, toPlan: { slug: target.slug, name: target.name }, at: locked.endDate! };
  });
}

/** Cancels a scheduled switch before it takes effect; the card renewal it paused comes back. */
export async function cancelSwitch(input: { userId: string; now?: Date }): Promise<boolean> {
  const now = input.now ?? new Date();
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userSubscriptions)
      .where(
        and(
          eq(userSubscriptions.userId, input.userId),
          isNotNull(userSubscriptions.switchToPlanId),
          isNull(userSubscriptions.switchedAt),
          currentDatedAt(now),
        ),
      )
      .for("update");
    if (!row) return false;
    if (row.switchPausedCardRenewal) await setCardRenewals(tx, input.userId, true, now);
    await tx
      .update(userSubscriptions)
      .set({ switchToPlanId: null, switchScheduledAt: null, switchPausedCardRenewal: false, updatedAt: now })
      .where(eq(userSubscriptions.id, row.id));
    return true;
  });
}

/**
 * The plan-switches job: switches whose period has ended take effect (switched_at), and agreements still live for
 * the old plan end, so the lower plan is what she renews. Nothing is granted without a payment.
 */
export async function applyDueSwitches(now = new Date(), limit = 200): Promise<{ switched: number }> {
  const db = getDb();
  const due = await db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(
      and(
        isNotNull(userSubscriptions.switchToPlanId),
        isNull(userSubscriptions.switchedAt),
        isNotNull(userSubscriptions.endDate),
        lte(userSubscriptions.endDate, now),
      ),
    )
    .limit(limit);
  let switched = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(userSubscriptions)
        .where(and(eq(userSubscriptions.id, id), isNull(userSubscriptions.switchedAt)))
        .for("update");
      if (!row) return;
      await tx.update(userSubscriptions).set({ switchedAt: now, updatedAt: now }).where(eq(userSubscriptions.id, id));
      const live = await tx
        .select({ firstOrderId: cardRenewals.firstOrderId })
        .from(cardRenewals)
        .where(
          and(eq(cardRenewals.userId, row.userId), inArray(cardRenewals.status, ["active", "pending", "cancelled"])),
        );
      for (const agreement of live) {
        await endCardRenewalOf(tx, agreement.firstOrderId, "switched to a lower plan at the end of the period", now);
      }
      switched++;
    });
  }
  return { switched };
}

/**
 * The plan she switched to, once the switch took effect and while that switched period is her latest (no period
 * started after it): My Library offers it as her renewal.
 */
export async function switchedPlanOf(userId: string): Promise<{ slug: string; name: string } | null> {
  const [row] = await getDb()
    .select({ slug: subscriptionPlans.slug, name: subscriptionPlans.name, at: userSubscriptions.switchedAt })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.switchToPlanId))
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        isNotNull(userSubscriptions.switchedAt),
        sql`not exists (select 1 from user_subscriptions later where later.user_id = ${userId}
          and later.start_date > ${userSubscriptions.startDate} and later.status <> 'revoked')`,
      ),
    )
    .orderBy(sql`${userSubscriptions.switchedAt} desc`)
    .limit(1);
  return row ? { slug: row.slug, name: row.name } : null;
}

/** Everything My Library shows about changing plan: upgrades now (with the charge), switches down, one scheduled. */
export async function planChangeChoices(userId: string, countryCode: string, now = new Date()) {
  const [offers, targets, scheduled, switched] = await Promise.all([
    upgradeOffers(userId, countryCode, now),
    switchTargets(userId, now),
    scheduledSwitchOf(userId, now),
    switchedPlanOf(userId),
  ]);
  const plans = await getDb()
    .select({ slug: subscriptionPlans.slug, name: subscriptionPlans.name })
    .from(subscriptionPlans)
    .where(inArray(subscriptionPlans.slug, Object.keys(offers).length > 0 ? Object.keys(offers) : [""]));
  const upgrades = plans.flatMap((plan) => {
    const offer = offers[plan.slug];
    return offer && "chargeCents" in offer ? [{ ...plan, chargeCents: offer.chargeCents }] : [];
  });
  return { upgrades, switchTargets: targets, scheduled, switched };
}
