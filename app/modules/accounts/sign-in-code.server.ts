// Sign in with a code by e-mail (ADR 040): for readers in WhatsApp's or Facebook's in-app browser, where there is no
// password manager and Google refuses to sign in. better-auth's e-mail OTP plugin makes, stores (encrypted), checks
// and counts the codes (auth.server.ts); this module is the only door to it: the limits, the same answer for
// unknown addresses, and the words for each outcome.
import { desc, eq } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { users, verifications } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { refused, type Refused } from "~/lib/app-error.server";
import { clientIp } from "~/modules/security/client-address";
import {
  hitFixedWindow,
  reserveSignInAttempt,
  settleSignInSuccess,
  type FixedWindowHit,
  type LoginRule,
} from "~/modules/security/rate-limit.server";
import { ACCOUNT_ERRORS } from "./account-errors";
import { getAuth, SIGN_IN_CODE } from "./auth.server";
import { deviceCookie, knownDeviceId } from "./known-device.server";
import { signInLanguageCookie } from "./language.server";
import {
  errorCode,
  MAIL_LIMIT_PER_CLIENT_PER_HOUR,
  setCookies,
  SIGNIN_FREE_ATTEMPTS_PER_ADDRESS,
} from "./sign-in.server";

const MINUTE = 60_000;
export const CODE_WINDOW_MS = 15 * MINUTE;
export const CODES_PER_ADDRESS_PER_WINDOW = 3;
export const CODES_PER_ADDRESS_PER_DAY = 10;

/** Where the plugin keeps the sign-in code of an address (its `toOTPIdentifier("sign-in", email)`). */
export function signInCodeIdentifier(email: string): string {
  return `sign-in-otp-${email.toLowerCase()}`;
}

/**
 * The limits on asking for a code. A browser that signed in to the account before (device cookie) counts on its
 * own, so strangers asking for her address cannot stop her phone getting a code. Anyone else: 3 per address per
 * 15 minutes and 10 a day (with 5 tries a code, at most 50 guesses of a million a day at one address), and the
 * client address's hourly mail budget, shared with the confirmation and reset mails.
 */
export function codeRequestLimits(email: string, ip: string, deviceId: string | null): FixedWindowHit[] {
  if (deviceId) {
    return [{ key: `code:device:${email}|${deviceId}`, limit: CODES_PER_ADDRESS_PER_WINDOW, windowMs: CODE_WINDOW_MS }];
  }
  return [
    { key: `code:address:${email}`, limit: CODES_PER_ADDRESS_PER_WINDOW, windowMs: CODE_WINDOW_MS },
    { key: `code:address-day:${email}`, limit: CODES_PER_ADDRESS_PER_DAY, windowMs: 24 * 60 * MINUTE },
    { key: `mail:client:${ip}`, limit: MAIL_LIMIT_PER_CLIENT_PER_HOUR, windowMs: 60 * MINUTE },
  ];
}

/**
 * Mails a new sign-in code to an account's address. The answer is the same for an address without an account: a
 * code is stored for it too (never sent, so never guessable), and it counts tries, expires and dies the same way,
 * so neither this answer nor the code form's tell which addresses have accounts. A code never makes an account.
 */
export async function requestSignInCode(request: Request, input: { email: string }): Promise<{ ok: true } | Refused> {
  const db = getDb();
  const email = input.email.toLowerCase();
  const limits = codeRequestLimits(email, clientIp(request), knownDeviceId(request, email));
  const waits: number[] = [];
  for (const limit of limits) {
    const hit = await hitFixedWindow(db, limit);
    if (!hit.allowed) waits.push(hit.retryAfterMs);
  }
  if (waits.length > 0) return refused(ACCOUNT_ERRORS.SIGN_IN_CODE_LIMITED, Math.max(...waits));
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const auth = getAuth();
  if (account) await auth.api.sendVerificationOTP({ body: { email, type: "sign-in" } });
  else await auth.api.createVerificationOTP({ body: { email, type: "sign-in" } });
  return { ok: true };
}

