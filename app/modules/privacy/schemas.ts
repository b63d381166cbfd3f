import { z } from "zod";

// The account deletion form (one schema per form, used by the browser and the action). A reader with a password
// confirms with it; one who signs in only with Google types the word instead.

/** The word a reader without a password (Google sign-in only) types to confirm. */
export const DELETE_CONFIRMATION_WORD = "DELETE";

export const deleteWithPasswordSchema = z.object({
  password: z
    .string({ error: "Enter your password to confirm" })
    .min(1, "Enter your password to confirm")
    .max(128, "Password must be at most 128 characters"),
});

export const deleteWithWordSchema = z.object({
  confirm: z
    .string({ error: `Type ${DELETE_CONFIRMATION_WORD} to confirm` })
    .trim()
    .max(20, `Type ${DELETE_CONFIRMATION_WORD} to confirm`)
    .refine((v) => v === DELETE_CONFIRMATION_WORD, `Type ${DELETE_CONFIRMATION_WORD} in capitals to confirm`),
});
