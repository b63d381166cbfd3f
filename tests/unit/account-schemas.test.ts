import { describe, expect, it } from "vitest";
import {
  fieldErrorsOf,
  newPasswordSchema,
  profileSchema,
  signInSchema,
  signUpSchema,
} from "~/modules/accounts/schemas";

const valid = {
  fullName: "Achieng Odhiambo",
  email: "Achieng@Example.com",
  password: "sukuma1",
  confirmPassword: "sukuma1",
};

function errorsOf(
  schema: typeof signUpSchema | typeof profileSchema | typeof signInSchema | typeof newPasswordSchema,
  input: unknown,
) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe("sign-up form", () => {
  it("accepts a valid form and normalises the address", () => {
    const parsed = signUpSchema.parse(valid);
    expect(parsed.email).toBe("achieng@example.com");
  });

  it.each([
    [{ ...valid, fullName: "   " }, "fullName", "Full name is required"],
    [{ ...valid, fullName: "a".repeat(201) }, "fullName", "Full name must be at most 200 characters"],
    [{ ...valid, fullName: "Achieng\u0007" }, "fullName", "Full name contains characters that are not allowed"],
    [
      { ...valid, fullName: "Achieng\nhttps://x.example" },
      "fullName",
      "Full name contains characters that are not allowed",
    ],
    [{ ...valid, fullName: "Win at https://x.example" }, "fullName", "Full name cannot contain a web address"],
    [{ ...valid, fullName: "see www.x.example" }, "fullName", "Full name cannot contain a web address"],
    [{ ...valid, fullName: "Verify at nuru-help.example" }, "fullName", "Full name cannot contain a web address"],
    [{ ...valid, fullName: "Amina \u202eevil" }, "fullName", "Full name contains characters that are not allowed"],
    [{ ...valid, fullName: "Amina\u2028Line" }, "fullName", "Full name contains characters that are not allowed"],
    [{ ...valid, fullName: "Amina\u0085" }, "fullName", "Full name contains characters that are not allowed"],
    [{ ...valid, email: "" }, "email", "Email is required"],
    [{ ...valid, email: "achieng@" }, "email", "Please enter a valid email address"],
    [{ ...valid, email: `${"a".repeat(250)}@x.co` }, "email", "Email must be at most 254 characters"],
    [{ ...valid, password: "12345", confirmPassword: "12345" }, "password", "Password must be at least 6 characters"],
    [
      { ...valid, password: "p".repeat(129), confirmPassword: "p".repeat(129) },
      "password",
      "Password must be at most 128 characters",
    ],
    [{ ...valid, confirmPassword: "sukuma2" }, "confirmPassword", "Passwords do not match"],
    [{ ...valid, password: "" }, "password", "Password is required"],
  ])("rejects %j on %s", (input, field, message) => {
    expect(errorsOf(signUpSchema, input)[field]).toBe(message);
  });
});

describe("other account forms", () => {
  it("sign-in needs an address and a password", () => {
    expect(errorsOf(signInSchema, { email: "x@y.z", password: "" }).password).toBe("Password is required");
    expect(errorsOf(signInSchema, { email: "nope", password: "x" }).email).toBe("Please enter a valid email address");
  });
  it("profile trims the name and refuses an empty one", () => {
    expect(profileSchema.parse({ fullName: "  Wanjiru  " }).fullName).toBe("Wanjiru");
    expect(errorsOf(profileSchema, { fullName: "" }).fullName).toBe("Full name is required");
  });
  it("profile takes an optional KRA PIN for receipts, a letter, nine digits and a letter", () => {
    expect(profileSchema.parse({ fullName: "Wanjiru" }).kraPin).toBeUndefined();
    expect(profileSchema.parse({ fullName: "Wanjiru", kraPin: " a 123456789 b" }).kraPin).toBe("A123456789B");
    for (const kraPin of ["A12345678B", "123456789AB", "A123456789", "A1234567890B"]) {
      expect(errorsOf(profileSchema, { fullName: "Wanjiru", kraPin }).kraPin, kraPin).toBe(
        "KRA PIN must be a letter, nine digits and a letter, like A123456789B",
      );
    }
  });
  it("a new password needs the token and a matching confirmation", () => {
    expect(
      errorsOf(newPasswordSchema, { token: "", password: "abcdef", confirmPassword: "abcdef" }).token,
    ).toBeDefined();
    expect(
      errorsOf(newPasswordSchema, { token: "t", password: "abcdef", confirmPassword: "abcdeg" }).confirmPassword,
    ).toBe("Passwords do not match");
  });
});
