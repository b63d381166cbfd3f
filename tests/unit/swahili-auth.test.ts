// Sign-in and her address in Swahili (issue 50, ADR 048): every word the sign-in, reset and confirmation pages can
// show, from the server (the schemas' messages, the refusals, the notices) or from the sign-in page's script (its own
// checks, Show/Hide), has its Swahili; the server and the script say the same Swahili for the same check; links and
// landings stay on Swahili pages, on the site.
import { describe, expect, it } from "vitest";
import { data } from "react-router";
import { parseForm } from "~/lib/forms";
import { refuseForm } from "~/lib/forms.server";
import { translator } from "~/lib/i18n/i18n";
import { hasSwahiliVersion, localizedHref } from "~/lib/locale";
import { localizedUrl } from "~/lib/mail/layout.server";
import { signInHref, SIGN_IN_REASONS } from "~/lib/sign-in-href";
import { AppError } from "~/lib/app-error";
import { ACCOUNT_ERRORS } from "~/modules/accounts/account-errors";
import { AUTH_CHECKS } from "~/modules/accounts/auth-checks";
import { actionAnswerIn, authIslandWords, authWordId, authWords } from "~/modules/accounts/auth-words.server";
import { oauthSignUpLanguage } from "~/modules/accounts/language.server";
import { authFormSchema, confirmEmailSchema, newPasswordSchema } from "~/modules/accounts/schemas";
import { ACCOUNT_NOTICES } from "~/modules/accounts/sign-in.server";

const sw = authWords("sw");

/** Values that make each check say each of its messages (with the grid of tests/unit/auth-checks.test.ts). */
const INPUTS = {
  email: ["", "a".repeat(250) + "@x.co", "a@example.com\u0007", "achieng@", "achieng@example.com"],
  password: ["", "abc", "a".repeat(129), "sukuma\u0001", "sukuma1"],
  fullName: ["", "a".repeat(201), "Achieng\u0007", "Win at https://x.example", "Achieng Odhiambo"],
  code: ["", "1".repeat(21), "12345", "123456"],
  confirmPassword: ["", "other1", "sukuma1"],
};

/** Every English message the island's checks give over the grid. */
function islandMessages(): Set<string> {
  const out = new Set<string>();
  for (const check of Object.values(AUTH_CHECKS))
    for (const email of INPUTS.email)
      for (const password of INPUTS.password)
        for (const fullName of INPUTS.fullName.slice(0, 2).concat(INPUTS.fullName.slice(2)))
          for (const code of INPUTS.code)
            for (const confirmPassword of INPUTS.confirmPassword)
              for (const message of Object.values(check({ email, password, fullName, code, confirmPassword })))
                if (message) out.add(message);
  return out;
}

