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
    ]) {
      const res = await raw(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("location"), path).toBeNull();
    }
  });
});
