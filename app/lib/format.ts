import { inNairobi } from "./nairobi-time";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * '25 November 2026', the date in Nairobi: what Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long",
 * year: "numeric", timeZone: "Africa/Nairobi" }) writes (tests/unit/format.test.ts compares the two), without
 * building that formatter, which costs a phone's browser about 10 ms of main thread on a page's first date
 * (issue 14: the article page's hydration).
 */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${iso}`);
  const nairobi = inNairobi(date);
  return `${nairobi.getUTCDate()} ${MONTHS[nairobi.getUTCMonth()]} ${nairobi.getUTCFullYear()}`;
}
