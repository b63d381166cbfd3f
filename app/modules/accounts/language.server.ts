// Her language kept in her account (issue 50, ADR 048): the account page saves it on her user row (and in the
// cookie), and signing in with a saved choice sets the cookie, so a new phone or browser knows it too.
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { isLocale, type Locale } from "~/lib/locale";
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
