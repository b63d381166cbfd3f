import { describe, expect, it } from "vitest";
import {
  isHigherPlan,
  isLowerPlan,
  upgradeCharge,
  upgradeCreditCents,
  UPGRADE_MINIMUM_CHARGE_CENTS,
  type RankedPlan,
} from "~/modules/membership/upgrade-rules";

const DAY = 24 * 60 * 60;
const START = 1_780_000_000; // any whole second

// The worked examples of ADR 039, one row each: what she paid, her period, how much of it is left, the new price.
describe("upgradeCreditCents and upgradeCharge (ADR 039 worked examples)", () => {
  it.each([
    // name, paid, period seconds, remaining seconds, new price, credit, charge ("covered" when refused)
    ["A: 18 of 30 days left, exact", 50_000, 30 * DAY, 18 * DAY, 100_000, 30_000, 70_000],
    ["B: rounds 19,251.54 up to the cent", 49_900, 30 * DAY, 1_000_000, 100_000, 19_252, 80_748],
    ["C: exactly half a cent rounds away from zero", 50_001, 30 * DAY, 15 * DAY, 100_000, 25_001, 74_999],
    ["D: a free trial credits nothing", 0, 7 * DAY, 5 * DAY, 100_000, 0, 100_000],
    ["E: the first second of the period credits all she paid", 50_000, 30 * DAY, 30 * DAY, 100_000, 50_000, 50_000],
    ["F: the period has ended: nothing left", 50_000, 30 * DAY, 0, 100_000, 0, 100_000],
    ["G: a 31-day month, 1 day left", 50_000, 31 * DAY, DAY, 100_000, 1_613, 98_387],
    ["H: difference KSh 5 raised to the KSh 10 minimum", 100_000, 30 * DAY, 29.85 * DAY, 100_000, 99_500, 1_000],
    [
      "I: a year's credit covers a month of the higher plan",
      1_200_000,
      365 * DAY,
      334 * DAY,
      150_000,
      1_098_082,
      "covered",
    ],
    ["J: a regional price (Uganda +20%) less a KES credit", 50_000, 30 * DAY, 10 * DAY, 120_000, 16_667, 103_333],
  ] as const)("%s", (_name, paid, period, remaining, price, credit, charge) => {
    const creditCents = upgradeCreditCents({
      paidCents: paid,
      startSeconds: START,
      endSeconds: START + period,
      nowSeconds: START + period - remaining,
    });
    expect(creditCents).toBe(credit);
    const result = upgradeCharge(price, creditCents);
    if (charge === "covered") {
      expect(result.kind).toBe("covered");
    } else {
      expect(result).toMatchObject({ kind: "charge", chargeCents: charge, creditCents: credit, priceCents: price });
    }
  });

  it("holds the remaining time within the period (a clock before the start credits what she paid, no more)", () => {
    const credit = upgradeCreditCents({
      paidCents: 50_000,
      startSeconds: START,
      endSeconds: START + 30 * DAY,
      nowSeconds: START - 5 * DAY,
    });
    expect(credit).toBe(50_000);
  });

  it("never charges more than the plan's own price when that is under the minimum", () => {
    expect(upgradeCharge(800, 100)).toMatchObject({ kind: "charge", chargeCents: 800, raisedToMinimum: true });
    expect(UPGRADE_MINIMUM_CHARGE_CENTS).toBe(1_000);
  });

  it("credit equal to the price is covered (no zero-amount order)", () => {
    expect(upgradeCharge(100_000, 100_000).kind).toBe("covered");
  });

  it.each([
    [{ paidCents: -1, startSeconds: 0, endSeconds: 10, nowSeconds: 5 }],
    [{ paidCents: 1.5, startSeconds: 0, endSeconds: 10, nowSeconds: 5 }],
    [{ paidCents: 100, startSeconds: 10, endSeconds: 10, nowSeconds: 5 }],
  ])("refuses nonsense %j", (input) => {
    expect(() => upgradeCreditCents(input)).toThrow(RangeError);
  });

  it("stays exact for the largest amounts (no float error over a long period)", () => {
    const credit = upgradeCreditCents({
      paidCents: 9_007_199_254_740,
      startSeconds: 0,
      endSeconds: 3 * 365 * DAY,
      nowSeconds: 365 * DAY,
    });
    // 9,007,199,254,740 x 2/3 = 6,004,799,503,160 exactly.
    expect(credit).toBe(6_004_799_503_160);
  });
});

describe("isHigherPlan / isLowerPlan", () => {
  const plan = (id: string, accessLevel: RankedPlan["accessLevel"], priceCents: number, days: number): RankedPlan => ({
    id,
    accessLevel,
    priceCents,
    periodSeconds: days * DAY,
  });
  const standard = plan("standard", "subscription", 50_000, 30);
  const premium = plan("premium", "premium", 100_000, 30);
  const standardYear = plan("standard-year", "subscription", 500_000, 365);
  const cheapPremium = plan("cheap-premium", "premium", 1_000, 7);
  const standardPlus = plan("standard-plus", "subscription", 60_000, 30);

  it.each([
    [standard, premium, true, false],
    [premium, standard, false, true],
    // a higher access level wins whatever the price per day
    [standard, cheapPremium, true, false],
    // same level: price per day decides (500,000/365 < 50,000/30)
    [standard, standardYear, false, true],
    [standardYear, standard, true, false],
    [standard, standardPlus, true, false],
    // the same plan is neither
    [standard, standard, false, false],
  ])("%o -> %o: higher %s, lower %s", (from, to, higher, lower) => {
    expect(isHigherPlan(from, to)).toBe(higher);
    expect(isLowerPlan(from, to)).toBe(lower);
  });

  it("an equal price per day under another plan is neither higher nor lower", () => {
    const twin = plan("twin", "subscription", 100_000, 60);
    expect(isHigherPlan(standard, twin)).toBe(false);
    expect(isLowerPlan(standard, twin)).toBe(false);
  });
});
