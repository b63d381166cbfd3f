// Response shapes exactly as Pesapal sends them (field names, casing and typos included), validated with zod and
// turned into our own camelCase types. Sources: /work/shared/research/pesapal-v3-detail.md section 2.
import { z } from "zod";
import { kesToCents, type MinorUnits } from "~/modules/pricing/money";

/** The body's failure signal. `status` is a string ("200"/"500"); tolerate a number in case that ever changes. */
export const envelopeSchema = z.object({
  status: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value == null ? undefined : String(value))),
  message: z.string().nullish(),
  error: z
    .object({
      error_type: z.string().nullish(),
      // The docs say `type`; real responses say `error_type`. Read both.
      type: z.string().nullish(),
      code: z.string().nullish(),
      message: z.string().nullish(),
    })
    .nullish(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/**
 * A JSON number as exact cents. JSON.parse yields the double nearest to the wire text, and String() prints the
 * shortest text that round-trips to it, which for an amount with at most two decimals and 15 significant digits is
 * that same text ("10.00" -> 10 -> "10"; "1250.5" -> "1250.5"). kesToCents then works on the text, never on a float.
 */
export const amountCentsSchema = z.number().transform((value, ctx): MinorUnits => {
  try {
    return kesToCents(String(value));
  } catch {
    ctx.addIssue({ code: "custom", message: `Not an amount with at most two decimals: ${value}` });
    return z.NEVER;
  }
});

/** Transaction dates carry no zone (they look like Nairobi time); keep the text and never hand it to `new Date`. */
export const zonelessDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,7})?$/);

export const tokenSchema = z.object({ token: z.string().min(1), expiryDate: z.string().min(1) });

export const ipnSchema = z.object({
  ipn_id: z.string().min(1),
  url: z.string(),
  created_date: z.string().nullish(),
  ipn_notification_type_description: z.string().nullish(),
  // 0 = GET, 1 = POST (the stand-in and recorded samples); read only when the description is missing.
  notification_type: z.union([z.number(), z.string()]).nullish(),
});
export const ipnListSchema = z.array(ipnSchema);

export const submitOrderSchema = z.object({
  order_tracking_id: z.string().min(1),
  merchant_reference: z.string(),
  redirect_url: z.url(),
});

export const transactionStatusSchema = z.object({
  payment_method: z.string().nullish(),
  amount: amountCentsSchema,
  created_date: zonelessDateSchema,
  confirmation_code: z.string().nullish(),
  order_tracking_id: z.string().nullish(),
  payment_status_description: z.string().nullish(),
  description: z.string().nullish(),
  payment_account: z.string().nullish(),
  // 0 = INVALID, which also means "not paid yet"; there is no PENDING code in API 3.0.
  status_code: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  merchant_reference: z.string(),
  payment_status_code: z.string().nullish(),
  // ISO 4217, however it is spelt: "kes" or " KES" is KES (a lower-case answer must not leave an order unsettled).
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.string().regex(/^[A-Z]{3}$/)),
  // Recurring charges only (research section 4); every member read leniently, as no real sample was found.
  subscription_transaction_info: z
    .object({
      account_reference: z.string().nullish(),
      amount: amountCentsSchema.nullish(),
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      correlation_id: z.union([z.string(), z.number()]).nullish(),
    })
    .nullish(),
});
