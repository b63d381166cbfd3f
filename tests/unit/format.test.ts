import { describe, expect, it } from "vitest";
import { formatDate } from "~/lib/format";

const nairobi = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Africa/Nairobi",
});

describe("formatDate", () => {
  it("writes the date in Nairobi as Intl does, on every day of several years and across midnight there", () => {
    const start = Date.UTC(2019, 0, 1);
    for (let day = 0; day < 365 * 8 + 2; day++)
      for (const hour of [0, 20, 21, 23]) {
        const iso = new Date(start + day * 86_400_000 + hour * 3_600_000 + 59 * 60_000).toISOString();
        expect(formatDate(iso), iso).toBe(nairobi.format(new Date(iso)));
      }
  });

  it("turns 21:00 UTC into the next day, as Nairobi's clocks do", () => {
    expect(formatDate("2026-11-25T20:59:59Z")).toBe("25 November 2026");
    expect(formatDate("2026-11-25T21:00:00Z")).toBe("26 November 2026");
  });

  it("refuses what is not a date, as Intl does", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
  });
});
