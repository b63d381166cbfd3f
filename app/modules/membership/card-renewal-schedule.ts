// Pure rules of card auto-renew (ADR 019): which Pesapal frequency a plan's period maps to, the dates Pesapal's
// subscription_details take, and the checkout form's schema. No I/O, so the unit tests cover them as tables.
import { z } from "zod";
import { fromNairobiWallClock, inNairobi } from "~/lib/nairobi-time";
import { periodLabel, recurringFrequencyFor, type PlanPeriod, type RecurringFrequency } from "./plan-period";

export type { RecurringFrequency } from "./plan-period";
export { recurringFrequencyFor } from "./plan-period";

/**
 * Why a first-period-only offer code and card auto-renew do not go together (issue 46 item 26): Pesapal's card
 * agreement repeats the amount of the payment that set it up (subscription_details carries dates and a frequency, no
 * amount; research section 4), so every later charge would be the discounted amount while each period costs the
 * full price, and every charge would wait in review with her plan not extended. The agreement and its first charge
 * must be what each period costs: she pays the discounted period now and renews by hand, or renews by card without
 * the code. Both amounts are named, so she can choose. Null when the code is not first-period-only.
 */
export function firstPeriodCodeAutoRenewText(
  offer: { firstPeriodOnly: boolean; beforeLabel: string } | null,
  todayLabel: string,
): string | null {
  if (!offer?.firstPeriodOnly) return null;
  return (
    `This code lowers the first period only, and a card renewal repeats the first payment. Pay ${todayLabel} now ` +
    `and renew by hand at ${offer.beforeLabel} (we remind you before the end), or remove the code to renew ` +
    `automatically by card at ${offer.beforeLabel}.`
  );
}

/** How long a prefilled schedule runs; the reader can stop it any time, and Pesapal needs an end date. */
export const SCHEDULE_YEARS = 5;

/** Pesapal's "dd-MM-yyyy", as the day is in Nairobi (EAT, UTC+3, no daylight saving), where the gateway runs. */
export function pesapalDate(date: Date): string {
  const local = inNairobi(date);
  const dd = String(local.getUTCDate()).padStart(2, "0");
  const mm = String(local.getUTCMonth() + 1).padStart(2, "0");
  return `${dd}-${mm}-${local.getUTCFullYear()}`;
}

/** Reads "dd-MM-yyyy" back as midnight in Nairobi; null when it is not a real date. */
export function parsePesapalDate(text: string): Date | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  return fromNairobiWallClock(utc);
}

export interface SubscriptionDetails {
  startDate: string;
  endDate: string;
  frequency: RecurringFrequency;
}

/**
 * What SubmitOrderRequest's subscription_details say for a plan whose paid period ends at `periodEnd`: the first
 * charge on that day, for SCHEDULE_YEARS years. Null when the period has no API frequency (2 or 3 months, 14 days):
 * then we send account_number alone and Pesapal's page lets the buyer choose.
 */
export function subscriptionDetailsFor(plan: PlanPeriod, periodEnd: Date): SubscriptionDetails | null {
  const frequency = recurringFrequencyFor(plan);
  if (!frequency) return null;
  const end = new Date(periodEnd.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + SCHEDULE_YEARS);
  return { startDate: pesapalDate(periodEnd), endDate: pesapalDate(end), frequency };
}

/** Crockford's base32 alphabet: no I, L, O or U, so a reference read aloud is not misread. */
const BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** "NR-" and 26 base32 characters from 16 random bytes (128 bits): Pesapal's account_number for one agreement. */
export function accountNumberFrom(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return `NR-${out}`;
}

/**
 * The checkout form, for the page and its action: pay (with the card auto-renew box, which posts "on" when ticked and
 * nothing otherwise), or start the plan's free trial (posted from /pricing).
 */
/** M-Pesa direct or card (ADR 043), on her checkout and the gift checkout; absent when one button (Pesapal) is shown. */
export const paymentMethodField = z.enum(["mpesa", "card"], { error: "Choose M-Pesa or card" }).optional();

export const checkoutFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("pay"),
      autoRenew: z
        .literal("on", { error: "Tick the box or leave it empty" })
        .optional()
        .transform((value) => value === "on"),
      // An upgrade's checkout page: the instant it quoted, signed (upgrade-quote.server.ts reads it).
      quote: z.string().max(200).optional(),
      method: paymentMethodField,
    }),
    z.object({ intent: z.literal("trial") }),
  ],
  { error: "Unknown request" },
);
export type CheckoutForm = z.output<typeof checkoutFormSchema>;

/** The checkout's honest line about the schedule Pesapal will show for a plan of this length. */
export function autoRenewScheduleText(plan: PlanPeriod): string {
  const frequency = recurringFrequencyFor(plan);
  if (frequency === "DAILY") return "Your card is charged once a day, on the day your paid day ends.";
  if (frequency === "WEEKLY") return "Your card is charged once a week, on the day your paid week ends.";
  if (frequency === "MONTHLY") return "Your card is charged once a month, on the day your paid month ends.";
  if (frequency === "YEARLY") return "Your card is charged once a year, on the day your paid year ends.";
  const pick = plan.periodUnit === "month" && plan.periodCount === 3 ? " Choose Quarterly there." : "";
  return `Pesapal's page asks you how often to charge your card; each charge adds ${periodLabel(plan)} to your plan.${pick}`;
}
