import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { getMailer } from "~/modules/mail/mailer.server";
import {
  hitFixedWindow,
  reserveSignInAttempt,
  settleSignInSuccess,
  type LoginRule,
} from "~/modules/security/rate-limit.server";
import { getAuth } from "./auth.server";
import { confirmEmail, replaceUnconfirmedSignUp, sendConfirmation } from "./email-confirmation.server";

const HOUR = 60 * 60 * 1000;
export const MAIL_LIMIT_PER_HOUR = 5;
/** Mails one client address may trigger an hour, over all the addresses it types in. */
export const MAIL_LIMIT_PER_CLIENT_PER_HOUR = 20;
export const SIGNIN_FREE_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS = 5;
export const SIGNIN_FREE_ATTEMPTS_PER_ACCOUNT = 10;
export const SIGNIN_FREE_ATTEMPTS_PER_ADDRESS = 20;

/**
 * Who is limited, and how. The tight limit is per account *and* client address, so a stranger cannot lock a
 * reader out from elsewhere; the account-wide limit stops guessing spread over many addresses and stays short
 * (a password reset lifts it); the address limit stops one address spraying passwords over many accounts (it is
 * looser because many Kenyan mobile users share one address behind their carrier).
 */
export function signInRules(email: string, ip: string): LoginRule[] {
  return [
    {
      key: `signin:pair:${email}|${ip}`,
      backoff: { freeAttempts: SIGNIN_FREE_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS },
    },
    {
      key: `signin:account:${email}`,
      backoff: { freeAttempts: SIGNIN_FREE_ATTEMPTS_PER_ACCOUNT, maxMs: 15 * 60_000 },
    },
    { key: `signin:ip:${ip}`, backoff: { freeAttempts: SIGNIN_FREE_ATTEMPTS_PER_ADDRESS } },
  ];
}

export const MESSAGES = {
  signedIn: "Signed in successfully!",
  signedUp: "Account created successfully! Please check your email to confirm your account.",
  resetSent: "Password reset email sent! Please check your email.",
  invalidCredentials: "Invalid email or password.",
  notConfirmed: "Please confirm your email address before signing in. Check your inbox for the link we sent you.",
  tooManyAttempts: "Too many sign-in attempts. Please try again later.",
  confirmationResent: "If that account still needs confirming, a new confirmation link is on its way.",
  invalidConfirmationLink:
    "This confirmation link is invalid or has expired. Sign in to get a new one, or sign up again.",
  invalidResetLink: "This reset link is invalid or has expired. Please ask for a new one.",
  passwordChanged: "Your password has been changed. Please sign in.",
  unexpected: "Something went wrong. Please try again.",
} as const;

export function clientIp(request: Request): string {
  return request.headers.get("x-nuru-client-ip") ?? "unknown";
}

function setCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

