import { describe, expect, it } from "vitest";
import {
  wholeShillingsInBuyersFavour,
  applyPercentage,
  centsToDecimal,
  decimalsEqual,
  divideRounded,
  formatKesCents,
  formatMinorUnits,
  kesToCents,
  multiplyMinorUnits,
  parseDecimal,
  sumMinorUnits,
} from "~/modules/pricing/money";

describe("kesToCents", () => {
  it.each([
    ["1250.00", 125000],
    ["1250", 125000],
    ["1250.5", 125050],
    ["0.07", 7],
    // 4.35 * 100 is 434.99999999999994 in floating point; a floor of it would lose a cent.
    ["4.35", 435],
    // 1.005-style values: 1.01 * 100 = 101.00000000000001.
    ["1.01", 101],
    [" 299.00 ", 29900],
  ])("%s KES is %i cents", (text, cents) => {
    expect(kesToCents(text)).toBe(cents);
  });

  it.each(["", "12.345", "1,250.00", "abc", "1e3", "12."])("refuses %j rather than guessing", (text) => {
    expect(() => kesToCents(text)).toThrow(RangeError);
  });
});

describe("exact arithmetic", () => {
  it("adds 0.10 three times to exactly 0.30 (floats give 0.30000000000000004)", () => {
    expect(0.1 + 0.1 + 0.1).not.toBe(0.3);
    const tenCents = kesToCents("0.10");
    expect(sumMinorUnits([tenCents, tenCents, tenCents])).toBe(kesToCents("0.30"));
    expect(multiplyMinorUnits(tenCents, "3")).toBe(30);
  });

  it("multiplies by decimal strings without float error", () => {
    // 0.07 * 100 = 7.000000000000001 and 299 * 1.2 = 358.79999999999995 as floats.
    expect(multiplyMinorUnits(100, "0.07")).toBe(7);
    expect(multiplyMinorUnits(29900, "1.2")).toBe(35880);
    expect(multiplyMinorUnits(74750, "0.008")).toBe(598);
    expect(multiplyMinorUnits(1, "0.1")).toBe(0);
  });

  it("rounds half away from zero, once, to the step asked for", () => {
    expect(divideRounded(15n, 10n)).toBe(2n);
    expect(divideRounded(14n, 10n)).toBe(1n);
    expect(divideRounded(-15n, 10n)).toBe(-2n);
    // 0.05 steps in cents: 597 -> 595, 598 -> 600, 597.5 -> 600.
    expect(multiplyMinorUnits(597, "1", 5)).toBe(595);
    expect(multiplyMinorUnits(598, "1", 5)).toBe(600);
    expect(multiplyMinorUnits(5975, "0.1", 5)).toBe(600);
    expect(multiplyMinorUnits(5974, "0.1", 5)).toBe(595);
  });

  it("applies a markup as 1 + pct/100 and a discount as 1 - pct/100", () => {
    expect(applyPercentage(25000, "150", "markup")).toBe(62500);
    expect(applyPercentage(25000, "150.00", "markup")).toBe(62500);
    expect(applyPercentage(29900, "20", "markup")).toBe(35880);
    expect(applyPercentage(50000, "12.5", "discount")).toBe(43750);
    expect(applyPercentage(333, "33.33", "discount", 1)).toBe(222);
    expect(() => applyPercentage(100, "-5", "markup")).toThrow(RangeError);
    expect(() => applyPercentage(100, "101", "discount")).toThrow(RangeError);
  });

  it("refuses amounts that are not safe integers", () => {
    expect(() => multiplyMinorUnits(0.5, "2")).toThrow(RangeError);
    expect(() => multiplyMinorUnits(Number.MAX_SAFE_INTEGER, "2")).toThrow(RangeError);
  });

  it("compares decimals by value", () => {
    expect(parseDecimal("0.008")).toEqual({ units: 8n, denominator: 1000n });
    expect(decimalsEqual("0.00800000", "0.008")).toBe(true);
    expect(decimalsEqual("150.00", "150")).toBe(true);
    expect(decimalsEqual("0.0080001", "0.008")).toBe(false);
  });
});

describe("wholeShillingsInBuyersFavour (M-Pesa moves whole shillings, issue 46 item 27)", () => {
  it("leaves the cents off, always down, in the buyer's favour", () => {
    expect(wholeShillingsInBuyersFavour(108_475)).toBe(108_400);
    expect(wholeShillingsInBuyersFavour(149_199)).toBe(149_100);
    expect(wholeShillingsInBuyersFavour(100_001)).toBe(100_000);
  });

  it("keeps whole shillings as they are, and amounts under KSh 1 (the gateway floor decides those)", () => {
    expect(wholeShillingsInBuyersFavour(125_000)).toBe(125_000);
    expect(wholeShillingsInBuyersFavour(100)).toBe(100);
    expect(wholeShillingsInBuyersFavour(5)).toBe(5);
    expect(wholeShillingsInBuyersFavour(0)).toBe(0);
  });

  it("refuses what is not an amount in minor units", () => {
    expect(() => wholeShillingsInBuyersFavour(10.5)).toThrow(RangeError);
  });
});

describe("text forms", () => {
  it("writes cents as a two-decimal string", () => {
    expect(centsToDecimal(125050)).toBe("1250.50");
    expect(centsToDecimal(7)).toBe("0.07");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(-250)).toBe("-2.50");
  });

  it("formats KES as the shop always has, with a no-break space", () => {
    expect(formatKesCents(25000)).toBe("KSh\u00a0250.00");
    expect(formatKesCents(125000)).toBe("KSh\u00a01,250.00");
    expect(formatKesCents(29900)).toBe("KSh\u00a0299.00");
  });

  it("formats other currencies with Intl for their locale", () => {
    expect(formatMinorUnits(1000, "USD", "en-US")).toBe("$10.00");
    expect(formatMinorUnits(125050, "EUR", "de-DE")).toBe("1.250,50\u00a0€");
  });
});
