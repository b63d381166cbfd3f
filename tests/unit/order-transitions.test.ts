import { describe, expect, it } from "vitest";
import { decideTransition, mismatches, type GatewayReport, type OrderStatus } from "~/modules/orders/order-transitions";
import { addDays, addMonths } from "~/modules/membership/grants.server";

const ORDER = { amountCents: 50000, currency: "KES", merchantReference: "NURU-ABC" };
const report = (statusCode: GatewayReport["statusCode"], overrides: Partial<GatewayReport> = {}): GatewayReport => ({
  statusCode,
  amountCents: 50000,
  currency: "KES",
  merchantReference: "NURU-ABC",
  ...overrides,
});
const decide = (status: OrderStatus, r: GatewayReport) => decideTransition({ ...ORDER, status }, r);

describe("what a verified gateway answer does to an order", () => {
  // [order status, status code] -> [new status or null, effect]
  const TABLE: [OrderStatus, GatewayReport["statusCode"], OrderStatus | null, "grant" | "revoke" | "none"][] = [
    ["pending", 0, null, "none"],
    ["pending", 1, "completed", "grant"],
    ["pending", 2, "failed", "none"],
    ["pending", 3, "reversed", "none"],
    ["failed", 0, null, "none"],
    ["failed", 1, "completed", "grant"],
    ["failed", 2, null, "none"],
    ["failed", 3, "reversed", "none"],
    ["completed", 0, null, "none"],
    ["completed", 1, null, "none"],
    ["completed", 2, null, "none"],
    ["completed", 3, "reversed", "revoke"],
    ["reversed", 1, null, "none"],
    ["reversed", 3, null, "none"],
    ["cancelled", 1, null, "none"],
    ["cancelled", 3, null, "none"],
    ["review", 1, null, "none"],
    ["review", 3, "reversed", "none"],
    ["abandoned", 0, null, "none"],
    ["abandoned", 1, "completed", "grant"],
    ["abandoned", 2, null, "none"],
    ["abandoned", 3, "reversed", "none"],
    // A full refund ended access and is final; a partial one kept access until a reversal takes it back.
    ["refunded", 0, null, "none"],
    ["refunded", 1, null, "none"],
    ["refunded", 2, null, "none"],
    ["refunded", 3, null, "none"],
    ["partially_refunded", 0, null, "none"],
    ["partially_refunded", 1, null, "none"],
    ["partially_refunded", 2, null, "none"],
    ["partially_refunded", 3, "reversed", "revoke"],
  ];
  it.each(TABLE)("%s + status_code %i -> %s (%s)", (status, code, to, effect) => {
    const decision = decide(status, report(code));
    expect(decision.to).toBe(to);
    expect(decision.effect).toBe(effect);
  });

  it("grants nothing for a COMPLETED that does not match the order, and sends it to review", () => {
    for (const tampered of [
      { amountCents: 100 },
      { amountCents: 50001 },
      { currency: "USD" },
      { merchantReference: "NURU-OTHER" },
    ]) {
      const decision = decide("pending", report(1, tampered));
      expect(decision).toMatchObject({ to: "review", effect: "none" });
      expect(decision.reason).toMatch(/does not match/);
    }
    expect(decide("completed", report(1, { amountCents: 1 }))).toMatchObject({ to: null, effect: "none" });
  });

  it("compares currency without regard to case and lists every difference", () => {
    expect(mismatches({ ...ORDER, status: "pending" }, report(1, { currency: "kes" }))).toEqual([]);
    expect(mismatches({ ...ORDER, status: "pending" }, report(1, { currency: "USD", amountCents: 1 }))).toHaveLength(2);
  });
});

describe("subscription periods", () => {
  it("adds calendar months, keeping the day or the month's last day", () => {
    expect(addMonths(new Date("2026-11-23T10:00:00Z"), 2).toISOString()).toBe("2027-01-23T10:00:00.000Z");
    expect(addMonths(new Date("2026-12-31T00:00:00Z"), 2).toISOString()).toBe("2027-02-28T00:00:00.000Z");
    expect(addMonths(new Date("2027-11-30T00:00:00Z"), 3).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(addMonths(new Date("2026-01-31T12:00:00Z"), 1).toISOString()).toBe("2026-02-28T12:00:00.000Z");
  });
  it("adds trial days", () => {
    expect(addDays(new Date("2026-11-23T10:00:00Z"), 7).toISOString()).toBe("2026-11-30T10:00:00.000Z");
  });
});
