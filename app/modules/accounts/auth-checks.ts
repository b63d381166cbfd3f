// The sign-in panel's checks without zod, for the /signin page's own script (ADR 045): zod is ten times that script's
// size, so the browser checks each form with these and shows the messages the schemas give (schemas.ts, the same
// characters and words). tests/unit/auth-checks.test.ts parses a grid of inputs both ways and keeps them in step.

// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
/** In names also C1 controls, line and paragraph separators and text-direction overrides (spoofed mail text). */
// eslint-disable-next-line no-control-regex
export const NAME_UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f]/;
/** A bare or linked web address in a name (the name is repeated in the shop's mails). */
export const WEB_ADDRESS = /(:\/\/|www\.|https?:|[a-z0-9]\.[a-z]{2,})/i;
/** zod's own e-mail pattern (z.email()'s default). */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The first message per field, as the form shows it beside the field. */
export type FieldMessages = Partial<Record<string, string>>;
type Values = Record<string, string | undefined>;

function emailMessage(value = ""): string | undefined {
  const v = value.trim();
  if (!v) return "Email is required";
  if (v.length > 254) return "Email must be at most 254 characters";
  if (CONTROL_CHARS.test(v)) return "Email contains characters that are not allowed";
  if (!EMAIL.test(v)) return "Please enter a valid email address";
  return undefined;
}

function newPasswordMessage(value = ""): string | undefined {
  if (!value) return "Password is required";
  if (value.length < 6) return "Password must be at least 6 characters";
  if (value.length > 128) return "Password must be at most 128 characters";
  if (CONTROL_CHARS.test(value)) return "Password contains characters that are not allowed";
  return undefined;
}

function fullNameMessage(value = ""): string | undefined {
  const v = value.trim();
  if (!v) return "Full name is required";
  if (v.length > 200) return "Full name must be at most 200 characters";
  if (NAME_UNSAFE_CHARS.test(v)) return "Full name contains characters that are not allowed";
  if (WEB_ADDRESS.test(v)) return "Full name cannot contain a web address";
  return undefined;
}

function codeMessage(value = ""): string | undefined {
  if (value.length > 20) return "The code is the 6 digits in the email we sent you";
  const digits = value.replace(/[\s-]/g, "");
  if (!digits) return "Enter the 6-digit code from the email";
  if (!/^\d{6}$/.test(digits)) return "The code is the 6 digits in the email we sent you";
  return undefined;
}

function only(messages: Record<string, string | undefined>): FieldMessages {
  return Object.fromEntries(Object.entries(messages).filter(([, message]) => message));
}

/** Each of the panel's forms (by its id, the one conform gives it in auth-panel.tsx) and its checks. */
export const AUTH_CHECKS: Record<string, (values: Values) => FieldMessages> = {
  signin: (v) =>
    only({
      email: emailMessage(v.email),
      password: !v.password
        ? "Password is required"
        : v.password.length > 128
          ? "Password must be at most 128 characters"
          : undefined,
    }),
  signup: (v) => {
    const messages = only({
      fullName: fullNameMessage(v.fullName),
      email: emailMessage(v.email),
      password: newPasswordMessage(v.password),
      confirmPassword: v.confirmPassword ? undefined : "Please confirm your password",
    });
    // zod checks the two passwords only once every field is there (an empty one stops it first).
    const allThere = [v.fullName, v.email, v.password, v.confirmPassword].every(Boolean);
    if (allThere && v.password !== v.confirmPassword) messages.confirmPassword ??= "Passwords do not match";
    return messages;
  },
  reset: (v) => only({ email: emailMessage(v.email) }),
  "code-request": (v) => only({ email: emailMessage(v.email) }),
  code: (v) => only({ email: emailMessage(v.email), code: codeMessage(v.code) }),
};
