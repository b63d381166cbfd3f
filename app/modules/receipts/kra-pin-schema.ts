// The KRA PIN field, shared by the member's profile form (accounts) and the admin's receipt settings (receipts).
// Receipts own the PIN's rules, so the field lives here and accounts imports it, never the other way round.
import { z } from "zod";
import { KRA_PIN, normalizeKraPin } from "./receipt-rules";

/** An optional KRA PIN (for receipts): blank is none; spaces and lower case are forgiven. */
export const kraPinSchema = z
  .string()
  .max(40, "KRA PIN must be a letter, nine digits and a letter, like A123456789B")
  .transform(normalizeKraPin)
  .refine((v) => KRA_PIN.test(v), "KRA PIN must be a letter, nine digits and a letter, like A123456789B")
  .optional();
