// The gift part of the checkout form (issue 33, ADR 038): who receives it, an optional phone number written into the
// message (no SMS), a note and an optional Nairobi delivery date. One schema for the page and the module.
import { z } from "zod";
import { idField } from "~/lib/ids";
import { nairobiDate } from "~/lib/nairobi-time";
import { paymentMethodField } from "./card-renewal-schedule";
import { normalizePhone } from "./gift-checks";

// The checkout pages' script checks the gift's details with gift-checks.ts instead (no zod in the browser there,
// ADR 045): change both together.

export const giftFormSchema = z.object({
  recipientEmail: z
    .string({ error: "Enter the recipient's e-mail address." })
    .trim()
    .toLowerCase()
    .max(254, "Enter a valid e-mail address.")
    .pipe(z.email("Enter a valid e-mail address.")),
  recipientPhone: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const phone = normalizePhone(value ?? "");
      if (phone === undefined) {
        ctx.addIssue({ code: "custom", message: "Enter a Kenyan (07… or +254…) or international (+…) phone number." });
        return z.NEVER;
      }
      return phone;
    }),
  note: z
    .string()
    .optional()
    .transform((value) => value?.trim().replace(/\r\n/g, "\n") || null)
    .pipe(z.string().max(500, "Keep the note to 500 characters.").nullable()),
  deliverOn: z
    .string()
    .optional()
    .transform((value) => value?.trim() || null)
    .pipe(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "Pick a delivery date, or leave it empty to send the gift now.")
        .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Pick a real date.")
        .nullable(),
    ),
});

export type GiftDetails = z.output<typeof giftFormSchema>;

/** The gift checkout's form: the gift's details and the button she pressed, M-Pesa direct or card (absent when only
 * Pesapal is offered). Checked in the browser and again by the action. */
export const giftCheckoutSchema = giftFormSchema.extend({ method: paymentMethodField });

/** Today's date in Nairobi, as YYYY-MM-DD. */
export function nairobiToday(now: Date): string {
  return nairobiDate(now);
}

/** A delivery date may be today (sent at completion) up to a year ahead. */
export function checkDeliveryDate(deliverOn: string | null, now: Date): string | null {
  if (deliverOn === null) return null;
  const today = nairobiToday(now);
  const latest = nairobiToday(new Date(now.getTime() + 366 * 24 * 60 * 60 * 1000));
  if (deliverOn < today) return "The delivery date has passed: pick today or a later day.";
  if (deliverOn > latest) return "Pick a delivery date within a year.";
  return null;
}

/** The admin's gifts list: send an unclaimed gift's link again, or refund it in full with a reason. */
export const adminGiftFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("resend"), giftId: idField("Unknown gift.") }),
    z.object({
      intent: z.literal("refund"),
      giftId: idField("Unknown gift."),
      reason: z
        .string()
        .optional()
        .transform((value) => (value ?? "").slice(0, 500)),
    }),
  ],
  { error: "Unknown request" },
);
