// The admin's "Mark resolved" form for an unmatched scheduled card charge (orders page): one schema for the page and
// its action. Which charge: the module answers an id that names none.
import { z } from "zod";

/** The longest resolution note kept (a sentence or two: what was done, where). */
export const RESOLUTION_NOTE_LIMIT = 500;

export const NOTE_MISSING = "Write what was done (for example: refunded on Pesapal's dashboard).";

export const resolveChargeFormSchema = z.object({
  intent: z.literal("resolve-charge", { error: "Unknown request" }),
  chargeId: z.string().max(100).default(""),
  note: z
    .string({ error: NOTE_MISSING })
    .trim()
    .min(1, NOTE_MISSING)
    .max(RESOLUTION_NOTE_LIMIT, `The note can be at most ${RESOLUTION_NOTE_LIMIT} characters.`),
});
