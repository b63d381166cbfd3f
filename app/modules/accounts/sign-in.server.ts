import { getDb } from "~/db/client.server";
import {
  checkLoginAllowed,
  hitFixedWindow,
  recordLoginFailure,
  recordLoginSuccess,
} from "~/modules/security/rate-limit.server";
import { getAuth } from "./auth.server";

const HOUR = 60 * 60 * 1000;
export const MAIL_LIMIT_PER_HOUR = 5;
export const SIGNIN_FREE_ATTEMPTS_PER_ACCOUNT = 5;
export const SIGNIN_FREE_ATTEMPTS_PER_ADDRESS = 20;

export const MESSAGES = {
  signedIn: "Signed in successfully!",
  signedUp: "Account created successfully! Please check your email to confirm your account.",
  resetSent: "Password reset email sent! Please check your email.",
  invalidCredentials: "Invalid email or password.",
  notConfirmed: "Please confirm your email address before signing in. Check your inbox for the link we sent you.",
  tooManyAttempts: "Too many sign-in attempts. Please try again later.",
  confirmationResent: "If that account still needs confirming, a new confirmation link is on its way.",
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
  const emailKey = `signin:email:${input.email}`;
  const ipKey = `signin:ip:${clientIp(request)}`;
  const keys = [emailKey, ipKey];
  const gate = await checkLoginAllowed(db, keys, new Date());
  if (!gate.allowed) return { ok: false, message: MESSAGES.tooManyAttempts, retryAfterMs: gate.retryAfterMs };
  const response = await getAuth().api.signInEmail({
    body: { email: input.email, password: input.password, rememberMe: true },
    headers: request.headers,
    asResponse: true,
  });
  if (response.ok) {
    await recordLoginSuccess(db, keys);
    return { ok: true, headers: setCookies(response) };
  }
  const code = await errorCode(response);
  if (code === "EMAIL_NOT_VERIFIED") return { ok: false, message: MESSAGES.notConfirmed, needsConfirmation: true };
  // Many Kenyan mobile users share one address (carrier NAT), so an address gets more attempts than an account.
  await recordLoginFailure(db, [emailKey], new Date(), { freeAttempts: SIGNIN_FREE_ATTEMPTS_PER_ACCOUNT });
  await recordLoginFailure(db, [ipKey], new Date(), { freeAttempts: SIGNIN_FREE_ATTEMPTS_PER_ADDRESS });
  if (response.status === 401 || code === "INVALID_EMAIL_OR_PASSWORD")
    return { ok: false, message: MESSAGES.invalidCredentials };
  return { ok: false, message: MESSAGES.unexpected };
}

export async function signUpWithPassword(input: { fullName: string; email: string; password: string }) {
  const db = getDb();
  const gate = await hitFixedWindow(db, {
    key: `mail:confirm:${input.email}`,
    limit: MAIL_LIMIT_PER_HOUR,
    windowMs: HOUR,
  });
  if (!gate.allowed) return { ok: true as const };
  try {
    await getAuth().api.signUpEmail({
      body: { name: input.fullName, email: input.email, password: input.password, callbackURL: "/signin?confirmed=1" },
    });
  } catch (error) {
    // CASE: the address already has an account -> same answer, so sign-up does not reveal who is a member.
    if ((error as { body?: { code?: string } }).body?.code?.startsWith("USER_ALREADY_EXISTS"))
      return { ok: true as const };
    throw error;
  }
  return { ok: true as const };
}

export async function resendConfirmation(email: string) {
  const gate = await hitFixedWindow(getDb(), {
    key: `mail:confirm:${email}`,
    limit: MAIL_LIMIT_PER_HOUR,
    windowMs: HOUR,
  });
  if (!gate.allowed) return;
  try {
    await getAuth().api.sendVerificationEmail({ body: { email, callbackURL: "/signin?confirmed=1" } });
  } catch {
    // Unknown or already confirmed addresses get the same answer.
  }
}

/** Same answer whether or not the address has an account; at most 5 mails an hour per address. */
export async function requestPasswordReset(email: string) {
  const gate = await hitFixedWindow(getDb(), {
    key: `mail:reset:${email}`,
    limit: MAIL_LIMIT_PER_HOUR,
    windowMs: HOUR,
  });
  if (!gate.allowed) return;
  await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
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