async function errorCode(response: Response): Promise<string | undefined> {
  try {
    return ((await response.clone().json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

export type SignInResult =
  { ok: true; headers: Headers } | { ok: false; message: string; needsConfirmation?: boolean; retryAfterMs?: number };

export async function signInWithPassword(
  request: Request,
  input: { email: string; password: string },
): Promise<SignInResult> {
  const db = getDb();
  const email = input.email.toLowerCase();
  const rules = signInRules(email, clientIp(request));
  // The attempt is reserved (counted) before the password is checked: concurrent guesses cannot slip through.
  const ticket = await reserveSignInAttempt(db, rules);
  if (!ticket.allowed) return { ok: false, message: MESSAGES.tooManyAttempts, retryAfterMs: ticket.retryAfterMs };
  const response = await getAuth().api.signInEmail({
    body: { email, password: input.password, rememberMe: true },
    headers: request.headers,
    asResponse: true,
  });
  const code = response.ok ? undefined : await errorCode(response);
  // CASE: the right password of an unconfirmed account is not a guess, so it costs nothing either.
  if (response.ok || code === "EMAIL_NOT_VERIFIED") {
    await settleSignInSuccess(db, ticket.reserved, [rules[0].key, rules[1].key]);
  }
  if (response.ok) return { ok: true, headers: setCookies(response) };
  if (code === "EMAIL_NOT_VERIFIED") return { ok: false, message: MESSAGES.notConfirmed, needsConfirmation: true };
  if (response.status === 401 || code === "INVALID_EMAIL_OR_PASSWORD")
    return { ok: false, message: MESSAGES.invalidCredentials };
  return { ok: false, message: MESSAGES.unexpected };
}

/** Counts one mail for the address typed in and for the client asking; false when either is over its limit. */
async function mayMail(kind: "confirm" | "reset", email: string, ip: string): Promise<boolean> {
  const db = getDb();
  const perAddress = await hitFixedWindow(db, {
    key: `mail:${kind}:${email}`,
    limit: MAIL_LIMIT_PER_HOUR,
    windowMs: HOUR,
  });
  const perClient = await hitFixedWindow(db, {
    key: `mail:client:${ip}`,
    limit: MAIL_LIMIT_PER_CLIENT_PER_HOUR,
    windowMs: HOUR,
  });
  return perAddress.allowed && perClient.allowed;
}

async function findUserByEmail(email: string) {
  const [user] = await getDb().select().from(users).where(eq(users.email, email.toLowerCase()));
  return user ?? null;
}

/**
 * Same answer whether or not the address has an account. A new address gets an account and a confirmation mail;
 * an unconfirmed one is taken over by this sign-up (its password and name replace the earlier ones) and gets a
 * new link; a confirmed one is left alone.
 */
export async function signUpWithPassword(
  request: Request,
  input: { fullName: string; email: string; password: string },
) {
  const email = input.email.toLowerCase();
  if (!(await mayMail("confirm", email, clientIp(request)))) return { ok: true as const };
  const existing = await findUserByEmail(email);
  if (existing) {
    if (existing.emailVerified) return { ok: true as const };
    const passwordHash = await (await getAuth().$context).password.hash(input.password);
    const replaced = await replaceUnconfirmedSignUp(getDb(), {
      userId: existing.id,
      fullName: input.fullName,
      passwordHash,
    });
    if (replaced) {
      await sendConfirmation(getDb(), getEnv(), getMailer(), { ...existing, name: input.fullName });
    }
    return { ok: true as const };
  }
  try {
    await getAuth().api.signUpEmail({ body: { name: input.fullName, email, password: input.password } });
  } catch (error) {
    // CASE: two sign-ups for one new address at the same moment -> the first wins, the same answer for both.
    if ((error as { body?: { code?: string } }).body?.code?.startsWith("USER_ALREADY_EXISTS"))
      return { ok: true as const };
    throw error;
  }
  return { ok: true as const };
}

/** The confirmation link was followed: "confirmed" once, "invalid" for anything else. */
export function confirmEmailAddress(token: string) {
  return confirmEmail(getDb(), getEnv(), token);
}

export async function resendConfirmation(request: Request, email: string) {
  const normalized = email.toLowerCase();
  if (!(await mayMail("confirm", normalized, clientIp(request)))) return;
  const user = await findUserByEmail(normalized);
  // Unknown or already confirmed addresses get the same answer.
  if (user && !user.emailVerified) await sendConfirmation(getDb(), getEnv(), getMailer(), user);
}

/** Same answer whether or not the address has an account; at most 5 mails an hour per address. */
export async function requestPasswordReset(request: Request, email: string) {
  const normalized = email.toLowerCase();
  if (!(await mayMail("reset", normalized, clientIp(request)))) return;
  await getAuth().api.requestPasswordReset({ body: { email: normalized, redirectTo: "/reset-password" } });
}

export async function resetPassword(token: string, newPassword: string): Promise<{ ok: boolean; message: string }> {
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
    return { ok: true, message: MESSAGES.passwordChanged };
  } catch {
    return { ok: false, message: MESSAGES.invalidResetLink };
  }
}

export async function signOut(request: Request): Promise<Headers> {
  const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
  return setCookies(response);
}

export async function startGoogleSignIn(request: Request): Promise<{ url: string; headers: Headers }> {
  const response = await getAuth().api.signInSocial({
    body: { provider: "google", callbackURL: "/", errorCallbackURL: "/signin?error=google" },
    headers: request.headers,
    asResponse: true,
  });
  const body = (await response.clone().json()) as { url: string };
  return { url: body.url, headers: setCookies(response) };
}
