// The periods the analytics screen offers (issue 35), and their buckets: days for the short ones, months for a year.
// Days are Nairobi calendar days (UTC+3 all year, lib/nairobi-time.ts).
import { fromNairobiWallClock, inNairobi } from "~/lib/nairobi-time";

export const PERIODS = [
  { id: "7d", label: "7 days", days: 7 },
  { id: "30d", label: "30 days", days: 30 },
  { id: "90d", label: "90 days", days: 90 },
  { id: "12m", label: "12 months", months: 12 },
] as const;

export type PeriodId = (typeof PERIODS)[number]["id"];
export const DEFAULT_PERIOD: PeriodId = "30d";

export function isPeriodId(value: string | null | undefined): value is PeriodId {
  return PERIODS.some((p) => p.id === value);
}

export interface PeriodRange {
  id: PeriodId;
  label: string;
  granularity: "day" | "month";
  /** Bucket labels, oldest first: YYYY-MM-DD days or YYYY-MM months. */
  buckets: string[];
  /** First and last Nairobi day of the period, YYYY-MM-DD (inclusive). */
  firstDay: string;
  lastDay: string;
  /** The instants the period starts and ends (exclusive): Nairobi midnights. */
  from: Date;
  to: Date;
  /** Months the period touches, YYYY-MM, oldest first (members and churn are monthly). */
  months: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);

/** The period ending today (Nairobi) that `id` names. */
export function periodRange(id: PeriodId, now: Date): PeriodRange {
  const period = PERIODS.find((p) => p.id === id)!;
  const local = inNairobi(now);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  let first: number;
  let buckets: string[];
  if ("months" in period) {
    first = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - (period.months - 1), 1);
    buckets = Array.from({ length: period.months }, (_, i) =>
      isoDay(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - (period.months - 1) + i, 1)).slice(0, 7),
    );
  } else {
    first = today - (period.days - 1) * DAY_MS;
    buckets = Array.from({ length: period.days }, (_, i) => isoDay(first + i * DAY_MS));
  }
  const months: string[] = [];
  for (
    let m = new Date(first);
    m.getTime() <= today;
    m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))
  )
    months.push(isoDay(m.getTime()).slice(0, 7));
  return {
    id,
    label: period.label,
    granularity: "months" in period ? "month" : "day",
    buckets,
    firstDay: isoDay(first),
    lastDay: isoDay(today),
    from: fromNairobiWallClock(first),
    to: fromNairobiWallClock(today + DAY_MS),
    months,
  };
}

/** The instant a Nairobi month (YYYY-MM) starts. */
export function monthStart(month: string): Date {
  const [y, m] = month.split("-").map(Number);
  return fromNairobiWallClock(Date.UTC(y!, m! - 1, 1));
}

/** The instant the Nairobi month after `month` starts. */
export function monthEnd(month: string): Date {
  const [y, m] = month.split("-").map(Number);
  return fromNairobiWallClock(Date.UTC(y!, m!, 1));
}

/** Inclusive ranges of days (YYYY-MM-DD) and of months (YYYY-MM-01) that together cover a period once. */
export interface MonthsAndEdges {
  /** The first and last whole month inside the period (the monthly roll-ups hold them), or null. */
  months: [string, string] | null;
  /** The days before the first whole month and after the last one (read from the daily rows). */
  days: [string, string][];
}

const addDays = (day: string, n: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const nextMonth = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return isoDay(Date.UTC(y!, m!, 1));
};

/**
 * Splits the days firstDay..lastDay into whole months and the days at the edges, so totals over a period read one
 * roll-up row per page and month instead of one per page and day (a 90-day period: two or three months and about a
 * month of days, instead of 90 days).
 */
export function monthsAndEdges(firstDay: string, lastDay: string): MonthsAndEdges {
  const firstWhole = firstDay.endsWith("-01") ? firstDay : nextMonth(monthOf(firstDay));
  // The last whole month ends on lastDay exactly, or is the month before lastDay's.
  const lastWhole = addDays(lastDay, 1).endsWith("-01") ? monthOf(lastDay) : monthOf(addDays(monthOf(lastDay), -1));
  if (firstWhole > lastWhole) return { months: null, days: [[firstDay, lastDay]] };
  const days: [string, string][] = [];
  if (firstDay < firstWhole) days.push([firstDay, addDays(firstWhole, -1)]);
  const afterLast = nextMonth(lastWhole);
  if (afterLast <= lastDay) days.push([afterLast, lastDay]);
  return { months: [firstWhole, lastWhole], days };
}
