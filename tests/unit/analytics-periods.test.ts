import { describe, expect, it } from "vitest";
import { monthsAndEdges } from "~/modules/analytics/periods";

// Totals over a period read whole months from the monthly roll-ups and the days around them from the daily rows:
// every day of the period exactly once.
function daysOf([from, to]: [string, string]): string[] {
  const out: string[] = [];
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000)
    out.push(new Date(d).toISOString().slice(0, 10));
  return out;
}
function covered(split: ReturnType<typeof monthsAndEdges>): string[] {
  const days = split.days.flatMap((range) => daysOf(range));
  if (split.months) {
    const [first, last] = split.months;
    const lastDay = new Date(Date.UTC(Number(last.slice(0, 4)), Number(last.slice(5, 7)), 0))
      .toISOString()
      .slice(0, 10);
    days.push(...daysOf([first, lastDay]));
  }
  return days.sort();
}

describe("a period as whole months and the days at its edges", () => {
  it("takes the whole months inside 90 days from the roll-ups and the rest as days", () => {
    const split = monthsAndEdges("2026-08-29", "2026-11-26");
    expect(split).toEqual({
      months: ["2026-09-01", "2026-10-01"],
      days: [
        ["2026-08-29", "2026-08-31"],
        ["2026-11-01", "2026-11-26"],
      ],
    });
  });

  it("has no whole month in 7 days, or in 30 days that straddle two months", () => {
    expect(monthsAndEdges("2026-11-20", "2026-11-26")).toEqual({ months: null, days: [["2026-11-20", "2026-11-26"]] });
    expect(monthsAndEdges("2026-10-28", "2026-11-26")).toEqual({ months: null, days: [["2026-10-28", "2026-11-26"]] });
  });

  it("counts a month whole when the period starts on its first day or ends on its last", () => {
    expect(monthsAndEdges("2026-09-01", "2026-11-30")).toEqual({ months: ["2026-09-01", "2026-11-01"], days: [] });
    expect(monthsAndEdges("2026-02-01", "2026-02-28")).toEqual({ months: ["2026-02-01", "2026-02-01"], days: [] });
    expect(monthsAndEdges("2024-02-01", "2024-02-28")).toEqual({ months: null, days: [["2024-02-01", "2024-02-28"]] });
  });

  it("covers every day of any period exactly once", () => {
    for (let start = Date.UTC(2025, 10, 1); start < Date.UTC(2027, 1, 1); start += 3 * 86_400_000) {
      for (const length of [7, 30, 90, 120]) {
        const first = new Date(start).toISOString().slice(0, 10);
        const last = new Date(start + (length - 1) * 86_400_000).toISOString().slice(0, 10);
        expect(covered(monthsAndEdges(first, last)), `${first}..${last}`).toEqual(daysOf([first, last]));
      }
    }
  });
});
