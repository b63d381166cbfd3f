// Offer codes, pure (ADR 037): whether a code applies to an item now, and what it makes of a regional price. The
// regional price comes first (pricing.ts), the code second, and the price after the code is rounded by money.ts's one
// rule (half away from zero, to 0.05 like every price); the display amount is the charged KES amount x the same rate,
// so what she is shown and what she pays never drift apart.
import { z } from "zod";
import { isId } from "~/lib/ids";
import {
  applyPercentage,
  GATEWAY_MINIMUM_CHARGE_CENTS,
  kesToCents,
  wholeShillingsInBuyersFavour,
  type MinorUnits,
} from "~/modules/pricing/money";
import {
  BASE_CURRENCY,
  displayMinorUnits,
  formatPrice,
  PRICE_STEP,
  type RegionalPrice,
} from "~/modules/pricing/pricing";
import { fromNairobiInput, toNairobiInput } from "~/lib/nairobi-display";

export interface OfferCodeTerms {
  id: string;
  code: string;
  kind: "percent" | "fixed";
  /** A decimal string, "20.00". */
  percentOff: string | null;
  amountOffCents: number | null;
  appliesTo: "all" | "plans" | "ebooks";
  planIds: readonly string[];
  ebookIds: readonly string[];
  startsAt: Date;
  endsAt: Date | null;
  totalLimit: number | null;
  perReaderLimit: number | null;
  redeemedCount: number;
  firstPeriodOnly: boolean;
  isActive: boolean;
}

export type OfferCodeRefusal = "UNKNOWN" | "NOT_STARTED" | "EXPIRED" | "NOT_FOR_ITEM" | "USED_UP" | "READER_LIMIT";

/**
 * What the reader reads when a code does not apply (the normal price is shown with it): one message for every reason,
 * so guessing cannot tell an expired or not-yet-started code from one that never existed (issue 46, item 4). The
 * reason itself stays in the refusal's code for the shop's own use.
 */
export const OFFER_CODE_REFUSED_MESSAGE = "This offer code cannot be used for this purchase. The normal price applies.";

export const OFFER_CODE_MESSAGES: Record<OfferCodeRefusal, string> = {
  UNKNOWN: OFFER_CODE_REFUSED_MESSAGE,
  NOT_STARTED: OFFER_CODE_REFUSED_MESSAGE,
  EXPIRED: OFFER_CODE_REFUSED_MESSAGE,
  NOT_FOR_ITEM: OFFER_CODE_REFUSED_MESSAGE,
  USED_UP: OFFER_CODE_REFUSED_MESSAGE,
  READER_LIMIT: OFFER_CODE_REFUSED_MESSAGE,
};

/** Codes are compared upper case; anything else than letters, digits and '-' is no code. */
export const OFFER_CODE_SHAPE = /^[A-Z0-9-]{3,32}$/;

export function normalizeOfferCode(raw: string | null | undefined): string | null {
  const code = (raw ?? "").trim().toUpperCase();
  return OFFER_CODE_SHAPE.test(code) ? code : null;
}

export interface CodedItem {
  kind: "plan" | "ebook";
  itemId: string;
}

/** Why the code cannot be used for this item at this moment, or null when it can (limits checked again when taken). */
export function refusalFor(code: OfferCodeTerms | null, item: CodedItem, now: Date): OfferCodeRefusal | null {
  if (!code || !code.isActive) return "UNKNOWN";
  if (now < code.startsAt) return "NOT_STARTED";
  if (code.endsAt && now >= code.endsAt) return "EXPIRED";
  if (!appliesToItem(code, item)) return "NOT_FOR_ITEM";
  if (code.totalLimit !== null && code.redeemedCount >= code.totalLimit) return "USED_UP";
  return null;
}

export function appliesToItem(code: Pick<OfferCodeTerms, "appliesTo" | "planIds" | "ebookIds">, item: CodedItem) {
  if (code.appliesTo === "all") return true;
  if (code.appliesTo === "plans") return item.kind === "plan" && listed(code.planIds, item.itemId);
  return item.kind === "ebook" && listed(code.ebookIds, item.itemId);
}

