// The /signin page's script checks its forms without zod (auth-checks.ts, ADR 045): for every form and a grid of
// inputs it must say what the schemas say through conform's parse (the React panel's checks and the action's), the
// first message per field, and let through exactly what they let through.
import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/forms";
import { AUTH_CHECKS } from "~/modules/accounts/auth-checks";
import {
  codeRequestSchema,
  resetRequestSchema,
  signInCodeSchema,
  signInSchema,
  signUpSchema,
} from "~/modules/accounts/schemas";

const SCHEMAS = {
  signin: signInSchema,
  signup: signUpSchema,
  reset: resetRequestSchema,
  "code-request": codeRequestSchema,
  code: signInCodeSchema,
} as const;

const EMAILS = [
  "",
  "  ",
  "achieng@example.com",
  " Achieng@Example.COM ",
  "achieng@",
  "a..b@example.com",
  ".a@example.com",
  "a@b.c",
  "a@example.com\u0007",
  `${"a".repeat(250)}@x.co`,
  "o'neil@example.co.ke",
  "a+b@sub.example.org",
  "a@-x.com",
];
const PASSWORDS = ["", " ", "abc", "sukuma1", "a".repeat(128), "a".repeat(129), "sukuma\u0001"];
const NAMES = [
  "",
  "   ",
  "Achieng Odhiambo",
  "a".repeat(201),
  "Achieng\u0007",
  "Win at https://x.example",
  "Ann\u202e",
  "see nuru.co",
];
const CODES = ["", " ", " - ", "123456", "123 456", "12-34-56", "12345", "1234567", "abcdef", "1".repeat(21)];

function formData(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

/** What conform shows: the first message of each field, and nothing for a form it lets through. */
function conformSays(schema: (typeof SCHEMAS)[keyof typeof SCHEMAS], values: Record<string, string>) {
  const error = parseForm(formData(values), schema).reply().error ?? {};
  return Object.fromEntries(
    Object.entries(error)
      .filter(([, messages]) => messages?.length)
      .map(([field, messages]) => [field, messages![0]]),
  );
}

function agree(form: keyof typeof SCHEMAS, cases: Record<string, string>[]) {
  for (const values of cases)
    expect(AUTH_CHECKS[form]!(values), JSON.stringify(values)).toEqual(conformSays(SCHEMAS[form], values));
}

describe("the sign-in page's checks without zod", () => {
  it("agree with the schemas on signing in", () => {
    agree(
      "signin",
      EMAILS.flatMap((email) => PASSWORDS.map((password) => ({ email, password }))),
    );
  });

  it("agree with the schemas on signing up, the two passwords included", () => {
    const cases = NAMES.flatMap((fullName) =>
      EMAILS.flatMap((email) =>
        PASSWORDS.flatMap((password) =>
          ["", password, `${password}x`].map((confirmPassword) => ({ fullName, email, password, confirmPassword })),
        ),
      ),
    );
    agree("signup", cases);
  });

  it("agree with the schemas on asking for a reset or a code, and on the code", () => {
    agree(
      "reset",
      EMAILS.map((email) => ({ email })),
    );
    agree(
      "code-request",
      EMAILS.map((email) => ({ email })),
    );
    agree(
      "code",
      ["achieng@example.com", ""].flatMap((email) => CODES.map((code) => ({ email, code }))),
    );
  });

  it("say what a reader sees for the common slips", () => {
    expect(AUTH_CHECKS.signin!({ email: "", password: "" })).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
    expect(AUTH_CHECKS.code!({ email: "a@example.com", code: "12345" })).toEqual({
      code: "The code is the 6 digits in the email we sent you",
    });
    expect(
      AUTH_CHECKS.signup!({ fullName: "Ann", email: "a@example.com", password: "sukuma1", confirmPassword: "sukuma2" }),
    ).toEqual({
      confirmPassword: "Passwords do not match",
    });
  });
});
