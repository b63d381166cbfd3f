import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { refused, type Refused } from "~/lib/app-error.server";
import { getEnv } from "~/lib/env.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { clientIp } from "~/modules/security/client-address";
import {
  hitFixedWindow,
  reserveSignInAttempt,
  settleSignInSuccess,
  type LoginRule,
} from "~/modules/security/rate-limit.server";
import { ACCOUNT_ERRORS } from "./account-errors";
import { getAuth } from "./auth.server";
import {
  confirmationAddress,
  confirmationLinkDetails,
  confirmEmail,
  replaceUnconfirmedSignUp,
  sendConfirmation,
} from "./email-confirmation.server";
import { deviceCookie, knownDeviceId } from "./known-device.server";
import { signInLanguageCookie } from "./language.server";
import { DEFAULT_LOCALE, localeHref, type Locale } from "~/lib/locale";
import { languageCookieHeader } from "~/lib/language-cookie";

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

/** What a reader is told when a step worked (the spec's words where it has them); refusals are ACCOUNT_ERRORS. */
export const ACCOUNT_NOTICES = {
  signedIn: "Signed in successfully!",
  codeSent: "Code sent. If you asked for more than one, use the newest.",
  signedUp: "Account created successfully! Please check your email to confirm your account.",
  resetSent: "Password reset email sent! Please check your email.",
  confirmationResent: "If that account still needs confirming, a new confirmation link is on its way.",
  confirmed: "Your email address is confirmed. Welcome to Nuru!",
  passwordChanged: "Your password has been changed. Please sign in.",
} as const;

/** The cookies better-auth set on its answer (the session), for the route's redirect. */
export function setCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The code of a refusal better-auth answered (`INVALID_EMAIL_OR_PASSWORD`, `INVALID_OTP`...). */
export async function errorCode(response: Response): Promise<string | undefined> {
  try {
    return ((await response.clone().json()) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

export type SignInResult = { ok: true; headers: Headers } | Refused;

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
  if (!ticket.allowed) return refused(ACCOUNT_ERRORS.SIGN_IN_LIMITED, ticket.retryAfterMs);
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
    // CASE: her account keeps a language -> this browser remembers it too (ADR 048).
    const language = await signInLanguageCookie(email, request);
    if (language) headers.append("Set-Cookie", language);
    return { ok: true, headers };
  }
  if (code === "EMAIL_NOT_VERIFIED") return refused(ACCOUNT_ERRORS.EMAIL_NOT_CONFIRMED);
  if (response.status === 401 || code === "INVALID_EMAIL_OR_PASSWORD")
    return refused(ACCOUNT_ERRORS.INVALID_CREDENTIALS);
  return refused(ACCOUNT_ERRORS.AUTH_FAILED);
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
  /** The local page she signed up from (a gift's claim page): confirming the address lands her back there. */
  returnTo?: string | null,
  /** The language the sign-up came in (signUpLanguage): saved as hers, so her mails are written in it. */
  language: Locale | null = null,
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
  // CASE: a new or taken-over unconfirmed account -> this sign-up's language is hers (a confirmed one is left alone).
  if (user.language !== language) {
    await getDb().update(users).set({ language }).where(eq(users.id, user.id));
  }
  if (mayMailNow) {
    await sendConfirmation(getDb(), getEnv(), getMailer(), { ...user, name: input.fullName }, returnTo);
  }
  return { mailed: mayMailNow };
}

/** The address a confirmation link is for, or null when the link is invalid, used or expired. */
export function confirmationLinkAddress(token: string) {
  return confirmationAddress(getDb(), token);
}

export type ConfirmResult = { ok: true; headers: Headers; returnTo: string | null } | Refused;

/**
 * The confirmation page was sent with the account's password: confirms the address (limited like a sign-in,
 * since it checks a password) and signs the reader in.
 */
export async function confirmAndSignIn(request: Request, token: string, password: string): Promise<ConfirmResult> {
  const link = await confirmationLinkDetails(getDb(), token);
  if (!link) return refused(ACCOUNT_ERRORS.CONFIRMATION_LINK_INVALID);
  const { email, returnTo } = link;
  const rules = signInRules(email, clientIp(request), knownDeviceId(request, email));
  const ticket = await reserveSignInAttempt(getDb(), rules);
  if (!ticket.allowed) return refused(ACCOUNT_ERRORS.SIGN_IN_LIMITED, ticket.retryAfterMs);
  const outcome = await confirmEmail(getDb(), getEnv(), token, password);
  if (outcome === "wrong-password") return refused(ACCOUNT_ERRORS.CONFIRM_WRONG_PASSWORD);
  await settleSignInSuccess(getDb(), ticket.reserved, accountKeys(rules));
  if (outcome === "invalid") return refused(ACCOUNT_ERRORS.CONFIRMATION_LINK_INVALID);
  const signedIn = await signInWithPassword(request, { email, password });
  if (!signedIn.ok) return signedIn;
  return { ok: true, headers: signedIn.headers, returnTo };
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

export async function resetPassword(token: string, newPassword: string): Promise<{ ok: true } | Refused> {
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
    return { ok: true };
  } catch {
    return refused(ACCOUNT_ERRORS.RESET_LINK_INVALID);
  }
}

export async function signOut(request: Request): Promise<Headers> {
  const response = await getAuth().api.signOut({ headers: request.headers, asResponse: true });
  return setCookies(response);
}

/**
 * Google's sign-in, started from the sign-in page in `locale`. From a Swahili page (issue 50) she comes back to the
 * Swahili pages, and the language rides along as her switch's cookie: a new account made by Google saves it as hers
 * (auth.server.ts, oauthSignUpLanguage), so her mails are in Swahili.
 */
export async function startGoogleSignIn(
  request: Request,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ url: string; headers: Headers }> {
  const english = locale === DEFAULT_LOCALE;
  const response = await getAuth().api.signInSocial({
    body: {
      provider: "google",
      callbackURL: english ? "/" : localeHref("/", locale),
      errorCallbackURL: english ? "/signin?error=google" : localeHref("/signin?error=google", locale),
    },
    headers: request.headers,
    asResponse: true,
  });
  const body = (await response.clone().json()) as { url: string };
  const headers = setCookies(response);
  if (!english) headers.append("Set-Cookie", languageCookieHeader(locale, new URL(request.url).protocol === "https:"));
  return { url: body.url, headers };
}
