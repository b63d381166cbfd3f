import { describe, expect, it } from "vitest";
import { PLAN_CATALOGUE, PRICING_RULES } from "~/modules/pricing/catalogue-data";
import {
  CURRENCY_LOCALES,
  FALLBACK_EXCHANGE_RATES,
  chargedKesCents,
  regionalPrice,
  type PricingRule,
} from "~/modules/pricing/pricing";

const NBSP = "\u00a0";

function rule(countryCode: string, currency: string, markup: string, discount = "0"): PricingRule {
  return { id: `rule-${countryCode}`, countryCode, currency, markupPercentage: markup, discountPercentage: discount };
}

// Spec section 9: multipliers 2.5 / 2 / 1.2 / 1, fallback rates per 1 KES, rounded to 0.05, two decimals.
// Base prices are catalogue A (250 / 500 / 1500 KES) and the sample ebook price (299 KES).
const TABLE: [
  country: string,
  rule: PricingRule | null,
  baseKes: number,
  charged: number,
  shown: number,
  label: string,
][] = [
  ["KE", rule("KE", "KES", "0"), 250, 25000, 25000, `KSh${NBSP}250.00`],
  ["KE", rule("KE", "KES", "0"), 1500, 150000, 150000, `KSh${NBSP}1,500.00`],
  ["US", rule("US", "USD", "150"), 250, 62500, 500, `KSh${NBSP}625.00 ≈ $5.00`],
  ["US", rule("US", "USD", "150"), 500, 125000, 1000, `KSh${NBSP}1,250.00 ≈ $10.00`],
  ["GB", rule("GB", "GBP", "150"), 1500, 375000, 2250, `KSh${NBSP}3,750.00 ≈ £22.50`],
  // 747.50 is charged as 747 (whole shillings, her favour: issue 46 item 27); 747 x 0.007 = 5.229 EUR -> 5.25
  ["DE", rule("DE", "EUR", "150"), 299, 74700, 525, `KSh${NBSP}747.00 ≈ 5,25${NBSP}€`],
  // 747 x 0.01 = 7.47 CAD -> 7.45
  ["CA", rule("CA", "CAD", "150"), 299, 74700, 745, `KSh${NBSP}747.00 ≈ $7.45`],
  ["AE", rule("AE", "AED", "100"), 250, 50000, 1500, `KSh${NBSP}500.00 ≈ AED${NBSP}15.00`],
  ["ZA", rule("ZA", "ZAR", "100"), 500, 100000, 15000, `KSh${NBSP}1,000.00 ≈ R${NBSP}150,00`],
  ["QA", rule("QA", "USD", "100"), 250, 50000, 400, `KSh${NBSP}500.00 ≈ $4.00`],
  // 358.80 -> 358 KES charged; 358 x 4.5 = 1611.00 NGN
  ["NG", rule("NG", "NGN", "20"), 299, 35800, 161100, `KSh${NBSP}358.00 ≈ ₦1,611.00`],
  ["GH", rule("GH", "GHS", "20"), 250, 30000, 1800, `KSh${NBSP}300.00 ≈ GH₵18.00`],
  // An unlisted country pays the base price, shown in KES.
  ["JP", null, 500, 50000, 50000, `KSh${NBSP}500.00`],
  // A discount rule multiplies by 1 - pct/100: 500 x 0.9 = 450 KES, x 0.6 = 270 INR.
  ["IN", rule("IN", "INR", "0", "10"), 500, 45000, 27000, `KSh${NBSP}450.00 ≈ ₹270.00`],
];

describe("regional price table (spec section 9)", () => {
  it.each(TABLE)("%s, rule %o, %i KES", (countryCode, r, baseKes, charged, shown, label) => {
    const price = regionalPrice({ baseCents: baseKes * 100, countryCode, rule: r, ratePerKes: null });
    expect(price.chargedCents).toBe(charged);
    expect(price.displayMinorUnits).toBe(shown);
    expect(price.label).toBe(label);
    expect(price.countryCode).toBe(countryCode);
    expect(price.ruleId).toBe(r?.id ?? null);
  });
});

