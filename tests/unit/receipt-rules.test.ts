// The receipt rules of receipt-rules.ts with worked examples an accountant can check by hand.
import { describe, expect, it } from "vitest";
import {
  csvCell,
  formatReceiptNumber,
  KRA_PIN,
  monthRange,
  nairobiMonth,
  nairobiYear,
  normalizeKraPin,
  vatIncludedIn,
} from "~/modules/receipts/receipt-rules";

describe("vatIncludedIn: 16 % inside the price, rounded half away from zero to the cent", () => {
  it.each([
    // KSh 1,500.00 x 16 / 116 = 206.8966 -> 206.90; net 1,293.10
    [150000, 20690],
    // KSh 450.00 x 16 / 116 = 62.0690 -> 62.07
    [45000, 6207],
    // KSh 116.00 -> exactly 16.00
    [11600, 1600],
    // 0.29 x 16 / 116 = 0.04 exactly; 0.30 -> 0.041379 -> 0.04; 0.58 -> 0.08 exactly
    [29, 4],
    [30, 4],
    [58, 8],
    // KSh 10.15 -> exactly 1.40
    [1015, 140],
    // 1 cent: 0.1379 of a cent -> 0
    [1, 0],
    // 4 cents: 0.5517 -> 1 cent
    [4, 1],
  ])("%i cents -> VAT %i cents", (price, vat) => {
    expect(vatIncludedIn(price)).toBe(vat);
  });

  it("is always the nearest cent (16/116 = 4/29 never leaves exactly half a cent)", () => {
    for (let price = 0; price <= 20_000; price++) {
      const vat = vatIncludedIn(price);
      // |vat - price x 4/29| <= 1/2, in 58ths of a cent to stay in integers.
      expect(Math.abs(58 * vat - 8 * price)).toBeLessThanOrEqual(29);
    }
  });

  it("refuses an amount that is not whole cents", () => {
    expect(() => vatIncludedIn(1.5)).toThrow(RangeError);
  });
});

describe("KRA PIN", () => {
  it.each(["A123456789B", "P051234567Z"])("accepts %s", (pin) => expect(KRA_PIN.test(pin)).toBe(true));
  it.each(["A12345678B", "1234567890B", "A1234567890", "AB23456789C", "a123456789b", ""])("refuses %j", (pin) =>
    expect(KRA_PIN.test(pin)).toBe(false),
  );
  it("is stored upper case without spaces", () => expect(normalizeKraPin(" a 123456789 b ")).toBe("A123456789B"));
});

describe("receipt numbers and Nairobi dates", () => {
  it("formats the year and a six-digit sequence", () => {
    expect(formatReceiptNumber(2026, 123)).toBe("NURU-2026-000123");
    expect(formatReceiptNumber(2027, 1)).toBe("NURU-2027-000001");
  });

  it("takes the year and month in Nairobi time (UTC+3)", () => {
    // 31 December 2026, 21:30 UTC is 00:30 on 1 January 2027 in Nairobi.
    expect(nairobiYear(new Date("2026-12-31T21:30:00Z"))).toBe(2027);
    expect(nairobiYear(new Date("2026-12-31T20:59:59Z"))).toBe(2026);
    expect(nairobiMonth(new Date("2026-10-31T21:00:00Z"))).toBe("2026-11");
  });

  it("bounds a month from 00:00 Nairobi on the 1st to the next 1st, December into January", () => {
    expect(monthRange("2026-11")).toEqual({
      from: new Date("2026-10-31T21:00:00Z"),
      to: new Date("2026-11-30T21:00:00Z"),
    });
    expect(monthRange("2026-12").to).toEqual(new Date("2026-12-31T21:00:00Z"));
    expect(() => monthRange("2026-13")).toThrow(RangeError);
  });
});

describe("csvCell", () => {
  it.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+254712345678", "'+254712345678"],
    ["-cmd", "'-cmd"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ["Wanjiru, K", '"Wanjiru, K"'],
    ["-1500.00", "-1500.00"],
    ["1293.10", "1293.10"],
    ["NURU-2026-000001", "NURU-2026-000001"],
  ])("%j -> %j", (value, cell) => expect(csvCell(value)).toBe(cell));
});
