import { z } from "zod";
import { kraPinSchema } from "~/modules/receipts/kra-pin-schema";
import { CONTROL_CHARS, NAME_UNSAFE_CHARS, WEB_ADDRESS } from "./auth-checks";

// One schema per form, used by the browser (before posting) and by the server action. The /signin page's own script
// checks its forms with auth-checks.ts instead (no zod in the browser there, ADR 045): change both together.
// A field left empty reaches a schema as undefined (conform's parse), hence each required string's own `error`.

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .refine((v) => !CONTROL_CHARS.test(v), "Email contains characters that are not allowed")
  .pipe(z.email("Please enter a valid email address"))
  .transform((v) => v.toLowerCase());

const password = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(6, "Password must be at least 6 characters")
  .max(128, "Password must be at most 128 characters")
  .refine((v) => !CONTROL_CHARS.test(v), "Password contains characters that are not allowed");

export const fullNameSchema = z
  .string({ error: "Full name is required" })
  .trim()
  .min(1, "Full name is required")
  .max(200, "Full name must be at most 200 characters")
  .refine((v) => !NAME_UNSAFE_CHARS.test(v), "Full name contains characters that are not allowed")
  // The name is repeated in the shop's mails: it must not carry a link (or a bare domain a mail program turns
  // into one) of someone else's choosing.
  .refine((v) => !WEB_ADDRESS.test(v), "Full name cannot contain a web address");

export const signInSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(128, "Password must be at most 128 characters"),
});

const signUpFields = z.object({
  fullName: fullNameSchema,
  email,
  password,
  confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
});
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;
const MISMATCH = { message: "Passwords do not match", path: ["confirmPassword"] };

export const signUpSchema = signUpFields.refine(passwordsMatch, MISMATCH);

export const resetRequestSchema = z.object({ email });

/** Asking for a sign-in code by e-mail (ADR 040). */
export const codeRequestSchema = z.object({ email });

/** The code from the mail: six digits; spaces and dashes a mail program or a reader adds are forgiven. */
export const signInCodeSchema = z.object({
  email,
  code: z
    .string({ error: "Enter the 6-digit code from the email" })
    .max(20, "The code is the 6 digits in the email we sent you")
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string({ error: "Enter the 6-digit code from the email" })
        .min(1, "Enter the 6-digit code from the email")
        .regex(/^\d{6}$/, "The code is the 6 digits in the email we sent you"),
    ),
});

/** Where the panel sends her after signing in or confirming: any string; the action keeps only a local path. */
const redirectTo = z.string().optional();

/**
 * The sign-in panel's posts (/signin), one schema on `intent`: each form's own schema above (what the browser checks)
 * plus its intent. A resend comes from a refused sign-in, or from the check-your-mail state of a sign-up (`from`).
 */
export const authFormSchema = z.discriminatedUnion("intent", [
  signInSchema.extend({ intent: z.literal("signin"), redirectTo }),
  signUpFields.extend({ intent: z.literal("signup"), redirectTo }).refine(passwordsMatch, MISMATCH),
  resetRequestSchema.extend({ intent: z.literal("reset") }),
  resetRequestSchema.extend({ intent: z.literal("resend"), from: z.string().optional() }),
  codeRequestSchema.extend({ intent: z.literal("code-request"), redirectTo }),
  signInCodeSchema.extend({ intent: z.literal("code-signin"), redirectTo }),
]);
export type AuthForm = z.output<typeof authFormSchema>;
export const AUTH_INTENTS = ["signin", "signup", "reset", "resend", "code-request", "code-signin"] as const;

/** The confirmation page: the link's token and the password chosen at sign-up. */
export const confirmEmailSchema = z.object({
  token: z.string().min(1, "This confirmation link is invalid").max(200, "This confirmation link is invalid"),
  password: z.string().min(1, "Password is required").max(128, "Password must be at most 128 characters"),
});

export const newPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is invalid"),
    password,
    confirmPassword: z.string().min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

export const profileSchema = z.object({ fullName: fullNameSchema, kraPin: kraPinSchema });

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, ready to show beside the field. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
