// Confirmation links of our own, instead of better-auth's verify-email endpoint. Following a link proves the inbox;
// confirming also asks for the account's password, so the address is confirmed only together with a password the
// inbox holder knows. Someone who signed up with another person's address first can neither confirm it (no inbox)
// nor keep their password (the owner's sign-up replaces it, and the owner confirms with her own).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import type { Database } from "~/db/client.server";
import { accounts, profiles, sessions, users, verifications } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import type { Mailer } from "~/lib/mail/mailer.server";
import { confirmEmailMail } from "./account-mails.server";
import { ensureProfile } from "./profile.server";
import { mailLanguageOf } from "./language.server";
import { safeRedirectPath } from "~/lib/safe-redirect";

export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
const PREFIX = "confirm-email:";

function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function confirmationUrl(env: Pick<Env, "PUBLIC_URL">, token: string): string {
  return `${env.PUBLIC_URL}/confirm-email?token=${encodeURIComponent(token)}`;
}

/**
 * Stores a new single-use token for the account's current password and mails the link. `returnTo` (a local path the
 * sign-up came from, e.g. a gift's claim page) is kept with the token on the server, never put in the link, and is
 * where confirming lands her.
 */
export async function sendConfirmation(
  db: Database,
  env: Pick<Env, "PUBLIC_URL">,
  mailer: Mailer,
  user: { id: string; email: string; name: string },
  returnTo?: string | null,
): Promise<void> {
  const back = returnTo ? safeRedirectPath(returnTo, "") : "";
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  // Expired links of any account are dropped on the way, so the table does not grow.
  await db.delete(verifications).where(lt(verifications.expiresAt, now));
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: `${PREFIX}${sha256(token)}`,
    value: JSON.stringify(back ? { userId: user.id, returnTo: back } : { userId: user.id }),
    expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
  });
  const locale = await mailLanguageOf(db, { userId: user.id });
  await mailer.send(confirmEmailMail({ to: user.email, name: user.name, url: confirmationUrl(env, token), locale }));
}

export type ConfirmationOutcome = "confirmed" | "wrong-password" | "invalid";

async function findLink(db: Database, token: string) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.identifier, `${PREFIX}${sha256(token)}`), gt(verifications.expiresAt, new Date())));
  if (!row) return null;
  try {
    const { userId, returnTo } = JSON.parse(row.value) as { userId?: unknown; returnTo?: unknown };
    // Checked again on the way out: only a local path is ever a landing place.
    const back = safeRedirectPath(returnTo, "");
    return typeof userId === "string" ? { id: row.id, userId, returnTo: back || null } : null;
  } catch {
    return null;
  }
}

/** The address a confirmation link is for (to show on the confirmation page), or null for a bad or used link. */
export async function confirmationAddress(db: Database, token: string): Promise<string | null> {
  return (await confirmationLinkDetails(db, token))?.email ?? null;
}

/** The link's address and where confirming lands her (the page her sign-up came from), or null for a bad link. */
export async function confirmationLinkDetails(
  db: Database,
  token: string,
): Promise<{ email: string; returnTo: string | null } | null> {
  const link = await findLink(db, token);
  if (!link) return null;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, link.userId));
  return user ? { email: user.email, returnTo: link.returnTo } : null;
}

/**
 * Confirms the link's address when `password` is the account's current password. One transaction with the
 * account locked, so a sign-up replacing the password meanwhile cannot slip in between the check and the update;
 * the link is used up only on success.
 */
export async function confirmEmail(
  db: Database,
  env: Pick<Env, "ADMIN_EMAILS">,
  token: string,
  password: string,
): Promise<ConfirmationOutcome> {
  const link = await findLink(db, token);
  if (!link) return "invalid";
  const outcome = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, link.userId)).for("update");
    if (!user) return { kind: "invalid" as const };
    const [credential] = await tx
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")));
    if (!credential?.password || !(await verifyPassword({ hash: credential.password, password }))) {
      return { kind: "wrong-password" as const };
    }
    const used = await tx
      .delete(verifications)
      .where(eq(verifications.id, link.id))
      .returning({ id: verifications.id });
    if (used.length !== 1) return { kind: "invalid" as const };
    await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    return { kind: "confirmed" as const, user };
  });
  if (outcome.kind !== "confirmed") return outcome.kind;
  const { user } = outcome;
  await ensureProfile(db, { id: user.id, email: user.email, fullName: user.name, emailVerified: true }, env);
  return "confirmed";
}

/**
 * A sign-up for an address that has an account nobody has confirmed: the newest sign-up wins. Its password and
 * name replace the old ones, every session and every other sign-in method ends, so whoever claimed the address
 * first keeps nothing once the owner confirms. Returns false when the account is confirmed (then nothing changes).
 */
export async function replaceUnconfirmedSignUp(
  db: Database,
  input: { userId: string; fullName: string; passwordHash: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, input.userId)).for("update");
    if (!user || user.emailVerified) return false;
    const now = new Date();
    await tx.update(users).set({ name: input.fullName, updatedAt: now }).where(eq(users.id, user.id));
    await tx.update(profiles).set({ fullName: input.fullName, updatedAt: now }).where(eq(profiles.id, user.id));
    const updated = await tx
      .update(accounts)
      .set({ password: input.passwordHash, updatedAt: now })
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: user.id,
        providerId: "credential",
        userId: user.id,
        password: input.passwordHash,
      });
    }
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    // Sign-ins linked by whoever claimed the address first (an unverified OAuth account) go too.
    await tx.delete(accounts).where(and(eq(accounts.userId, user.id), ne(accounts.providerId, "credential")));
    return true;
  });
}
