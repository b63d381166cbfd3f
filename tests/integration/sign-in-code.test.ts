import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { accounts, sessions, users, verifications } from "~/db/schema";
import { createUser } from "~/db/seed/factories";
import { latestOutboxMailTo, listOutbox } from "~/stand-ins/dev-outbox.server";
import { ACCOUNT_ERRORS } from "~/modules/accounts/account-errors";
import {
  CODES_PER_ADDRESS_PER_WINDOW,
  requestSignInCode,
  signInCodeIdentifier,
  signInWithCode,
} from "~/modules/accounts/sign-in-code.server";
import { signInWithPassword } from "~/modules/accounts/sign-in.server";
import { getEnv } from "~/lib/env.server";

// Signing in with a code by e-mail (ADR 040): six digits, 10 minutes, 5 tries, never an account of its own, and
// the same answers for an address without an account.
const target = process.env.DB_TARGET === "postgres" ? "postgres" : "pglite";
let t: TestDatabase;

function request(ip = `10.2.${randomBytes(1)[0]}.${randomBytes(1)[0]}`, cookie?: string): Request {
  const headers: Record<string, string> = { "x-nuru-client-ip": ip };
  if (cookie) headers.Cookie = cookie;
  return new Request(`${getEnv().PUBLIC_URL}/signin`, { method: "POST", headers });
}

const address = (name: string) => `${name}-${randomBytes(4).toString("hex")}@nuru.test`;

/** The code in the newest mail to this address. */
async function mailedCode(to: string): Promise<string> {
  const mail = await latestOutboxMailTo(t.db, to);
  const code = /^(\d{6})$/m.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no sign-in code mailed to ${to}`);
  return code;
}

/** A six-digit code that is not `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, "0");

