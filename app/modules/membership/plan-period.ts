// A plan's period (issue 33, ADR 036): a count of days, weeks or months, set by an admin. The one place that adds a
// period to a date, says it in words, picks the Pesapal frequency for it and the reminders before its end. Pure, so
// the unit tests cover it as tables; pages, checkout, grants, reminders and receipts all call it.
import { NAIROBI_OFFSET_MS } from "~/lib/nairobi-time";

export const PERIOD_UNITS = ["day", "week", "month"] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

/** The two columns every plan row has (subscription_plans.period_unit, period_count). */
export interface PlanPeriod {
  periodUnit: PeriodUnit;
  periodCount: number;
}

/** The longest period an admin may set, per unit: a year of days or weeks, two years of months. */
export const PERIOD_COUNT_MAX: Record<PeriodUnit, number> = { day: 366, week: 52, month: 24 };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Adds whole days of 24 hours (Nairobi has no daylight saving, so a day is always 24 hours there). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/**
 * Adds calendar months on Nairobi's calendar, keeping the time of day and the day where the month has it, else the
 * month's last day (31 January + 1 month = 28 or 29 February). A period bought at 01:00 on 31 January in Nairobi
 * (22:00 on the 30th in UTC) ends on 28 February in Nairobi, not on 1 March.
 */
export function addMonths(date: Date, months: number): Date {
  const local = new Date(date.getTime() + NAIROBI_OFFSET_MS);
  const day = local.getUTCDate();
  local.setUTCDate(1);
  local.setUTCMonth(local.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  local.setUTCDate(Math.min(day, lastDay));
  return new Date(local.getTime() - NAIROBI_OFFSET_MS);
}

/** The end of `times` periods of this plan starting at `date` (a renewal queued after two periods: times 2). */
export function addPlanPeriod(date: Date, plan: PlanPeriod, times = 1): Date {
  const count = plan.periodCount * times;
  if (plan.periodUnit === "month") return addMonths(date, count);
  return addDays(date, plan.periodUnit === "week" ? count * 7 : count);
}

/** The period in days when it has a fixed length (days, weeks); null for months, whose length varies. */
export function fixedPeriodDays(plan: PlanPeriod): number | null {
  if (plan.periodUnit === "month") return null;
  return plan.periodUnit === "week" ? plan.periodCount * 7 : plan.periodCount;
}

/** Shorter than a month: a pass (under 28 days). Reminders and the pricing page's wording follow this. */
export function isShortPeriod(plan: PlanPeriod): boolean {
  const days = fixedPeriodDays(plan);
  return days !== null && days < 28;
}

const plural = (count: number, unit: PeriodUnit) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** The period in words, as the admin set it: "7 days", "1 week", "1 month", "12 months". */
export function periodLabel(plan: PlanPeriod): string {
  return plural(plan.periodCount, plan.periodUnit);
}

/** After a price: "/ day", "/ week", "/ month" for one unit, else "/ 7 days", "/ 3 months". */
export function perPeriodText(plan: PlanPeriod): string {
  return plan.periodCount === 1 ? `/ ${plan.periodUnit}` : `/ ${periodLabel(plan)}`;
}

/** "a 7-day pass", "a 2-month plan": the period as an adjective, for sentences. */
export function periodAdjective(plan: PlanPeriod): string {
  return `${plan.periodCount}-${plan.periodUnit}`;
}

/**
 * Which renewal reminders a period gets, in days before its end. A month or longer: 7 days and 1 day before (ADR
 * 015). A pass shorter than 28 days: only the 1-day one (a 7-day reminder would come on the day she bought it). A
 * pass of a day or two: none (the 1-day one would come within a day of paying).
 */
export function reminderDaysFor(plan: PlanPeriod): readonly (7 | 1)[] {
  const days = fixedPeriodDays(plan);
  if (days === null || days >= 28) return [7, 1];
  if (days > 2) return [1];
  return [];
}

/** The frequencies SubmitOrderRequest's subscription_details accept (no QUARTERLY through the API). */
export type RecurringFrequency = "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY";

/**
 * A plan's period as a Pesapal frequency, when one charge per frequency step buys exactly one period: 1 day ->
 * DAILY, 7 days or 1 week -> WEEKLY, 1 month -> MONTHLY, 12 months -> YEARLY. Anything else (2 or 3 months, 14 days)
 * has none, and the buyer picks on Pesapal's page (ADR 019): a WEEKLY charge of a 2-week price would be another
 * bargain than the plan's.
 */
export function recurringFrequencyFor(plan: PlanPeriod): RecurringFrequency | null {
  const { periodUnit: unit, periodCount: count } = plan;
  if (!Number.isInteger(count) || count <= 0) return null;
  if (unit === "day" && count === 1) return "DAILY";
  if ((unit === "day" && count === 7) || (unit === "week" && count === 1)) return "WEEKLY";
  if (unit === "month" && count === 1) return "MONTHLY";
  if (unit === "month" && count === 12) return "YEARLY";
  return null;
}

/** The admin form's check of a period; null when it is fine, else the message shown beside the count. */
export function periodProblem(unit: string, count: number): string | null {
  if (!(PERIOD_UNITS as readonly string[]).includes(unit)) return "Choose days, weeks or months";
  if (!Number.isInteger(count)) return "Enter a whole number";
  if (count < 1) return "At least 1";
  const max = PERIOD_COUNT_MAX[unit as PeriodUnit];
  if (count > max) return `At most ${plural(max, unit as PeriodUnit)}`;
  return null;
}

/** A plan's name as an item: "Standard plan", but a "7-day pass" (or a name already saying plan) as it is. */
export function planTitle(name: string): string {
  return /\b(pass|plan)\b/i.test(name) ? name : `${name} plan`;
}

/**
 * A bought plan as receipts, the export and mails name it: "Standard plan (2 months)", "7-day pass (7 days)". The
 * period columns come from a left join, so they may be null (then the name alone).
 */
export function planItemText(name: string | null, unit: PeriodUnit | null, count: number | null): string {
  const title = planTitle(name ?? "");
  return unit && count ? `${title} (${periodLabel({ periodUnit: unit, periodCount: count })})` : title;
}
