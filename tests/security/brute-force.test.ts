import { describe, expect, it } from "vitest";
import { freshAddress, freshEmail, newReader, postForm, raw, signInOutcome, trySignIn } from "../setup/attacker";

// Threat: guessing a reader's password. Only the shop's sign-in form checks passwords, it counts each attempt
// before checking it, and it stops after 5 wrong ones per account and address (20 per address over all accounts).

describe("password guessing through the sign-in form", () => {
  it("stops after 5 wrong passwords, says when to retry, and refuses even the right one meanwhile", async () => {
    const email = await newReader();
    const from = freshAddress();
    for (let i = 1; i <= 5; i++) expect(signInOutcome(await trySignIn(email, `wrong-${i}`, from))).toBe("wrong");
    const refused = await trySignIn(email, "right-pass-1", from);
    expect(signInOutcome(refused)).toBe("limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toContain("Too many sign-in attempts. Please try again later.");
    // The data request the sign-in dialog sends gets the same answer and header.
    const dialog = await postForm("/signin.data", { intent: "signin", email, password: "right-pass-1" }, { from });
    expect(dialog.status).toBe(429);
    expect(Number(dialog.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("checks at most 5 of 60 simultaneous guesses", async () => {
    const email = await newReader();
    const from = freshAddress();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => trySignIn(email, `burst-${i}`, from).then(signInOutcome)),
    );
    expect(results.filter((r) => r === "wrong").length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r === "limited").length).toBeGreaterThanOrEqual(55);
    expect(results).not.toContain("other");
  });

  it("stops one address spraying passwords over many accounts, even when it signs in to its own meanwhile", async () => {
    const own = await newReader("own-pass-1");
    const from = freshAddress();
    const outcomes: string[] = [];
    for (let i = 0; i < 26; i++) {
      outcomes.push(signInOutcome(await trySignIn(freshEmail(`spray${i}`), "123456", from)));
      // A success from the same address must not wipe its failures.
      if (i % 5 === 0) await trySignIn(own, "own-pass-1", from);
    }
    expect(outcomes.filter((o) => o === "wrong").length).toBeLessThanOrEqual(20);
    expect(outcomes.slice(-3)).toEqual(["limited", "limited", "limited"]);
  });

  it("cannot pick a new client address by writing its own X-Forwarded-For entries", async () => {
    const email = await newReader("proxy-pass-1");
    const proxy = freshAddress(); // what the shop's proxy appends: the real client address
    const outcomes: string[] = [];
    for (let i = 0; i < 7; i++) {
      const spoofed = `${freshAddress()}, ${proxy}`;
      outcomes.push(signInOutcome(await trySignIn(email, `spoof-${i}`, spoofed)));
    }
    expect(outcomes.slice(0, 5)).toEqual(["wrong", "wrong", "wrong", "wrong", "wrong"]);
    expect(outcomes.slice(5)).toEqual(["limited", "limited"]);
  });

  it("does not let a stranger elsewhere lock a reader out", async () => {
    const email = await newReader("mine-pass-1");
    const stranger = freshAddress();
    for (let i = 0; i < 8; i++) await trySignIn(email, `guess-${i}`, stranger);
    expect(signInOutcome(await trySignIn(email, "mine-pass-1", stranger))).toBe("limited");
    expect(signInOutcome(await trySignIn(email, "mine-pass-1", freshAddress()))).toBe("signed-in");
  });

  it("lets a reader in from her own browser while strangers elsewhere guess her password", async () => {
    const email = await newReader("phone-pass-1");
    const phone = freshAddress();
    const first = await trySignIn(email, "phone-pass-1", phone);
    expect(signInOutcome(first)).toBe("signed-in");
    const device = first.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("nuru_device="));
    expect(device).toBeTruthy();
    // Strangers on three other addresses: enough to block the account for anyone without the device cookie.
    for (let i = 0; i < 12; i++) await trySignIn(email, `guess-${i}`, freshAddress().replace(/\.\d+$/, `.${i % 3}`));
    expect(signInOutcome(await trySignIn(email, "phone-pass-1", freshAddress()))).toBe("limited");
    const fromPhone = await postForm(
      "/signin",
      { intent: "signin", email, password: "phone-pass-1" },
      { from: phone, cookie: device },
    );
    expect(signInOutcome(fromPhone)).toBe("signed-in");
  });

  it("offers no other door: better-auth's own endpoints answer 404", async () => {
    const email = await newReader("door-pass-1");
    const json = { "Content-Type": "application/json" };
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const body = JSON.stringify({ email, password: "door-pass-1", name: "x\nhttps://evil.example", token: "x" });
    for (const path of [
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/auth/sign-in/social",
      "/api/auth/request-password-reset",
      "/api/auth/forget-password",
      "/api/auth/reset-password",
      "/api/auth/send-verification-email",
      "/api/auth/update-user",
      "/api/auth/change-password",
      "/api/auth/change-email",
      "/api/auth/delete-user",
      "/api/auth/revoke-sessions",
      "/api/auth/sign-out",
      "/api/auth/sign-in/email-otp",
      "/api/auth/email-otp/send-verification-otp",
      "/api/auth/email-otp/check-verification-otp",
      "/api/auth/email-otp/verify-email",
      "/api/auth/email-otp/reset-password",
      "/api/auth/forget-password/email-otp",
    ]) {
      // JSON is refused before any route reads it; a form body reaches the route, which is closed.
      expect((await raw(path, { method: "POST", headers: json, body })).status, path).toBeGreaterThanOrEqual(400);
      expect((await raw(path, { method: "POST", headers: form, body: "email=x" })).status, path).toBe(404);
    }
    for (const path of [
      "/api/auth/get-session",
      "/api/auth/list-sessions",
      "/api/auth/ok",
      "/api/auth/verify-email?token=x&callbackURL=/..//other.example",
      "/api/auth/reset-password/x?callbackURL=https://other.example",
      `/api/auth/email-otp/get-verification-otp?email=${encodeURIComponent(email)}&type=sign-in`,
    ]) {
      const res = await raw(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("location"), path).toBeNull();
    }
  });
});

// Threat: guessing the six-digit code mailed for signing in (ADR 040), or flooding an inbox with codes. Each code has
// 5 tries and 10 minutes; an address gets at most 3 codes per 15 minutes; one client shares the hourly mail budget.
describe("sign-in codes by e-mail", () => {
  const askForCode = (email: string, from: string) => postForm("/signin", { intent: "code-request", email }, { from });
  const tryCode = (email: string, code: string, from: string) =>
    postForm("/signin", { intent: "code-signin", email, code }, { from });

  /** The code in the newest mail to this address, read from the dev outbox. */
  async function codeFromOutbox(email: string): Promise<string> {
    const outbox = await raw("/dev/mail");
    const escaped = email.replace(/[.+]/g, "\\$&");
    const code = new RegExp(`mail-to">${escaped}<[\\s\\S]*?(\\d{6}) is your Nuru sign-in code`).exec(outbox.body)?.[1];
    if (!code) throw new Error(`no sign-in code mailed to ${email}`);
    return code;
  }

  it("kills a code after 5 wrong tries, saying how many are left; the right code then signs in no one", async () => {
    const email = await newReader();
    const from = freshAddress();
    expect((await askForCode(email, from)).status).toBe(200);
    const code = await codeFromOutbox(email);
    const wrong = (n: number) => String((Number(code) + n) % 1_000_000).padStart(6, "0");
    const answers: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await tryCode(email, wrong(i), from);
      expect(res.status).toBe(400);
      answers.push(/That code [^<."]*[.:][^<"]*/.exec(res.body)?.[0] ?? res.body.slice(0, 80));
    }
    expect(answers.slice(0, 4)).toEqual([
      "That code is not right. You have 4 tries left.",
      "That code is not right. You have 3 tries left.",
      "That code is not right. You have 2 tries left.",
      "That code is not right. You have 1 try left.",
    ]);
    expect(answers[4]).toContain("That code has been tried 5 times, so it no longer works. Ask for a new code.");
    const right = await tryCode(email, code, from);
    expect(right.status).toBe(400);
    expect(right.headers.getSetCookie().join()).not.toContain("session_token");
    expect(right.body).toContain("This code no longer works");
  });

  it("mails at most 3 codes per address per 15 minutes, from any number of clients, and says when to retry", async () => {
    const email = await newReader();
    const statuses: number[] = [];
    let last = { status: 0, headers: new Headers(), body: "" };
    for (let i = 0; i < 5; i++) {
      last = await askForCode(email, freshAddress());
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last.body).toContain("We have already sent several sign-in codes to this address.");
    const outbox = await raw("/dev/mail");
    expect(outbox.body.split(`data-testid="mail-to">${email}<`).length - 1).toBe(1 + 3); // confirmation + 3 codes
  });

  it("answers an address without an account the same, and stops one client asking for codes for many", async () => {
    const from = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await askForCode(freshEmail(`code-spray${i}`), from);
      statuses.push(res.status);
      if (res.status === 200) expect(res.body).toContain("We sent a 6-digit code to");
    }
    // The client's hourly mail budget (20), shared with confirmation and reset mails.
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

// Threat: guessing offer codes (issue 46, item 4). At most 10 refused codes per account and per address per 15
// minutes; past that the page still answers, at the normal price, as 429 with Retry-After.
describe("offer code guessing", () => {
  it("answers 429 with Retry-After to a guest trying 40 wrong codes on /pricing?code=, and still shows the prices", async () => {
    const from = freshAddress();
    const answers = [];
    for (let i = 0; i < 40; i++)
      answers.push(await raw(`/pricing?code=GUESS${i}X${from.replace(/\D/g, "")}`, { from }));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(200));
    const limited = answers.slice(10);
    expect(limited.map((a) => a.status)).toEqual(Array(30).fill(429));
    const last = limited[limited.length - 1];
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last.body).toMatch(/Too many offer codes tried\. Please wait \d+ minutes? and try again\./);
    expect(last.body).toContain("Plans and pricing");
    expect(last.body).toContain("KSh");
    // Another client is not affected.
    expect((await raw("/pricing?code=SOMEONEELSE", { from: freshAddress() })).status).toBe(200);
  });
});