describe("the words of signing in, in Swahili", () => {
  it("every check the page's script and the schemas make has its Swahili, the same on server and in the script", () => {
    const island = JSON.parse(authIslandWords()) as Record<string, string>;
    const messages = islandMessages();
    expect(messages.size).toBeGreaterThanOrEqual(15);
    for (const message of messages) {
      expect(authWordId(message), message).toBeDefined();
      expect(sw(message), message).not.toBe(message);
      // The script shows what the server would have said.
      expect(island[message], message).toBe(sw(message));
    }
    expect(island.Show).toBe("Onyesha");
    expect(island.Hide).toBe("Ficha");
  });

  it("the action's own refusals of a bad form come back in Swahili, field by field", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "signup", fullName: "", email: "achieng@", password: "abc" }))
      form.set(k, v);
    const answer = actionAnswerIn(refuseForm(parseForm(form, authFormSchema), { hideFields: ["password"] }), "sw");
    const body = answer.data;
    expect(body.error.message).toBe("Jina kamili linahitajika");
    expect(body.error.title).toBe("Hitilafu ya fomu");
    expect(body.form?.error).toMatchObject({
      fullName: ["Jina kamili linahitajika"],
      email: ["Tafadhali andika anwani sahihi ya barua pepe"],
      password: ["Nenosiri liwe na herufi 6 au zaidi"],
      confirmPassword: ["Tafadhali thibitisha nenosiri lako"],
    });
    // English answers are left exactly as they were.
    const english = refuseForm(parseForm(form, authFormSchema));
    expect(actionAnswerIn(english, "en")).toBe(english);
  });

  it("the reset and confirmation pages' checks are in Swahili too", () => {
    for (const [schema, values] of [
      [newPasswordSchema, { token: "", password: "abc", confirmPassword: "" }],
      [confirmEmailSchema, { token: "", password: "" }],
    ] as const) {
      const form = new FormData();
      for (const [k, v] of Object.entries(values)) form.set(k, v);
      const errors = Object.values(parseForm(form, schema).reply().error ?? {}).flat() as string[];
      expect(errors.length).toBeGreaterThan(1);
      for (const message of errors) expect(sw(message), message).not.toBe(message);
    }
  });

  it("every refusal, notice and reason has its Swahili", () => {
    const english = [
      // The profile's timeout is a toast of any page, not these pages' words.
      ...Object.values(ACCOUNT_ERRORS)
        .filter((e) => e !== ACCOUNT_ERRORS.PROFILE_TIMEOUT)
        .map((e) => e.message),
      ...Object.values(ACCOUNT_NOTICES),
      ...Object.values(SIGN_IN_REASONS),
      "Your email address is confirmed. You can sign in now.",
      "Error",
    ];
    for (const message of english) expect(sw(message), message).not.toBe(message);
    expect(sw(ACCOUNT_ERRORS.INVALID_CREDENTIALS.message)).toBe("Barua pepe au nenosiri si sahihi.");
  });

  it("a wrong code says the tries left in Swahili, one and many", () => {
    expect(sw("That code is not right. You have 1 try left.")).toBe("Msimbo huo si sahihi. Umebakiwa na jaribio 1.");
    expect(sw("That code is not right. You have 3 tries left.")).toBe(
      "Msimbo huo si sahihi. Umebakiwa na majaribio 3.",
    );
    const refused = data({ ok: false, error: new AppError(ACCOUNT_ERRORS.SIGN_IN_CODE_LIMITED).payload });
    expect(actionAnswerIn(refused, "sw").data.error.message).toMatch(/^Tayari tumetuma misimbo/);
  });

  it("a step that worked says so in Swahili", () => {
    expect(actionAnswerIn({ ok: true, message: ACCOUNT_NOTICES.codeSent }, "sw").message).toBe(
      "Msimbo umetumwa. Ikiwa uliomba zaidi ya mmoja, tumia ule mpya zaidi.",
    );
  });

  it("English words stay the English pages' own (the catalogue gives the words the pages always showed)", () => {
    const en = translator("en");
    expect(en("auth.linkSent", { email: "a@x.ke" })).toBe(
      "We sent a confirmation link to a@x.ke. Open it to confirm your account, then sign in. It can take a minute; look in your spam folder too.",
    );
    expect(authWords("en")("Email is required")).toBe("Email is required");
  });
});

describe("her address stays Swahili", () => {
  it("the sign-in, reset and confirmation pages have a Swahili version", () => {
    for (const page of ["/signin", "/reset-password", "/confirm-email", "/sw/signin"])
      expect(hasSwahiliVersion(page), page).toBe(true);
    expect(hasSwahiliVersion("/signout")).toBe(false);
    expect(hasSwahiliVersion("/signin/extra")).toBe(false);
  });

  it("a sign-in link back to a Swahili page is the Swahili sign-in page", () => {
    expect(signInHref("/sw/article/abc")).toBe("/sw/signin?redirectTo=%2Fsw%2Farticle%2Fabc");
    expect(signInHref("/article/abc")).toBe("/signin?redirectTo=%2Farticle%2Fabc");
    expect(signInHref("/sw")).toBe("/sw/signin?redirectTo=%2Fsw");
    expect(localizedHref(signInHref("/checkout/plan/basic", "subscribe"), "sw")).toBe(
      "/sw/signin?redirectTo=%2Fcheckout%2Fplan%2Fbasic&reason=subscribe",
    );
    expect(localizedHref("/signin", "sw")).toBe("/sw/signin");
  });

  it("the account mails' links open the Swahili pages for a Swahili reader", () => {
    expect(localizedUrl("https://nuru.co.ke/confirm-email?token=a", "sw")).toBe(
      "https://nuru.co.ke/sw/confirm-email?token=a",
    );
    expect(localizedUrl("https://nuru.co.ke/reset-password?token=a", "sw")).toBe(
      "https://nuru.co.ke/sw/reset-password?token=a",
    );
    expect(localizedUrl("https://nuru.co.ke/reset-password?token=a", "en")).toBe(
      "https://nuru.co.ke/reset-password?token=a",
    );
  });

  it("a new account made by Google keeps the language the start on a Swahili page set, on the callback only", () => {
    // better-auth names the endpoint by its route, as its hooks see it.
    const callback = (cookie?: string) => ({
      path: "/callback/:id",
      request: new Request("https://nuru.co.ke/api/auth/callback/google", {
        headers: cookie ? { Cookie: cookie } : {},
      }),
    });
    expect(oauthSignUpLanguage(callback("nuru_lang=sw; other=1"))).toBe("sw");
    expect(oauthSignUpLanguage(callback())).toBeNull();
    expect(oauthSignUpLanguage({ ...callback("nuru_lang=sw"), path: "/sign-up/email" })).toBeNull();
    expect(oauthSignUpLanguage(null)).toBeNull();
  });
});
