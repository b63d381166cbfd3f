// Plan changes in the middle of a period (ADR 039): which plan is higher, what the unused part of her current period is
// worth, and what an upgrade charges. Pure integer arithmetic (bigint), rounded once with the shop's one rule
// (divideRounded, half away from zero), so the whole table is unit-tested and the same numbers reach checkout, the
// order and the pricing page.
import { divideRounded, GATEWAY_MINIMUM_CHARGE_CENTS, type MinorUnits } from "~/modules/pricing/money";

/** Pesapal refuses zero and takes tiny amounts badly: an upgrade never charges less than the gateway's KSh 10.00. */
export const UPGRADE_MINIMUM_CHARGE_CENTS: MinorUnits = GATEWAY_MINIMUM_CHARGE_CENTS;

/** How long after checkout a locked credit is honoured when the payment completes (the re-check, ADR 039). */
export const UPGRADE_CREDIT_VALID_SECONDS = 24 * 60 * 60;

export type AccessLevel = "subscription" | "premium";

const ACCESS_RANK: Record<AccessLevel, number> = { subscription: 1, premium: 2 };

/** A plan as the ranking reads it: its access level and its price for one period of `periodSeconds`. */
export interface RankedPlan {
  id: string;
  accessLevel: AccessLevel;
  /** The plan's price (the same pricing basis for both plans compared: base KES, or both regional). */
  priceCents: MinorUnits;
  periodSeconds: number;
}

/**
 * Whether `to` is higher than `from`: a higher access level, or the same level at a higher price per day (compared
 * exactly, price_to x period_from > price_from x period_to). The same plan, or an equal one, is not higher.
 */
export function isHigherPlan(from: RankedPlan, to: RankedPlan): boolean {
  if (from.id === to.id) return false;
  const byLevel = ACCESS_RANK[to.accessLevel] - ACCESS_RANK[from.accessLevel];
  if (byLevel !== 0) return byLevel > 0;
  assertPeriod(from.periodSeconds);
  assertPeriod(to.periodSeconds);
  return BigInt(to.priceCents) * BigInt(from.periodSeconds) > BigInt(from.priceCents) * BigInt(to.periodSeconds);
}

/** A lower plan: not the same one and not higher (a switch at the end of the period). */
export function isLowerPlan(from: RankedPlan, to: RankedPlan): boolean {
  if (from.id === to.id) return false;
  const byLevel = ACCESS_RANK[to.accessLevel] - ACCESS_RANK[from.accessLevel];
  if (byLevel !== 0) return byLevel < 0;
  return BigInt(to.priceCents) * BigInt(from.periodSeconds) < BigInt(from.priceCents) * BigInt(to.periodSeconds);
}

/** Whole seconds since the epoch (timestamps are compared in seconds, never in fractions of them). */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export interface CreditInput {
  /** What she actually paid for the current period (its order's amount_cents); 0 for a trial or a zero-amount grant. */
  paidCents: MinorUnits;
  /** The subscription's own start and end (seconds), never its plan's nominal length. */
  startSeconds: number;
  endSeconds: number;
  nowSeconds: number;
}

/**
 * The unused part of what she paid: paid x remaining / period, with remaining = end - now held within [0, period],
 * rounded once to the cent, half away from zero.
 */
export function upgradeCreditCents(input: CreditInput): MinorUnits {
  const period = input.endSeconds - input.startSeconds;
  assertPeriod(period);
  if (!Number.isSafeInteger(input.paidCents) || input.paidCents < 0) {
    throw new RangeError(`Not a paid amount: ${input.paidCents}`);
  }
  const remaining = Math.min(Math.max(input.endSeconds - input.nowSeconds, 0), period);
  return Number(divideRounded(BigInt(input.paidCents) * BigInt(remaining), BigInt(period)));
}

export type UpgradeCharge =
  | {
      kind: "charge";
      priceCents: MinorUnits;
      creditCents: MinorUnits;
      chargeCents: MinorUnits;
      raisedToMinimum: boolean;
    }
  /** Her credit pays the whole new price: no upgrade is sold (she can switch at the end of her period). */
  | { kind: "covered"; priceCents: MinorUnits; creditCents: MinorUnits };

/** The new plan's price (regional rule already applied) less her credit, never below the minimum charge. */
export function upgradeCharge(priceCents: MinorUnits, creditCents: MinorUnits): UpgradeCharge {
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) throw new RangeError(`Not a price: ${priceCents}`);
  if (!Number.isSafeInteger(creditCents) || creditCents < 0) throw new RangeError(`Not a credit: ${creditCents}`);
  if (creditCents >= priceCents) return { kind: "covered", priceCents, creditCents };
  const difference = priceCents - creditCents;
  // CASE: a plan priced under the minimum -> its own price is the floor (an upgrade never costs more than the plan).
  const chargeCents = Math.max(difference, Math.min(UPGRADE_MINIMUM_CHARGE_CENTS, priceCents));
  return { kind: "charge", priceCents, creditCents, chargeCents, raisedToMinimum: chargeCents !== difference };
}

function assertPeriod(seconds: number) {
  if (!Number.isSafeInteger(seconds) || seconds <= 0) throw new RangeError(`Not a period: ${seconds} seconds`);
}
