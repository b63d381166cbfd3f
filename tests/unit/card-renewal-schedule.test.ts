import { describe, expect, it } from "vitest";
import {
  accountNumberFrom,
  checkoutFormSchema,
  parsePesapalDate,
  pesapalDate,
  recurringFrequencyFor,
  subscriptionDetailsFor,
} from "~/modules/membership/card-renewal-schedule";

const months = (periodCount: number) => ({ periodUnit: "month" as const, periodCount });

describe("card auto-renew frequency", () => {
  it.each([
    [1, "MONTHLY"],
    [12, "YEARLY"],
    [2, null],
    [3, null],
    [6, null],
    // A yearly charge for a 24-month price would be a different bargain: the buyer picks on Pesapal's page.
    [24, null],
    [0, null],
    [-1, null],
    [1.5, null],
  ])("%s months -> %s", (count, frequency) => {
    expect(recurringFrequencyFor(months(count))).toBe(frequency);
  });

  it.each([
    ["day", 1, "DAILY"],
    ["day", 7, "WEEKLY"],
    ["week", 1, "WEEKLY"],
    // Two weeks' price charged weekly would be another bargain: no frequency, the buyer picks.
    ["week", 2, null],
    ["day", 14, null],
    ["day", 30, null],
  ] as const)("%s x %s -> %s", (periodUnit, periodCount, frequency) => {
    expect(recurringFrequencyFor({ periodUnit, periodCount })).toBe(frequency);
  });
});

describe("Pesapal dates (dd-MM-yyyy, Nairobi day)", () => {
  it.each([
    ["2027-01-24T09:00:00Z", "24-01-2027"],
    // 21:00 UTC is midnight in Nairobi: already the next day there.
    ["2027-01-24T21:00:00Z", "25-01-2027"],
    ["2027-01-24T20:59:59Z", "24-01-2027"],
    ["2026-12-31T22:30:00Z", "01-01-2027"],
    ["2028-02-29T00:00:00Z", "29-02-2028"],
  ])("%s -> %s", (iso, text) => {
    expect(pesapalDate(new Date(iso))).toBe(text);
  });

  it("reads its own text back as midnight in Nairobi, and refuses dates that do not exist", () => {
    expect(parsePesapalDate("24-01-2027")?.toISOString()).toBe("2027-01-23T21:00:00.000Z");
    expect(pesapalDate(parsePesapalDate("01-03-2027")!)).toBe("01-03-2027");
    for (const bad of ["31-02-2027", "2027-01-24", "1-1-2027", "", "00-01-2027"]) {
      expect(parsePesapalDate(bad)).toBeNull();
    }
  });
});

describe("subscription_details for a plan", () => {
  it("a 1-month plan: monthly from the end of the paid period, for five years", () => {
    expect(subscriptionDetailsFor(months(1), new Date("2027-03-10T12:00:00Z"))).toEqual({
      startDate: "10-03-2027",
      endDate: "10-03-2032",
      frequency: "MONTHLY",
    });
  });
  it("a 12-month plan: yearly", () => {
    expect(subscriptionDetailsFor(months(12), new Date("2027-03-10T12:00:00Z"))?.frequency).toBe("YEARLY");
  });
  it("a 7-day pass: weekly from the end of the paid week", () => {
    expect(subscriptionDetailsFor({ periodUnit: "day", periodCount: 7 }, new Date("2027-03-10T12:00:00Z"))).toEqual({
      startDate: "10-03-2027",
      endDate: "10-03-2032",
      frequency: "WEEKLY",
    });
  });
  it("2 and 3 months have no API frequency: none sent", () => {
    expect(subscriptionDetailsFor(months(2), new Date())).toBeNull();
    expect(subscriptionDetailsFor(months(3), new Date())).toBeNull();
  });
});

describe("account numbers", () => {
  it("NR- and 26 base32 characters from 16 bytes, within Pesapal's reference rules", () => {
    const zeros = accountNumberFrom(new Uint8Array(16));
    expect(zeros).toBe(`NR-${"0".repeat(26)}`);
    const ones = accountNumberFrom(new Uint8Array(16).fill(255));
    expect(ones).toBe(`NR-${"Z".repeat(25)}W`);
    const random = accountNumberFrom(crypto.getRandomValues(new Uint8Array(16)));
    expect(random).toMatch(/^NR-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(random.length).toBeLessThanOrEqual(50);
  });
});

describe("checkout form", () => {
  it("auto-renew is opt-in: ticked posts 'on', unticked posts nothing, anything else is refused", () => {
    expect(checkoutFormSchema.parse({ intent: "pay", autoRenew: "on" })).toEqual({ intent: "pay", autoRenew: true });
    expect(checkoutFormSchema.parse({ intent: "pay" })).toEqual({ intent: "pay", autoRenew: false });
    expect(checkoutFormSchema.safeParse({ intent: "pay", autoRenew: "yes" }).success).toBe(false);
    expect(checkoutFormSchema.safeParse({ intent: "steal" }).success).toBe(false);
  });
});
