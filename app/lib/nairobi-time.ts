// The shop's clock is Nairobi's: East Africa Time, UTC+3 all year (no daylight saving), so its calendar day is
// the UTC day three hours on, with no time-zone database needed (on the server or in a phone's browser). Every
// Nairobi date and time the shop works out goes through this file (issue 47 item 7).
export const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The IANA name, for Intl's timeZone option (dates shown to people). */
export const NAIROBI_TIME_ZONE = "Africa/Nairobi";

/** The instant moved to Nairobi's wall clock: read its day, month and year with the getUTC* methods. */
export function inNairobi(date: Date): Date {
  return new Date(date.getTime() + NAIROBI_OFFSET_MS);
}

/** The other way: a Nairobi wall-clock reading (from inNairobi, or Date.UTC of Nairobi fields) as the instant it is. */
export function fromNairobiWallClock(wallClock: Date | number): Date {
  return new Date(Number(wallClock) - NAIROBI_OFFSET_MS);
}

/** The Nairobi date of an instant, as YYYY-MM-DD. */
export function nairobiDate(at: Date): string {
  return inNairobi(at).toISOString().slice(0, 10);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a Nairobi day (YYYY-MM-DD) starts; an Invalid Date for what is not one. */
export function nairobiDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+03:00`);
}

/** The instant a Nairobi day (YYYY-MM-DD) starts, or null for a missing or malformed date. */
export function parseNairobiDay(day: string | undefined | null): Date | null {
  if (!day || !DAY.test(day)) return null;
  const start = nairobiDayStart(day);
  return Number.isNaN(start.getTime()) ? null : start;
}