/** What a refused step said (the code and the words a person reads). */
function said(result: { ok: boolean; error?: { code: string; message: string } }) {
  return result.ok ? "signed in" : `${result.error!.code}: ${result.error!.message}`;
}

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
});
afterAll(async () => {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

describe(`sign in with a code by e-mail (${target})`, () => {
  it("mails a six-digit code (and nothing about her reading) that signs her in once", async () => {
    const email = address("amina");
    await createUser(t.db, { email, fullName: "Amina Otieno", password: null });
    expect((await requestSignInCode(request(), { email: email.toUpperCase() })).ok).toBe(true);
    const mail = await latestOutboxMailTo(t.db, email);
    const code = await mailedCode(email);
    expect(mail!.subject).toBe(`${code} is your Nuru sign-in code`);
    expect(mail!.text).toContain("It works for 10 minutes.");
    expect(mail!.text).not.toMatch(/https?:\/\//);
    expect(mail!.text).not.toContain("Amina");
    // Stored encrypted: the database holds no live code.
    const [row] = await t.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, signInCodeIdentifier(email)));
    expect(row.value).not.toContain(code);

    const signedIn = await signInWithCode(request(), { email, code });
    expect(said(signedIn)).toBe("signed in");
    const cookies = signedIn.ok ? signedIn.headers.getSetCookie().join("\n") : "";
    expect(cookies).toContain("session_token=");
    expect(cookies).toContain("nuru_device=");
    // Used: the same code does not sign in twice.
    expect(said(await signInWithCode(request(), { email, code }))).toBe(
      `SIGN_IN_CODE_INVALID: ${ACCOUNT_ERRORS.SIGN_IN_CODE_INVALID.message}`,
    );
  });

  it("says how many tries are left, and after 5 wrong codes the code is dead even when right", async () => {
    const email = address("tries");
    await createUser(t.db, { email, password: null });
    await requestSignInCode(request(), { email });
    const code = await mailedCode(email);
    const answers: string[] = [];
    for (let i = 1; i <= 5; i++) answers.push(said(await signInWithCode(request(), { email, code: wrong(code, i) })));
    expect(answers).toEqual([
      "SIGN_IN_CODE_WRONG: That code is not right. You have 4 tries left.",
      "SIGN_IN_CODE_WRONG: That code is not right. You have 3 tries left.",
      "SIGN_IN_CODE_WRONG: That code is not right. You have 2 tries left.",
      "SIGN_IN_CODE_WRONG: That code is not right. You have 1 try left.",
      `SIGN_IN_CODE_TRIED_OUT: ${ACCOUNT_ERRORS.SIGN_IN_CODE_TRIED_OUT.message}`,
    ]);
    expect(said(await signInWithCode(request(), { email, code }))).toMatch(
      /^SIGN_IN_CODE_INVALID: .*Ask for a new code\.$/,
    );
    // A new code works again.
    await requestSignInCode(request(), { email });
    expect(said(await signInWithCode(request(), { email, code: await mailedCode(email) }))).toBe("signed in");
  });

  it("refuses an expired code with its own words", async () => {
    const email = address("late");
    await createUser(t.db, { email, password: null });
    await requestSignInCode(request(), { email });
    const code = await mailedCode(email);
    const [row] = await t.db
      .select()
      .from(verifications)
      .where(eq(verifications.identifier, signInCodeIdentifier(email)));
    // Valid for 10 minutes from the mail.
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, signInCodeIdentifier(email)));
    expect(said(await signInWithCode(request(), { email, code }))).toBe(
      "SIGN_IN_CODE_EXPIRED: This code has expired: codes work for 10 minutes. Ask for a new code.",
    );
  });

  it("answers an address without an account exactly as one with, sends it nothing and makes no account", async () => {
    const known = address("known");
    await createUser(t.db, { email: known, password: null });
    const unknown = address("nobody");
    const before = (await listOutbox(t.db, 500)).length;
    expect(await requestSignInCode(request(), { email: unknown })).toEqual({ ok: true });
    expect((await listOutbox(t.db, 500)).length).toBe(before);
    await requestSignInCode(request(), { email: known });
    const knownCode = await mailedCode(known);
    const forUnknown: string[] = [];
    const forKnown: string[] = [];
    for (let i = 1; i <= 6; i++) {
      forUnknown.push(said(await signInWithCode(request(), { email: unknown, code: wrong(knownCode, i) })));
      forKnown.push(said(await signInWithCode(request(), { email: known, code: wrong(knownCode, i) })));
    }
    expect(forUnknown).toEqual(forKnown);
    expect(await t.db.select().from(users).where(eq(users.email, unknown))).toHaveLength(0);
  });

  it("confirms an unconfirmed account and drops the password someone set before the inbox was proven", async () => {
    const email = address("claimed");
    const claimed = await createUser(t.db, { email, password: "claimer-pass", emailVerified: false });
    await requestSignInCode(request(), { email });
    expect(said(await signInWithCode(request(), { email, code: await mailedCode(email) }))).toBe("signed in");
    const [user] = await t.db.select().from(users).where(eq(users.id, claimed.id));
    expect(user.emailVerified).toBe(true);
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, claimed.id))).toHaveLength(0);
    expect((await signInWithPassword(request(), { email, password: "claimer-pass" })).ok).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, claimed.id))).toHaveLength(1);
  });

  it(`mails at most ${CODES_PER_ADDRESS_PER_WINDOW} codes per address per 15 minutes, from any client, but her own browser still gets one`, async () => {
    const email = address("flood");
    await createUser(t.db, { email, password: null });
    // Her phone signed in with a code before: it carries the device cookie for her address.
    await requestSignInCode(request(), { email });
    const first = await signInWithCode(request(), { email, code: await mailedCode(email) });
    const device = first.ok
      ? first.headers
          .getSetCookie()
          .find((c) => c.startsWith("nuru_device="))!
          .split(";")[0]
      : "";
    expect(device).toBeTruthy();
    const before = (await listOutbox(t.db, 500)).filter((m) => m.to === email).length;
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const result = await requestSignInCode(request(), { email });
      answers.push(
        result.ok ? "sent" : `${result.error.code} after ${Math.ceil((result.retryAfterMs ?? 0) / 60_000)} min`,
      );
    }
    // One was spent above; two more go out, then the address waits (up to 15 minutes).
    expect(answers.slice(0, 2)).toEqual(["sent", "sent"]);
    expect(answers.slice(2).every((a) => /^SIGN_IN_CODE_LIMITED after (1[0-5]|[1-9]) min$/.test(a))).toBe(true);
    expect((await listOutbox(t.db, 500)).filter((m) => m.to === email).length - before).toBe(2);
    expect((await requestSignInCode(request(undefined, device), { email })).ok).toBe(true);
  });
});
