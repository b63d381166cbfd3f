import { describe, expect, it } from "vitest";
import { freshAddress, freshEmail, postForm, raw } from "../setup/attacker";

// Threat: using the shop to flood someone's inbox (or to send mail that looks like ours, with words of the
// attacker's choosing). Mail goes out only through the shop's forms: 5 an hour per address and kind, 20 an hour
// per client address; names are validated before they appear in a mail.

async function mailsTo(email: string): Promise<number> {
  const outbox = await raw("/dev/mail");
  return outbox.body.split(`data-testid="mail-to">${email}<`).length - 1;
}

describe("mail flooding", () => {
  it("sends at most 5 confirmation mails an hour to one address, from any number of clients", async () => {
    const email = freshEmail("inbox");
    const fields = { fullName: "Flood Target", email, password: "flood-pass-1", confirmPassword: "flood-pass-1" };
    for (let i = 0; i < 4; i++) await postForm("/signin", { intent: "signup", ...fields }, { from: freshAddress() });
    for (let i = 0; i < 4; i++) await postForm("/signin", { intent: "resend", email }, { from: freshAddress() });
    expect(await mailsTo(email)).toBe(5);
  });

  it("sends at most 5 reset mails an hour to one address", async () => {
    const email = "reader@nuru.test";
    const before = await mailsTo(email);
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await postForm("/signin", { intent: "reset", email }, { from: freshAddress() });
      answers.push(res.status);
      // The answer never says whether the address has an account; past the limit it says mail is paused.
      if (res.status === 429) expect(res.body).toContain("We have already sent several emails to this address");
      else expect(res.body).toContain("Password reset email sent! Please check your email.");
    }
    expect(answers.slice(-2)).toEqual([429, 429]);
    expect((await mailsTo(email)) - before).toBeLessThanOrEqual(5);
  });

  it("sends at most 20 mails an hour for one client, over any number of addresses", async () => {
    const from = freshAddress();
    const emails = Array.from({ length: 24 }, () => freshEmail("spray"));
    for (const email of emails) await postForm("/signin", { intent: "reset", email: "x" + email }, { from });
    for (const email of emails.slice(0, 4))
      await postForm(
        "/signin",
        { intent: "signup", fullName: "Spray", email, password: "spray-pass-1", confirmPassword: "spray-pass-1" },
        { from },
      );
    let sent = 0;
    for (const email of emails.slice(0, 4)) sent += await mailsTo(email);
    expect(sent).toBe(0);
  });

  it("refuses names that would put lines or links of an attacker's choosing into a mail", async () => {
    const email = freshEmail("phish");
    const res = await postForm(
      "/signin",
      {
        intent: "signup",
        fullName: "Amina\nYour account is locked: https://evil.example/login",
        email,
        password: "phish-pass-1",
        confirmPassword: "phish-pass-1",
      },
      { from: freshAddress() },
    );
    expect(res.status).toBe(400);
    expect(res.body).toContain("Full name contains characters that are not allowed");
    expect(await mailsTo(email)).toBe(0);
  });
});
