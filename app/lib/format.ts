import { inNairobi } from "./nairobi-time";
import { INTL_LOCALE, type Locale } from "./locale";

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
export function formatDate(iso: string, locale: Locale = "en"): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${iso}`);
  if (locale !== "en") return localDate(locale).format(date);
  const nairobi = inNairobi(date);
  return `${nairobi.getUTCDate()} ${MONTHS[nairobi.getUTCMonth()]} ${nairobi.getUTCFullYear()}`;
}

// A Swahili page's dates ("28 Novemba 2026") come from Intl: those pages are rendered by the server only (ADR 048),
// so no phone builds this formatter. One per language, built on first use.
const localDates = new Map<Locale, Intl.DateTimeFormat>();

function localDate(locale: Locale): Intl.DateTimeFormat {
  let format = localDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Africa/Nairobi",
    });
    localDates.set(locale, format);
  }
  return format;
}
