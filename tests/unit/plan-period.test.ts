import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  addPlanPeriod,
  isShortPeriod,
  perPeriodText,
  periodLabel,
  periodProblem,
  planItemText,
  planTitle,
  reminderDaysFor,
  type PeriodUnit,
} from "~/modules/membership/plan-period";
import { autoRenewScheduleText } from "~/modules/membership/card-renewal-schedule";
import { addMonths as grantsAddMonths } from "~/modules/membership/grants.server";

const plan = (periodUnit: PeriodUnit, periodCount: number) => ({ periodUnit, periodCount });
const iso = (date: Date) => date.toISOString();

describe("adding a plan's period", () => {
  it("a 7-day pass ends exactly 7 x 24 hours later, across a month's and a year's end", () => {
    expect(iso(addPlanPeriod(new Date("2026-11-26T23:10:00Z"), plan("day", 7)))).toBe("2026-12-03T23:10:00.000Z");
    expect(iso(addPlanPeriod(new Date("2026-12-28T08:00:00Z"), plan("day", 7)))).toBe("2027-01-04T08:00:00.000Z");
    expect(iso(addPlanPeriod(new Date("2028-02-26T08:00:00Z"), plan("day", 7)))).toBe("2028-03-04T08:00:00.000Z");
  });

  it("weeks are 7 days each; a week and 7 days end at the same instant", () => {
    const start = new Date("2027-02-25T10:00:00Z");
    expect(iso(addPlanPeriod(start, plan("week", 1)))).toBe(iso(addPlanPeriod(start, plan("day", 7))));
    expect(iso(addPlanPeriod(start, plan("week", 2)))).toBe("2027-03-11T10:00:00.000Z");
  });

  it.each([
    // Month ends: the day kept where the month has it, else the month's last day.
    ["2026-01-31T12:00:00Z", 1, "2026-02-28T12:00:00.000Z"],
    ["2028-01-31T12:00:00Z", 1, "2028-02-29T12:00:00.000Z"], // leap year
    ["2027-11-30T00:00:00Z", 3, "2028-02-29T00:00:00.000Z"],
    ["2026-12-31T00:00:00Z", 2, "2027-02-28T00:00:00.000Z"],
    ["2026-03-31T09:00:00Z", 1, "2026-04-30T09:00:00.000Z"],
    ["2026-11-23T10:00:00Z", 2, "2027-01-23T10:00:00.000Z"],
    ["2026-11-23T10:00:00Z", 12, "2027-11-23T10:00:00.000Z"],
    ["2028-02-29T10:00:00Z", 12, "2029-02-28T10:00:00.000Z"],
  ])("%s + %s months = %s", (start, months, end) => {
    expect(iso(addPlanPeriod(new Date(start), plan("month", months)))).toBe(end);
  });

  it("counts months on Nairobi's calendar: 01:00 on 31 January there ends on 28 February there, not 1 March", () => {
    // 2027-01-30T22:00Z is 31 January 01:00 in Nairobi (UTC+3).
    expect(iso(addMonths(new Date("2027-01-30T22:00:00Z"), 1))).toBe("2027-02-27T22:00:00.000Z");
    // 2027-03-31T21:30Z is 1 April 00:30 in Nairobi: a month later is 1 May 00:30 there.
    expect(iso(addMonths(new Date("2027-03-31T21:30:00Z"), 1))).toBe("2027-04-30T21:30:00.000Z");
  });

  it("adds several periods at once (a renewal queued behind another)", () => {
    expect(iso(addPlanPeriod(new Date("2027-01-01T00:00:00Z"), plan("day", 7), 2))).toBe("2027-01-15T00:00:00.000Z");
    expect(iso(addPlanPeriod(new Date("2027-01-31T00:00:00Z"), plan("month", 1), 2))).toBe("2027-03-31T00:00:00.000Z");
  });

  it("keeps the old names: grants' addMonths is this one, and free trials still add days", () => {
    expect(grantsAddMonths).toBe(addMonths);
    expect(iso(addDays(new Date("2026-11-23T10:00:00Z"), 7))).toBe("2026-11-30T10:00:00.000Z");
  });
});

describe("the period in words", () => {
  it.each([
    [plan("day", 7), "7 days", "/ 7 days"],
    [plan("day", 1), "1 day", "/ day"],
    [plan("week", 1), "1 week", "/ week"],
    [plan("week", 2), "2 weeks", "/ 2 weeks"],
    [plan("month", 1), "1 month", "/ month"],
    [plan("month", 2), "2 months", "/ 2 months"],
    [plan("month", 12), "12 months", "/ 12 months"],
  ])("%o: %s, %s", (period, label, perPeriod) => {
    expect(periodLabel(period)).toBe(label);
    expect(perPeriodText(period)).toBe(perPeriod);
  });

  it("names a bought plan: a pass as it is, other plans with 'plan'", () => {
    expect(planTitle("Standard")).toBe("Standard plan");
    expect(planTitle("7-day pass")).toBe("7-day pass");
    expect(planItemText("7-day pass", "day", 7)).toBe("7-day pass (7 days)");
    expect(planItemText("Standard", "month", 2)).toBe("Standard plan (2 months)");
    expect(planItemText("Basic", "month", 1)).toBe("Basic plan (1 month)");
    expect(planItemText("Basic", null, null)).toBe("Basic plan");
  });

  it("tells the card payer what schedule Pesapal shows", () => {
    expect(autoRenewScheduleText(plan("day", 7))).toBe(
      "Your card is charged once a week, on the day your paid week ends.",
    );
    expect(autoRenewScheduleText(plan("month", 1))).toMatch(/once a month/);
    expect(autoRenewScheduleText(plan("month", 3))).toBe(
      "Pesapal's page asks you how often to charge your card; each charge adds 3 months to your plan. Choose Quarterly there.",
    );
    expect(autoRenewScheduleText(plan("week", 2))).toBe(
      "Pesapal's page asks you how often to charge your card; each charge adds 2 weeks to your plan.",
    );
  });
});

describe("reminders before the end", () => {
  it.each([
    [plan("month", 1), [7, 1]],
    [plan("month", 3), [7, 1]],
    [plan("week", 4), [7, 1]],
    [plan("day", 30), [7, 1]],
    // A 7-day reminder for a 7-day pass would come the day she bought it: only the last day's.
    [plan("day", 7), [1]],
    [plan("week", 2), [1]],
    [plan("day", 3), [1]],
    // A day or two: the last day's reminder would come within a day of paying, so none.
    [plan("day", 2), []],
    [plan("day", 1), []],
  ])("%o -> %o", (period, days) => {
    expect(reminderDaysFor(period)).toEqual(days);
  });

  it("a pass is shorter than 28 days", () => {
    expect(isShortPeriod(plan("day", 7))).toBe(true);
    expect(isShortPeriod(plan("week", 3))).toBe(true);
    expect(isShortPeriod(plan("week", 4))).toBe(false);
    expect(isShortPeriod(plan("month", 1))).toBe(false);
  });
});

describe("the admin's period check", () => {
  it.each([
    ["day", 7, null],
    ["week", 52, null],
    ["month", 24, null],
    ["day", 0, "At least 1"],
    ["day", 1.5, "Enter a whole number"],
    ["day", 367, "At most 366 days"],
    ["week", 53, "At most 52 weeks"],
    ["month", 25, "At most 24 months"],
    ["year", 1, "Choose days, weeks or months"],
  ])("%s x %s -> %s", (unit, count, problem) => {
    expect(periodProblem(unit, count)).toBe(problem);
  });
});
