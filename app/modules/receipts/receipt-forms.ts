// The admin's receipt settings form (/admin/orders/receipts), for the page and its action.
import { z } from "zod";
import { kraPinSchema } from "./kra-pin-schema";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const receiptSettingsSchema = z
  .object({
    businessName: z
      .string({ error: "Business name is required" })
      .trim()
      .min(1, "Business name is required")
      .max(200, "Business name must be at most 200 characters"),
    address: z.string().trim().max(300, "Address must be at most 300 characters").optional(),
    kraPin: kraPinSchema,
    // A checkbox: present ("on") when ticked, absent when not.
    vat: z.preprocess((v) => v === "on", z.boolean()),
    vatFrom: z
      .string()
      .refine((v) => DAY.test(v) && !Number.isNaN(Date.parse(v)), "Enter the date as YYYY-MM-DD")
      .optional(),
  })
  .refine((v) => !v.vat || v.vatFrom, { message: "Enter the date VAT took effect", path: ["vatFrom"] })
  .refine((v) => !v.vat || v.kraPin, { message: "A VAT-registered business needs its KRA PIN", path: ["kraPin"] });