/** The address's current code row (the plugin's "code:tries used"), or null when none is waiting. */
async function currentCode(db: Database, email: string) {
  const [row] = await db
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, signInCodeIdentifier(email)))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  return row ?? null;
}

/** The words after a wrong code: the tries left, or, after the last one, that the code is dead. */
async function wrongCode(db: Database, email: string): Promise<Refused> {
  const row = await currentCode(db, email);
  // CASE: no row -> another attempt took it at the same moment (or it was the last): nothing left to try.
  if (!row) return refused(ACCOUNT_ERRORS.SIGN_IN_CODE_INVALID);
  const used = Number.parseInt(row.value.slice(row.value.lastIndexOf(":") + 1), 10);
  const left = SIGN_IN_CODE.tries - (Number.isFinite(used) ? used : SIGN_IN_CODE.tries);
  if (left <= 0) {
    // Dead at once (the plugin would refuse it at the next try anyway), so no later answer can differ.
    await db.delete(verifications).where(eq(verifications.identifier, signInCodeIdentifier(email)));
    return refused(ACCOUNT_ERRORS.SIGN_IN_CODE_TRIED_OUT);
  }
  const tries = left === 1 ? "1 try" : `${left} tries`;
  return refused(new AppError(ACCOUNT_ERRORS.SIGN_IN_CODE_WRONG, `That code is not right. You have ${tries} left.`));
}

export type CodeSignInResult = { ok: true; headers: Headers } | Refused;

/**
 * Signs in with the code mailed to the address. A code proves the inbox: an unconfirmed account is confirmed, and
 * whatever it had before the proof (a password someone else may have chosen, sessions) is dropped by better-auth.
 * A wrong code counts against the client address like a wrong password (20 over all accounts), except in a browser
 * that signed in to this account before; each code has its own 5 tries.
 */
export async function signInWithCode(
  request: Request,
  input: { email: string; code: string },
): Promise<CodeSignInResult> {
  const db = getDb();
  const email = input.email.toLowerCase();
  // CASE: no code waiting (never asked, used, expired and swept, or tried out) -> nothing to check, nothing counted.
  if (!(await currentCode(db, email))) return refused(ACCOUNT_ERRORS.SIGN_IN_CODE_INVALID);
  const deviceId = knownDeviceId(request, email);
  const rules: LoginRule[] = deviceId
    ? []
    : [{ key: `signin:ip:${clientIp(request)}`, backoff: { freeAttempts: SIGNIN_FREE_ATTEMPTS_PER_ADDRESS } }];
  const ticket = await reserveSignInAttempt(db, rules);
  if (!ticket.allowed) return refused(ACCOUNT_ERRORS.SIGN_IN_LIMITED, ticket.retryAfterMs);
  const response = await getAuth().api.signInEmailOTP({
    body: { email, otp: input.code },
    headers: request.headers,
    asResponse: true,
  });
  const code = response.ok ? undefined : await errorCode(response);
  // Only a wrong code was a guess; a right, expired or tried-out one costs the address nothing.
  if (code !== "INVALID_OTP") await settleSignInSuccess(db, ticket.reserved, []);
  if (response.ok) {
    const headers = setCookies(response);
    headers.append("Set-Cookie", deviceCookie(email, deviceId));
    // CASE: her account keeps a language -> this browser remembers it too (ADR 048).
    const language = await signInLanguageCookie(email, request);
    if (language) headers.append("Set-Cookie", language);
    return { ok: true, headers };
  }
  if (code === "OTP_EXPIRED") return refused(ACCOUNT_ERRORS.SIGN_IN_CODE_EXPIRED);
  if (code === "TOO_MANY_ATTEMPTS") return refused(ACCOUNT_ERRORS.SIGN_IN_CODE_TRIED_OUT);
  if (code === "INVALID_OTP") return wrongCode(db, email);
  return refused(ACCOUNT_ERRORS.AUTH_FAILED);
}
