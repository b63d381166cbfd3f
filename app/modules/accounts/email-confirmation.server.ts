// Confirmation links of our own, instead of better-auth's verify-email endpoint: a link confirms the sign-up it
// was sent for. It is bound to the password that sign-up set, so when the owner of an address signs up after
// someone else claimed it (unconfirmed), the other person's earlier links stop working and their password is gone.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { accounts, profiles, sessions, users, verifications } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import type { Mailer } from "~/modules/mail/mailer.server";
import { confirmEmailMail } from "~/modules/mail/templates.server";
import { ensureProfile } from "./profile.server";

export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
const PREFIX = "confirm-email:";

function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

async function credentialOf(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return sha256(row?.password ?? "");
}

export function confirmationUrl(env: Pick<Env, "PUBLIC_URL">, token: string): string {
  return `${env.PUBLIC_URL}/confirm-email?token=${encodeURIComponent(token)}`;
}

/** Stores a new single-use token for the account's current password and mails the link. */
export async function sendConfirmation(
  db: Database,
  env: Pick<Env, "PUBLIC_URL">,
  mailer: Mailer,
  user: { id: string; email: string; name: string },
): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  // Expired links of any account are dropped on the way, so the table does not grow.
  await db.delete(verifications).where(lt(verifications.expiresAt, now));
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: `${PREFIX}${sha256(token)}`,
    value: JSON.stringify({ userId: user.id, credential: await credentialOf(db, user.id) }),
    expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
  });
  await mailer.send(confirmEmailMail({ to: user.email, name: user.name, url: confirmationUrl(env, token) }));
}

export type ConfirmationOutcome = "confirmed" | "invalid";

/** Confirms the address of a link's account, once, and only while the password it was sent for is current. */
export async function confirmEmail(
  db: Database,
  env: Pick<Env, "ADMIN_EMAILS">,
  token: string,
): Promise<ConfirmationOutcome> {
  if (!token || token.length > 200) return "invalid";
  const identifier = `${PREFIX}${sha256(token)}`;
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())));
  if (!row) return "invalid";
  let bound: { userId?: unknown; credential?: unknown };
  try {
    bound = JSON.parse(row.value) as typeof bound;
  } catch {
    return "invalid";
  }
  if (typeof bound.userId !== "string") return "invalid";
  const [user] = await db.select().from(users).where(eq(users.id, bound.userId));
  if (!user || bound.credential !== (await credentialOf(db, user.id))) return "invalid";
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.id, row.id));
    await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
  });
  await ensureProfile(db, { id: user.id, email: user.email, fullName: user.name, emailVerified: true }, env);
  return "confirmed";
}

/**
 * A sign-up for an address that has an account nobody has confirmed: the newest sign-up wins. Its password and
 * name replace the old ones and every session ends, so whoever claimed the address first keeps nothing once the
 * owner confirms. Returns false when the account is confirmed (then nothing changes).
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
    return true;
  });
}
