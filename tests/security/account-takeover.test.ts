import { describe, expect, it } from "vitest";
import { baseUrl } from "../setup/pages";
import { freshAddress, freshEmail, postForm, raw, signInOutcome, trySignIn } from "../setup/attacker";

// Threat: taking over someone's account by signing up with their address before they do, then waiting for them
// to confirm it (or for a mail scanner to open the link). Confirming needs the inbox and the current password.

const signUp = (email: string, password: string, fullName = "Someone") =>
  postForm(
    "/signin",
    { intent: "signup", fullName, email, password, confirmPassword: password },
    { from: freshAddress() },
  );

async function linksTo(email: string): Promise<string[]> {
  const outbox = await raw("/dev/mail");
  const escaped = email.replace(/[.+]/g, "\\$&");
  const pattern = new RegExp(`${escaped}<[\\s\\S]*?(/confirm-email\\?token=[\\w%-]+)`, "g");
  // Newest first on the page: return oldest first.
  return [...outbox.body.matchAll(pattern)].map((m) => m[1]).reverse();
}

describe("pre-registration takeover", () => {
  it("gives the claimer nothing, whichever of the mails the owner follows", async () => {
    const victim = freshEmail("victim");
    await signUp(victim, "claimer-pass", "Claimer");
    await signUp(victim, "owner-pass-1", "Owner");
    const [claimerLink] = await linksTo(victim);
    expect(claimerLink).toBeTruthy();

    // Opening the link (a person or a mail scanner) confirms nothing.
    const opened = await raw(claimerLink);
    expect(opened.status).toBe(200);
    expect(opened.body).toContain("Confirm your email");
    expect(signInOutcome(await trySignIn(victim, "owner-pass-1", freshAddress()))).toBe("other");

    const token = new URL(claimerLink, baseUrl()).searchParams.get("token")!;
    // Posted to the link's own address, as the page's form does.
    const withClaimerPassword = await postForm(
      claimerLink,
      { token, password: "claimer-pass" },
      { from: freshAddress() },
    );
    expect(withClaimerPassword.status).toBe(400);
    expect(withClaimerPassword.body).toContain("That password does not match this account.");
    const withOwnerPassword = await postForm(
      claimerLink,
      { token, password: "owner-pass-1" },
      { from: freshAddress() },
    );
    expect(withOwnerPassword.headers.get("location")).toBe("/home");

    expect(signInOutcome(await trySignIn(victim, "claimer-pass", freshAddress()))).toBe("wrong");
    expect(signInOutcome(await trySignIn(victim, "owner-pass-1", freshAddress()))).toBe("signed-in");
  });

  it("never answers a sign-up with an error, even two at once for a new address", async () => {
    const email = freshEmail("twice");
    const results = await Promise.all([signUp(email, "first-pass-1"), signUp(email, "second-pass-1")]);
    for (const res of results) expect(res.status).toBeLessThan(500);
  });
});
