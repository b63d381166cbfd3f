import { z } from "zod";
import type { OrderStatus } from "./order-transitions";

// The order page's forms (ADR 018), shared by the admin's browser and the action so both give the same messages.
// Amounts are typed in KES with at most two decimals and become integer cents on the server. The page's action reads
// every post with `orderPageFormSchema`, one schema per form told apart by `intent`.

export const REASON_MIN = 5;
export const REASON_MAX = 500;
export const GRANT_MONTHS_MAX = 12;

const reason = z
  .string({ error: "Give a reason: it is kept with the record and shown to other admins" })
  .trim()
  .min(REASON_MIN, `The reason must be at least ${REASON_MIN} characters`)
  .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`);

export const KES_AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

export const refundFormSchema = z
  .object({
    intent: z.literal("refund"),
    mode: z.enum(["full", "partial"], { error: "Choose a full or a partial refund" }),
    amount: z.string().trim().optional(),
    reason,
  })
  .superRefine((value, ctx) => {
    if (value.mode !== "partial") return;
    if (!value.amount) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter the amount to refund, e.g. 150.00" });
    } else if (!KES_AMOUNT.test(value.amount) || /^0+(\.0+)?$/.test(value.amount)) {
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: "Enter an amount in KES above 0 with at most two decimals, e.g. 150.00",
      });
    }
  });

export const grantFormSchema = z.object({
  intent: z.literal("grant"),
  planId: z.uuid({ error: "Choose a plan" }),
  months: z.coerce
    .number({ error: "Enter a number of months" })
    .int("Enter whole months")
    .min(1, "At least 1 month")
    .max(GRANT_MONTHS_MAX, `At most ${GRANT_MONTHS_MAX} months`),
  reason,
});

// A refund whose outcome is unknown (issue 30): ask Pesapal, or record what its dashboard shows, with a note.
export const checkRefundFormSchema = z.object({
  intent: z.literal("check-refund"),
  refundId: z.uuid({ error: "This refund does not exist" }),
});

export const recordRefundFormSchema = z.object({
  intent: z.literal("record-refund"),
  refundId: z.uuid({ error: "This refund does not exist" }),
  outcome: z.enum(["refunded", "not-refunded"], { error: "Choose what the provider's records show" }),
  note: z
    .string({ error: "Say what the provider's records show, e.g. the refund's reference and date" })
    .trim()
    .min(REASON_MIN, `The note must be at least ${REASON_MIN} characters`)
    .max(REASON_MAX, `The note must be at most ${REASON_MAX} characters`),
});

// Ask Pesapal now what it knows of this order's payment (ADR 027): nothing to fill in.
export const checkPaymentFormSchema = z.object({ intent: z.literal("check-payment") });

/** Orders nothing Pesapal says can change (payment-verification.server.ts does not even ask about them). */
export const PESAPAL_FINAL_STATUSES: readonly OrderStatus[] = ["reversed", "cancelled", "refunded"];

/** The check is offered for an order that reached Pesapal and whose status Pesapal's answer can still change. */
export function paymentCheckOffered(order: { trackingId: string | null; status: OrderStatus }): boolean {
  return order.trackingId !== null && !PESAPAL_FINAL_STATUSES.includes(order.status);
}

/** Every form the order page posts, told apart by its `intent`. */
export const orderPageFormSchema = z.discriminatedUnion(
  "intent",
  [refundFormSchema, grantFormSchema, checkRefundFormSchema, recordRefundFormSchema, checkPaymentFormSchema],
  { error: "This page has no such form" },
);

export type OrderPageIntent = z.infer<typeof orderPageFormSchema>["intent"];
