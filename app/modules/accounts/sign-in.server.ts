import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { getMailer } from "~/modules/mail/mailer.server";
import { clientIp } from "~/modules/security/client-address";
import {
  hitFixedWindow,
  reserveSignInAttempt,
  settleSignInSuccess,
  type LoginRule,
} from "~/modules/security/rate-limit.server";
import { getAuth } from "./auth.server";
import {
  confirmationAddress,
  confirmEmail,
  replaceUnconfirmedSignUp,
  sendConfirmation,
} from "./email-confirmation.server";
import { deviceCookie, knownDeviceId } from "./known-device.server";

export { clientIp };

const HOUR = 60 * 60 * 1000;
export const MAIL_LIMIT_PER_HOUR = 5;
/** Mails one client address may trigger an hour, over all the addresses it types in. */
export const MAIL_LIMIT_PER_CLIENT_PER_HOUR = 20;
export const SIGNIN_FREE_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS = 5;
export const SIGNIN_FREE_ATTEMPTS_PER_ACCOUNT = 10;
export const SIGNIN_FREE_ATTEMPTS_PER_ADDRESS = 20;

/**
 * Who is limited, and how. A browser that signed in to the account before (device cookie) is limited on its own,
 * so strangers cannot lock the reader out of it. Anyone else: the tight limit is per account *and* client address;
 * the account-wide limit stops guessing spread over many addresses and stays short (a password reset lifts it);
 * the address limit stops one address spraying passwords over many accounts (it is looser because many Kenyan
 * mobile users share one address behind their carrier).
 */
