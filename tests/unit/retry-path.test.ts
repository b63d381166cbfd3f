import { describe, expect, it } from "vitest";
import type { orders } from "~/db/schema";
import { retryPathOf } from "~/modules/payments/retry-path";

type Order = typeof orders.$inferSelect;
const order = (fields: Partial<Order>) =>
  ({
    kind: "plan",
    ebookId: null,
    merchantReference: "NURU-ABC123",
    offerCode: null,
    upgradeCreditCents: null,
    fromArticleId: null,
    ...fields,
  }) as Order;

// Issue 46, item 15: "Try again" goes back to the same checkout with what she chose, from the order's own rows.
describe("the retry link of a payment that did not go through", () => {
  it("keeps the plan, the offer code and the article she came from", () => {
    expect(retryPathOf(order({ offerCode: "KARIBU20", fromArticleId: "a1" }), "standard", false)).toBe(
      "/checkout/plan/standard?code=KARIBU20&from=a1",
    );
  });
  it("keeps an upgrade (no code applies to one)", () => {
    expect(retryPathOf(order({ upgradeCreditCents: 12_000 }), "premium", false)).toBe(
      "/checkout/plan/premium?upgrade=1",
    );
  });
  it("keeps the ebook", () => {
    expect(retryPathOf(order({ kind: "ebook", ebookId: "e1" }), null, false)).toBe("/checkout/ebook/e1");
  });
  it("sends a gift back to the gift checkout, which fills it from the order", () => {
    expect(retryPathOf(order({}), "standard", true)).toBe("/gift/plan/standard?retry=NURU-ABC123");
  });
  it("falls back to the plans when the plan is gone", () => {
    expect(retryPathOf(order({}), null, false)).toBe("/pricing");
  });
});