describe("regional price details", () => {
  it("multiplies by the rule once: no second 2.5x for the US (decisions.md)", () => {
    for (const plan of PLAN_CATALOGUE) {
      const us = regionalPrice({
        baseCents: plan.priceCents,
        countryCode: "US",
        rule: rule("US", "USD", "150"),
        ratePerKes: null,
      });
      // 2.5 x the base, less the cents she is not charged (whole shillings, issue 46 item 27).
      expect((us.chargedCents + us.roundedOffCents) * 2).toBe(plan.priceCents * 5);
      expect(us.chargedCents % 100).toBe(0);
    }
  });

  it("charges every KES price in whole shillings, the cents left off in her favour and recorded (issue 46 item 27)", () => {
    const ng = regionalPrice({ baseCents: 29900, countryCode: "NG", rule: rule("NG", "NGN", "20"), ratePerKes: null });
    expect([ng.chargedCents, ng.roundedOffCents]).toEqual([35800, 80]);
    const ke = regionalPrice({ baseCents: 25000, countryCode: "KE", rule: null, ratePerKes: null });
    expect([ke.chargedCents, ke.roundedOffCents]).toEqual([25000, 0]);
    // A base price with cents (an admin typed 199.95) is charged 199.
    const odd = regionalPrice({ baseCents: 19995, countryCode: "KE", rule: null, ratePerKes: null });
    expect([odd.chargedCents, odd.roundedOffCents, odd.label]).toEqual([19900, 95, `KSh${NBSP}199.00`]);
  });

  it("uses the stored exchange rate before the spec's fallback", () => {
    const stored = regionalPrice({
      baseCents: 25000,
      countryCode: "US",
      rule: rule("US", "USD", "150"),
      ratePerKes: "0.0077",
    });
    // 625 x 0.0077 = 4.8125 -> 4.80
    expect(stored.displayMinorUnits).toBe(480);
    expect(stored.exchangeRate).toBe("0.0077");
    const fallback = regionalPrice({
      baseCents: 25000,
      countryCode: "US",
      rule: rule("US", "USD", "150"),
      ratePerKes: null,
    });
    expect(fallback.exchangeRate).toBe("0.008");
  });

  it("shows KES only when no rate is known for the rule's currency, never a guessed rate", () => {
    const price = regionalPrice({
      baseCents: 25000,
      countryCode: "SN",
      rule: rule("SN", "XOF", "20"),
      ratePerKes: null,
    });
    expect(price.chargedCents).toBe(30000);
    expect(price.displayCurrency).toBe("KES");
    expect(price.displayMinorUnits).toBe(30000);
    expect(price.label).toBe(`KSh${NBSP}300.00`);
  });

  it("rounds the KES amount charged to 0.05 as well, so KES visitors see what they pay", () => {
    // 0.99 x 1.2 = 1.188 -> 1.20; 1.01 x 2.5 = 2.525 -> 2.55 (half up)
    expect(chargedKesCents(99, rule("NG", "NGN", "20"))).toBe(120);
    expect(chargedKesCents(101, rule("US", "USD", "150"))).toBe(255);
  });

  it("is exact where floats are not (0.1 x 3 is 0.30000000000000004 as a float)", () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(chargedKesCents(29900, rule("NG", "NGN", "20"))).toBe(35880);
    // 0.10 KES x 3 (a 200 % markup) is exactly 0.30 KES, a multiple of 0.05.
    expect(chargedKesCents(10, rule("XX", "USD", "200"))).toBe(30);
  });

  it("has a rate and a locale for every seeded currency and about 20 currencies in its locale map", () => {
    for (const r of PRICING_RULES) {
      expect(CURRENCY_LOCALES[r.currency], r.currency).toBeDefined();
      expect(FALLBACK_EXCHANGE_RATES[r.currency], r.currency).toBeDefined();
    }
    expect(Object.keys(CURRENCY_LOCALES).length).toBeGreaterThanOrEqual(20);
  });

  it("seeds spec section 9's multipliers: 2.5, 2, 1.2, 1, and base price elsewhere", () => {
    const multiplier = (country: string) => {
      const r = PRICING_RULES.find((x) => x.countryCode === country);
      const price = regionalPrice({
        baseCents: 100000,
        countryCode: country,
        rule: r ? { id: null, discountPercentage: "0", ...r } : null,
        ratePerKes: null,
      });
      return price.chargedCents / 100000;
    };
    for (const c of "US CA GB DE FR IT ES NL SE CH NO AU NZ".split(" ")) expect([c, multiplier(c)]).toEqual([c, 2.5]);
    for (const c of "AE SA QA KW BH OM ZA".split(" ")) expect([c, multiplier(c)]).toEqual([c, 2]);
    for (const c of "NG GH UG TZ RW ET EG MA".split(" ")) expect([c, multiplier(c)]).toEqual([c, 1.2]);
    expect(multiplier("KE")).toBe(1);
    expect(multiplier("JP")).toBe(1);
    expect(multiplier("BR")).toBe(1);
  });
});
