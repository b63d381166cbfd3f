// The shop's clock is Nairobi's: East Africa Time, UTC+3 all year (no daylight saving), so its calendar day is
// the UTC day three hours on, with no time-zone database needed (on the server or in a phone's browser).
export const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The instant moved to Nairobi's wall clock: read its day, month and year with the getUTC* methods. */
export function inNairobi(date: Date): Date {
  return new Date(date.getTime() + NAIROBI_OFFSET_MS);
}