const listed = (ids: readonly string[], id: string) => ids.length === 0 || ids.includes(id);

/**
 * The KES amount after the code, from the regional KES amount: a percentage through applyPercentage (the one
 * rounding: half away from zero, to 0.05), a fixed amount subtracted exactly; never below zero.
 * CASE: a remainder between zero and the gateway's minimum (KSh 0.05 left by a 99.99 % code) -> the minimum, as an
 * upgrade charges: the gateway takes it and a shop owner expects no charge of a few cents. Exactly zero stays zero (a
 * recorded zero-amount order, no gateway), and the floor never lifts a price above what it was without the code.
 */
export function priceAfterCode(
  chargedCents: MinorUnits,
  code: Pick<OfferCodeTerms, "kind" | "percentOff" | "amountOffCents">,
) {
  const after =
    code.kind === "percent"
      ? applyPercentage(chargedCents, code.percentOff ?? "0", "discount", PRICE_STEP)
      : Math.max(0, chargedCents - (code.amountOffCents ?? 0));
  if (after > 0 && after < GATEWAY_MINIMUM_CHARGE_CENTS) return Math.min(GATEWAY_MINIMUM_CHARGE_CENTS, chargedCents);
  return after;
}

export interface CodedPrice extends RegionalPrice {
  offer: {
    codeId: string;
    code: string;
    /** The regional KES amount before the code. */
    beforeCents: MinorUnits;
    discountCents: MinorUnits;
    firstPeriodOnly: boolean;
    /** 'KSh 500.00' before, for the struck-through price. */
    beforeLabel: string;
  };
}

/** A regional price with the code applied: charged and display amounts, and the label, all after the code. */
export function applyOfferCode(price: RegionalPrice, code: OfferCodeTerms): CodedPrice | RegionalPrice {
  // The code's own rounding (half away from zero, to 0.05) first, then whole shillings in her favour, as every KES
  // order (issue 46 item 27): the discount is what the code takes off, the rest is recorded as rounded off.
  const exactAfter = priceAfterCode(price.chargedCents, code);
  const after = wholeShillingsInBuyersFavour(exactAfter);
  const discountCents = price.chargedCents - exactAfter;
  if (discountCents <= 0) return price;
  const shown = price.displayCurrency === BASE_CURRENCY ? after : displayMinorUnits(after, price.exchangeRate);
  const kes = formatPrice(after, BASE_CURRENCY);
  return {
    ...price,
    chargedCents: after,
    roundedOffCents: exactAfter - after,
    displayMinorUnits: shown,
    label: price.displayCurrency === BASE_CURRENCY ? kes : `${kes} ≈ ${formatPrice(shown, price.displayCurrency)}`,
    offer: {
      codeId: code.id,
      code: code.code,
      beforeCents: price.chargedCents,
      discountCents,
      firstPeriodOnly: code.firstPeriodOnly,
      beforeLabel: price.label,
    },
  };
}

export function isCoded(price: RegionalPrice): price is CodedPrice {
  return "offer" in price && (price as CodedPrice).offer !== undefined;
}

/** The order columns that lock the code in (with orderPriceColumns for the rest). */
export function orderCodeColumns(price: RegionalPrice) {
  if (!isCoded(price)) return {};
  return {
    offerCodeId: price.offer.codeId,
    offerCode: price.offer.code,
    priceBeforeCodeCents: price.offer.beforeCents,
    codeDiscountCents: price.offer.discountCents,
    zeroAmountReason: price.chargedCents === 0 ? `offer code ${price.offer.code}` : null,
  };
}

/** The discount in words: '20 % off', 'KSh 100.00 off'. */
export function offerText(code: Pick<OfferCodeTerms, "kind" | "percentOff" | "amountOffCents" | "firstPeriodOnly">) {
  const off =
    code.kind === "percent"
      ? `${(code.percentOff ?? "0").replace(/\.0+$/, "").replace(/(\.\d*?)0+$/, "$1")} % off`
      : `${formatPrice(code.amountOffCents ?? 0, BASE_CURRENCY)} off`;
  return code.firstPeriodOnly ? `${off} the first period` : off;
}

