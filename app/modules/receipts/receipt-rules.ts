// The rules a receipt follows, in one place (ADR receipt-numbering-vat-snapshots): Kenyan VAT as the shop charges it
// once registered (16 % included in the price: the price does not change, part of it is VAT), the KRA PIN format,
// the receipt number's form and year, the export's month and its CSV cells. Pure functions; unit-tested.
import { divideRounded, type MinorUnits, assertMinorUnits } from "~/modules/pricing/money";
import { fromNairobiWallClock, inNairobi } from "~/lib/nairobi-time";

export const VAT_RATE_PERCENT = 16;

/**
 * The VAT inside a VAT-inclusive amount: amount x 16 / 116, rounded to the cent by the shop's one rounding rule
 * (half away from zero, money.ts divideRounded). KSh 1,500.00 -> VAT KSh 206.90 (206.8966 rounds up), net 1,293.10.
 */
export function vatIncludedIn(amount: MinorUnits): MinorUnits {
  const rate = BigInt(VAT_RATE_PERCENT);
  return Number(divideRounded(BigInt(assertMinorUnits(amount)) * rate, 100n + rate));
}

/** A letter, nine digits, a letter (KRA's personal and company PINs, e.g. A123456789B). */
export const KRA_PIN = /^[A-Z]\d{9}[A-Z]$/;

/** The PIN as it is stored: upper case, spaces removed (people type "a 123456789 b"). */
export function normalizeKraPin(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/** The year of an instant in Nairobi: a payment at 00:30 on 1 January, Nairobi time, is next year's. */
export function nairobiYear(at: Date): number {
  return inNairobi(at).getUTCFullYear();
}

/** The Nairobi month (YYYY-MM) of an instant. */
export function nairobiMonth(at: Date): string {
  return inNairobi(at).toISOString().slice(0, 7);
}

/** '2026-11-26 14:05', Nairobi time. */
export function nairobiMinute(at: Date): string {
  return inNairobi(at).toISOString().slice(0, 16).replace("T", " ");
}

export function formatReceiptNumber(year: number, n: number): string {
  return `NURU-${year}-${String(n).padStart(6, "0")}`;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  return MONTH.test(value);
}

/** The month's bounds as instants: from 00:00 Nairobi on the 1st to 00:00 Nairobi on the next month's 1st. */
export function monthRange(month: string): { from: Date; to: Date } {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`Not a month: "${month}"`);
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  const start = (y: number, m: number) => fromNairobiWallClock(Date.UTC(y, m, 1));
  return { from: start(year, index), to: start(year + Math.floor((index + 1) / 12), (index + 1) % 12) };
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell. Spreadsheet programs run a cell starting with = + - @ (or a tab or carriage return) as a formula,
 * so such text gets a leading apostrophe; amounts like -1500.00 are numbers, left as they are so they still add up.
 */
export function csvCell(value: string): string {
  const safe = PLAIN_NUMBER.test(value) || !/^[=+\-@\t\r]/.test(value) ? value : `'${value}`;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
