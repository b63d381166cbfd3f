// Money without floating point (ADR 008). Amounts are integer minor units (KES cents, USD cents, ...) held in
// safe JavaScript integers; rates and percentages are decimal strings. Every multiplication runs on bigint and
// rounds once, explicitly, so 0.1 + 0.2-style errors can never reach a price or an order.

/** Integer minor units of a currency (1 KES = 100 cents). */
export type MinorUnits = number;

/**
 * The smallest charge the gateway takes well (Pesapal refuses zero and handles tiny amounts badly): KSh 10.00. Upgrades
 * and offer codes never ask for less, except an order of exactly zero, which is recorded without the gateway.
 */
export const GATEWAY_MINIMUM_CHARGE_CENTS: MinorUnits = 1_000;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Throws unless `value` is an integer that survives a round trip through a JavaScript number. */
export function assertMinorUnits(value: number): MinorUnits {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not an amount in minor units: ${value}`);
  return value;
}

/** An exact decimal as `units / 10^scale`, e.g. "0.008" -> 8n / 1000n. */
export interface ExactDecimal {
  units: bigint;
  denominator: bigint;
}

export function parseDecimal(value: string): ExactDecimal {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a decimal number: "${value}"`);
  const [, minus, whole, fraction = ""] = match;
  const units = BigInt(whole + fraction) * (minus ? -1n : 1n);
  return { units, denominator: 10n ** BigInt(fraction.length) };
}

/** "1250.00" -> 125000. More than two decimals is refused rather than silently rounded. */
export function kesToCents(amount: string): MinorUnits {
  const match = DECIMAL.exec(amount.trim());
  if (!match || (match[3] ?? "").length > 2) throw new RangeError(`Not a KES amount: "${amount}"`);
  const { units, denominator } = parseDecimal(amount);
  return toSafeNumber((units * 100n) / denominator);
}

/** 125050 -> "1250.50": the text form used for SQL numerics, JSON-LD offers and gateway requests. */
export function centsToDecimal(cents: MinorUnits): string {
  assertMinorUnits(cents);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * numerator / denominator rounded half away from zero to a multiple of `step`. The one rounding rule of the
 * shop: prices are rounded to 0.05 (step 5 in cents) and to the cent (step 1).
 */
export function divideRounded(numerator: bigint, denominator: bigint, step = 1n): bigint {
  if (denominator <= 0n || step <= 0n) throw new RangeError("Denominator and step must be positive");
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const steps = (2n * abs + step * denominator) / (2n * step * denominator);
  const rounded = steps * step;
  return negative ? -rounded : rounded;
}

/**
 * A KES amount in whole shillings, rounded down in the buyer's favour (the cents she is not charged): M-Pesa moves
 * whole shillings, so an amount with cents is what Pesapal may report differently from what was asked (issue 46
 * item 27). An amount under KSh 1 is left as it is (the gateway's minimum is the offer codes' and upgrades' floor).
 */
export function wholeShillingsInBuyersFavour(cents: MinorUnits): MinorUnits {
  assertMinorUnits(cents);
  if (cents < 100) return cents;
  return toSafeNumber(BigInt(cents) - (BigInt(cents) % 100n));
}

/** `amount x factor`, factor a decimal string ("1.2", "0.008"), rounded half up to a multiple of `step`. */
export function multiplyMinorUnits(amount: MinorUnits, factor: string, step: MinorUnits = 1): MinorUnits {
  const { units, denominator } = parseDecimal(factor);
  return toSafeNumber(divideRounded(BigInt(assertMinorUnits(amount)) * units, denominator, BigInt(step)));
}

/** Multiplies by `1 + percentage / 100` (a markup) or, with a negative sign, `1 - percentage / 100`. */
export function applyPercentage(
  amount: MinorUnits,
  percentage: string,
  direction: "markup" | "discount",
  step: MinorUnits = 1,
): MinorUnits {
  const { units, denominator } = parseDecimal(percentage);
  if (units < 0n) throw new RangeError(`A percentage is never negative: "${percentage}"`);
  const hundred = 100n * denominator;
  const factor = direction === "markup" ? hundred + units : hundred - units;
  if (factor < 0n) throw new RangeError(`A discount above 100%: "${percentage}"`);
  return toSafeNumber(divideRounded(BigInt(assertMinorUnits(amount)) * factor, hundred, BigInt(step)));
}

export function sumMinorUnits(amounts: readonly MinorUnits[]): MinorUnits {
  return toSafeNumber(amounts.reduce((total, a) => total + BigInt(assertMinorUnits(a)), 0n));
}

/** Two decimal strings with the same value ("0.00800000" and "0.008") compare equal. */
export function decimalsEqual(a: string, b: string): boolean {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return x.units * y.denominator === y.units * x.denominator;
}

// Intl wants a number; minor units / 100 with two fraction digits is exact for every safe integer we format
// (the division only places the decimal point, and Intl rounds its output to the digits asked for). Built on first
// use, not on import: a browser's first NumberFormat loads locale data (about 20 ms of a phone's main thread), and
// every page imports this module while few format a price in the browser (issue 14, blocking time).
const kesNumbers = new Map<string, Intl.NumberFormat>();

/**
 * 'KSh 250.00', with a no-break space so the symbol never wraps away from the amount. The digits in the reader's
 * language (`intlLocale`: "en-KE" or "sw-KE", which write shillings the same way); the symbol is the shop's "KSh" in
 * both (Intl's own is "Ksh"; docs/glossary-sw.md).
 */
export function formatKesCents(cents: MinorUnits, intlLocale = "en-KE"): string {
  let kesNumber = kesNumbers.get(intlLocale);
  if (!kesNumber) {
    kesNumber = new Intl.NumberFormat(intlLocale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    kesNumbers.set(intlLocale, kesNumber);
  }
  return `KSh\u00a0${kesNumber.format(assertMinorUnits(cents) / 100)}`;
}

// Formatters are costly to build and few (one per shop currency and locale).
const currencyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in a currency's minor units (two decimals), formatted by Intl for `locale`. */
export function formatMinorUnits(amount: MinorUnits, currency: string, locale: string): string {
  const key = `${locale} ${currency}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    currencyFormats.set(key, format);
  }
  return format.format(assertMinorUnits(amount) / 100);
}

function toSafeNumber(value: bigint): MinorUnits {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Amount out of range: ${value}`);
  }
  return Number(value);
}
