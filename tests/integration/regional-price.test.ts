import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { exchangeRates, pricingRules } from "~/db/schema";
import { createPricingData } from "~/db/seed/factories";
import { loadCountryPricing, regionalPriceFor, regionalPricesFor } from "~/modules/pricing/regional-price.server";
import { withShownPrices } from "~/modules/pricing/shown-prices.server";

let t: TestDatabase;
const NBSP = "\u00a0";

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
});
afterAll(async () => {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

describe(`regional prices from the database (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("prices catalogue A for a US visitor: 2.5x in KES, shown in USD", async () => {
    const [basic, standard, premium] = await regionalPricesFor("US", [25000, 50000, 150000]);
    expect([basic.chargedCents, standard.chargedCents, premium.chargedCents]).toEqual([62500, 125000, 375000]);
    expect(standard.label).toBe(`KSh${NBSP}1,250.00 ≈ $10.00`);
    expect(standard).toMatchObject({ markupPercentage: "150.00", exchangeRate: "0.00800000", displayCurrency: "USD" });
    const [rule] = await t.db.select().from(pricingRules).where(eq(pricingRules.countryCode, "US"));
    expect(standard.ruleId).toBe(rule.id);
  });

  it("reads the stored rate, not the fallback, once an admin changes it", async () => {
    await t.db.update(exchangeRates).set({ ratePerKes: "0.0077" }).where(eq(exchangeRates.currency, "USD"));
    try {
      const price = await regionalPriceFor("us", 25000);
      // 625 x 0.0077 = 4.8125 -> 4.80
      expect(price.displayMinorUnits).toBe(480);
      expect(price.exchangeRate).toBe("0.00770000");
    } finally {
      await t.db.update(exchangeRates).set({ ratePerKes: "0.008" }).where(eq(exchangeRates.currency, "USD"));
    }
  });

  it("charges Kenya the base price and an unlisted country the base price in KES", async () => {
    expect((await regionalPriceFor("KE", 50000)).label).toBe(`KSh${NBSP}500.00`);
    const japan = await regionalPriceFor("JP", 50000);
    expect(japan).toMatchObject({ chargedCents: 50000, displayCurrency: "KES", ruleId: null });
    expect(await loadCountryPricing("JP")).toMatchObject({ rule: null, countryName: null });
  });

  it("prices an African country 1.2x in its own currency", async () => {
    const nigeria = await regionalPriceFor("NG", 29900);
    // 358.80 KES, charged in whole shillings in her favour (issue 46 item 27): 358 x 4.5 = 1611.00 NGN.
    expect(nigeria.label).toBe(`KSh${NBSP}358.00 ≈ ₦1,611.00`);
    expect((await loadCountryPricing("NG")).countryName).toBe("Nigeria");
  });

  it("shows ebook and plan prices for the visitor country, nothing for free and subscription-only items", async () => {
    const items = [
      { id: "a", priceCents: 29900 },
      { id: "b", priceCents: null },
      { id: "c", priceCents: 0 },
    ];
    const [priced, subscriptionOnly, free] = await withShownPrices("US", items);
    expect(priced).toMatchObject({
      id: "a",
      shownPrice: { label: `KSh${NBSP}747.00 ≈ $6.00`, charged: `KSh${NBSP}747.00` },
    });
    expect([subscriptionOnly.shownPrice, free.shownPrice]).toEqual([null, null]);
    const [kenyan] = await withShownPrices("KE", items);
    expect(kenyan.shownPrice).toEqual({ label: `KSh${NBSP}299.00`, charged: `KSh${NBSP}299.00` });
  });
});
