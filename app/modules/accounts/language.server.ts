// Her language kept in her account (issue 50, ADR 048): the account page saves it on her user row (and in the
// cookie), and signing in with a saved choice sets the cookie, so a new phone or browser knows it too.
import { AsyncLocalStorage } from "node:async_hooks";
import { eq } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { chosenLocale, DEFAULT_LOCALE, isLocale, localeFromPath, type Locale } from "~/lib/locale";
import { languageCookieHeader } from "~/lib/language-cookie";

/** The language she chose in her account, or null when she has not chosen. */
export async function savedLanguageOf(userId: string): Promise<Locale | null> {
  const [row] = await getDb().select({ language: users.language }).from(users).where(eq(users.id, userId));
  return isLocale(row?.language) ? row.language : null;
}

export async function saveLanguage(userId: string, locale: Locale): Promise<void> {
  await getDb().update(users).set({ language: locale }).where(eq(users.id, userId));
}

/** The language cookie for a sign-in of `email` (lowercased) when her account has a saved choice, else null. */
export async function signInLanguageCookie(email: string, request: Request): Promise<string | null> {
  const [row] = await getDb().select({ language: users.language }).from(users).where(eq(users.email, email));
  return isLocale(row?.language)
    ? languageCookieHeader(row.language, new URL(request.url).protocol === "https:")
    : null;
}

/** The language of the page a request for a mail came from (a code or a reset asked for on "/sw/signin"). */
const askedIn = new AsyncLocalStorage<Locale>();

/** Runs `work` (a sign-in page's step) with the language of the page it was asked from, for the mails it sends. */
export function inPageLanguage<T>(locale: Locale, work: () => Promise<T>): Promise<T> {
  return askedIn.run(locale, work);
}

/**
 * The language her account's mails are written in: her saved choice; when none (or no such account), the language of
 * the page she asked from (a code or a reset asked for on "/sw/signin" is in Swahili), else English.
 */
export async function mailLanguageOf(db: Database, who: { userId: string } | { email: string }): Promise<Locale> {
  const where = "userId" in who ? eq(users.id, who.userId) : eq(users.email, who.email.toLowerCase());
  const [row] = await db.select({ language: users.language }).from(users).where(where);
  return isLocale(row?.language) ? row.language : (askedIn.getStore() ?? DEFAULT_LOCALE);
}

/**
 * The language a sign-up carries: Swahili when she came from a Swahili page (the page confirming lands her on),
 * else the language she chose with the switch (its cookie), else none. Saved as her language with the sign-up, so
 * the confirmation mail and every later mail are in it.
 */
export function signUpLanguage(request: Request, returnTo: string | null | undefined): Locale | null {
  if (returnTo && localeFromPath(returnTo.split(/[?#]/, 1)[0]) === "sw") return "sw";
  return chosenLocale(request.headers.get("Cookie"));
}

/**
 * Whether a better-auth endpoint context is the OAuth callback (Google's return). better-auth names it by its route,
 * `/callback/:id`, not by the address asked for (`/api/auth/callback/google`).
 */
export function isOAuthCallback(path: string | undefined): boolean {
  return path?.startsWith("/callback/") ?? false;
}

/**
 * The language a new account made by Google's sign-in saves (issue 50): the switch's cookie on the request that
 * comes back from Google, which a start on a Swahili page sets (startGoogleSignIn); none otherwise. Only for that
 * callback: a password sign-up saves its own (signUpLanguage).
 */
export function oauthSignUpLanguage(
  context: { path?: string; request?: Request; headers?: Headers } | null | undefined,
): Locale | null {
  if (!isOAuthCallback(context?.path)) return null;
  return chosenLocale(context?.request?.headers.get("Cookie") ?? context?.headers?.get("Cookie"));
}