export function signInRules(email: string, ip: string, deviceId: string | null = null): LoginRule[] {
  if (deviceId) {
    return [
      {
        key: `signin:device:${email}|${deviceId}`,
        backoff: { freeAttempts: SIGNIN_FREE_ATTEMPTS_PER_ACCOUNT_AND_ADDRESS },
      },
    ];
  }
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

/** The keys a success clears: everything that is the account's own (not the shared client address). */
function accountKeys(rules: LoginRule[]): string[] {
  return rules.map((r) => r.key).filter((key) => !key.startsWith("signin:ip:"));
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
  googleNeedsConfirmation:
    "This email address has an account that is not confirmed yet. Confirm it with the link we emailed you, or reset your password, then continue with Google.",
  mailLimited:
    "We have already sent several emails to this address in the last hour. Please check your inbox and spam folder, or try again later.",
  confirmed: "Your email address is confirmed. Welcome to Nuru!",
  confirmWrongPassword:
    "That password does not match this account. Use the password of your latest sign-up, or reset your password.",
  invalidResetLink: "This reset link is invalid or has expired. Please ask for a new one.",
  passwordChanged: "Your password has been changed. Please sign in.",
  unexpected: "Something went wrong. Please try again.",
} as const;

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
  const deviceId = knownDeviceId(request, email);
  const rules = signInRules(email, clientIp(request), deviceId);
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
  if (response.ok || code === "EMAIL_NOT_VERIFIED") await settleSignInSuccess(db, ticket.reserved, accountKeys(rules));
  if (response.ok) {
    const headers = setCookies(response);
    headers.append("Set-Cookie", deviceCookie(email, deviceId));
    return { ok: true, headers };
  }
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

/** What a mail-sending form answers: the same whether or not the address has an account. */
export interface MailOutcome {
  /** False when the mail limit refused to send (the reader is told so). */
  mailed: boolean;
}

/** Takes over an unconfirmed account for this sign-up (see replaceUnconfirmedSignUp); false when it is confirmed. */
async function replaceUnconfirmed(
  existing: { id: string; emailVerified: boolean },
  input: { fullName: string; password: string },
): Promise<boolean> {
  if (existing.emailVerified) return false;
  const passwordHash = await (await getAuth().$context).password.hash(input.password);
  return replaceUnconfirmedSignUp(getDb(), { userId: existing.id, fullName: input.fullName, passwordHash });
}

/**
 * Same answer whether or not the address has an account. A new address gets an account; an unconfirmed one is
 * taken over by this sign-up (its password and name replace the earlier ones, even when no mail may be sent);
 * a confirmed one is left alone. The confirmation mail goes out within the mail limits.
 */
export async function signUpWithPassword(
  request: Request,
  input: { fullName: string; email: string; password: string },
): Promise<MailOutcome> {
  const email = input.email.toLowerCase();
  const mayMailNow = await mayMail("confirm", email, clientIp(request));
  let user = await findUserByEmail(email);
  let needsMail: boolean;
  if (user) {
    needsMail = await replaceUnconfirmed(user, input);
  } else {
    try {
      await getAuth().api.signUpEmail({ body: { name: input.fullName, email, password: input.password } });
    } catch (error) {
      // CASE: two sign-ups for one new address at the same moment -> the first creates it, the second takes over.
      user = await findUserByEmail(email);
      if (!user) throw error;
      await replaceUnconfirmed(user, input);
    }
    user = await findUserByEmail(email);
    needsMail = Boolean(user && !user.emailVerified);
  }
  if (!needsMail || !user) return { mailed: mayMailNow };
  if (mayMailNow) await sendConfirmation(getDb(), getEnv(), getMailer(), { ...user, name: input.fullName });
  return { mailed: mayMailNow };
}

/** The address a confirmation link is for, or null when the link is invalid, used or expired. */
export function confirmationLinkAddress(token: string) {
  return confirmationAddress(getDb(), token);
}

export type ConfirmResult =
  { ok: true; headers: Headers } | { ok: false; message: string; invalidLink?: boolean; retryAfterMs?: number };

/**
 * The confirmation page was sent with the account's password: confirms the address (limited like a sign-in,
 * since it checks a password) and signs the reader in.
 */
export async function confirmAndSignIn(request: Request, token: string, password: string): Promise<ConfirmResult> {
  const email = await confirmationLinkAddress(token);
  if (!email) return { ok: false, message: MESSAGES.invalidConfirmationLink, invalidLink: true };
  const rules = signInRules(email, clientIp(request), knownDeviceId(request, email));
  const ticket = await reserveSignInAttempt(getDb(), rules);
  if (!ticket.allowed) return { ok: false, message: MESSAGES.tooManyAttempts, retryAfterMs: ticket.retryAfterMs };
  const outcome = await confirmEmail(getDb(), getEnv(), token, password);
  if (outcome === "wrong-password") return { ok: false, message: MESSAGES.confirmWrongPassword };
  await settleSignInSuccess(getDb(), ticket.reserved, accountKeys(rules));
  if (outcome === "invalid") return { ok: false, message: MESSAGES.invalidConfirmationLink, invalidLink: true };
  const signedIn = await signInWithPassword(request, { email, password });
  if (!signedIn.ok) return { ok: false, message: signedIn.message, retryAfterMs: signedIn.retryAfterMs };
  return { ok: true, headers: signedIn.headers };
}

export async function resendConfirmation(request: Request, email: string): Promise<MailOutcome> {
  const normalized = email.toLowerCase();
  if (!(await mayMail("confirm", normalized, clientIp(request)))) return { mailed: false };
  const user = await findUserByEmail(normalized);
  // Unknown or already confirmed addresses get the same answer.
  if (user && !user.emailVerified) await sendConfirmation(getDb(), getEnv(), getMailer(), user);
  return { mailed: true };
}

/** Same answer whether or not the address has an account; at most 5 mails an hour per address. */
export async function requestPasswordReset(request: Request, email: string): Promise<MailOutcome> {
  const normalized = email.toLowerCase();
  if (!(await mayMail("reset", normalized, clientIp(request)))) return { mailed: false };
  await getAuth().api.requestPasswordReset({ body: { email: normalized, redirectTo: "/reset-password" } });
  return { mailed: true };
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