// A blank field reaches the schema as absent (the form reader, conform, reads "" so): each field says what then.
const optionalInt = z
  .string()
  .trim()
  .default("")
  .transform((v) => (v === "" ? null : Number(v)))
  .refine(
    (v) => v === null || (Number.isInteger(v) && v > 0 && v <= 1_000_000),
    "Enter a whole number above 0, or leave it empty.",
  );

export { fromNairobiInput, toNairobiInput };

const dateTime = z
  .string()
  .trim()
  .refine((v) => v === "" || fromNairobiInput(v) !== null, "Enter a date and time.")
  .default("");

const CODE_SHAPE_MESSAGE = "3 to 32 letters, digits or dashes.";

/** The ticked plans or ebooks: ids only (anything else is dropped), at most 500. */
const ticked = z
  .array(z.string())
  .default([])
  .transform((ids) => ids.filter((v) => isId(v)).slice(0, 500));

/** The admin's create/edit form's fields, as posted. */
const offerCodeFields = z.object({
  code: z
    .string({ error: CODE_SHAPE_MESSAGE })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => OFFER_CODE_SHAPE.test(v), CODE_SHAPE_MESSAGE),
  description: z.string().trim().max(200).optional().default(""),
  kind: z.enum(["percent", "fixed"]),
  amount: z.string({ error: "Enter the discount." }).trim().min(1, "Enter the discount."),
  appliesTo: z.enum(["all", "plans", "ebooks"]),
  planIds: ticked,
  ebookIds: ticked,
  startsAt: dateTime,
  endsAt: dateTime,
  totalLimit: optionalInt,
  perReaderLimit: optionalInt,
  firstPeriodOnly: z.literal("on").optional(),
  isActive: z.literal("on").optional(),
});

/** The terms the fields describe, or the issue that makes them make no sense. */
function offerCodeTerms(form: z.output<typeof offerCodeFields>, ctx: z.RefinementCtx) {
  let percentOff: string | null = null;
  let amountOffCents: number | null = null;
  if (form.kind === "percent") {
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(form.amount) || Number(form.amount) <= 0 || Number(form.amount) > 100) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "A percentage above 0 and at most 100." });
      return z.NEVER;
    }
    percentOff = form.amount;
  } else {
    try {
      amountOffCents = kesToCents(form.amount);
    } catch {
      amountOffCents = null;
    }
    if (!amountOffCents || amountOffCents <= 0) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "A KES amount above 0, e.g. 100 or 99.50." });
      return z.NEVER;
    }
  }
  const startsAt = fromNairobiInput(form.startsAt) ?? new Date();
  const endsAt = fromNairobiInput(form.endsAt);
  if (endsAt && endsAt <= startsAt) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end comes after the start." });
    return z.NEVER;
  }
  return {
    code: form.code,
    description: form.description || null,
    kind: form.kind,
    percentOff,
    amountOffCents,
    appliesTo: form.appliesTo,
    planIds: form.appliesTo === "plans" ? form.planIds : [],
    ebookIds: form.appliesTo === "ebooks" ? form.ebookIds : [],
    startsAt,
    endsAt,
    totalLimit: form.totalLimit,
    perReaderLimit: form.perReaderLimit,
    firstPeriodOnly: form.firstPeriodOnly === "on",
    isActive: form.isActive === "on",
  };
}

/** The admin's create/edit form: one schema for the dialog and the action. */
export const offerCodeFormSchema = offerCodeFields.transform(offerCodeTerms);

/** The edit page's posts: save the terms, switch the code on or off, make it (or no code) the retention offer. */
export const offerCodeEditSchema = z.discriminatedUnion("intent", [
  offerCodeFields.extend({ intent: z.literal("save") }).transform((form, ctx) => {
    const terms = offerCodeTerms(form, ctx);
    // The terms keep the intent, so the action can tell a save from the other posts.
    return terms === z.NEVER ? z.NEVER : { intent: form.intent, ...terms };
  }),
  z.object({ intent: z.literal("on") }),
  z.object({ intent: z.literal("off") }),
  z.object({ intent: z.literal("retention") }),
  z.object({ intent: z.literal("no-retention") }),
]);

export type OfferCodeForm = z.output<typeof offerCodeFormSchema>;
