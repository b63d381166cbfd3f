import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { profiles, users } from "~/db/schema";
import type { Env } from "~/lib/env.server";

export function adminEmails(env: Pick<Env, "ADMIN_EMAILS">): Set<string> {
  return new Set(
    env.ADMIN_EMAILS.split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * Creates the profile of a new account, and promotes addresses listed in ADMIN_EMAILS once the address is
 * confirmed (someone who signs up with the owner's address first must not become admin).
 */
export async function ensureProfile(
  db: Database,
  user: { id: string; email: string; fullName: string | null; emailVerified: boolean },
  env: Pick<Env, "ADMIN_EMAILS">,
) {
  const isConfiguredAdmin = user.emailVerified && adminEmails(env).has(user.email.toLowerCase());
  await db
    .insert(profiles)
    .values({
      id: user.id,
      email: user.email.toLowerCase(),
      fullName: user.fullName,
      role: isConfiguredAdmin ? "admin" : "guest",
    })
    .onConflictDoNothing();
  if (isConfiguredAdmin) {
    await db.update(profiles).set({ role: "admin", updatedAt: new Date() }).where(eq(profiles.id, user.id));
  }
}

export async function getProfile(db: Database, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  return row ?? null;
}

export async function updateFullName(db: Database, userId: string, fullName: string) {
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ fullName, updatedAt: new Date() }).where(eq(profiles.id, userId));
    await tx.update(users).set({ name: fullName, updatedAt: new Date() }).where(eq(users.id, userId));
  });
}

/**
 * The account behind a confirmed address: hers when she has one, otherwise a new free member without a password
 * (issue 34: a guest who confirms her e-mail subscription). She signs in later by choosing a password with "Forgot
 * your password" (better-auth adds the password to the account then). The address is confirmed, since she followed
 * the link sent to it.
 */
export async function findOrCreatePasswordlessMember(
  db: Database,
  email: string,
  env: Pick<Env, "ADMIN_EMAILS">,
): Promise<{ id: string; created: boolean }> {
  const address = email.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, address));
  if (existing) return { id: existing.id, created: false };
  const id = randomUUID();
  const fullName = address.split("@")[0] ?? address;
  const inserted = await db
    .insert(users)
    .values({ id, name: fullName, email: address, emailVerified: true, role: "user" })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) {
    // CASE: she signed up at the same moment -> her new account is the one.
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, address));
    return { id: row!.id, created: false };
  }
  await ensureProfile(db, { id, email: address, fullName, emailVerified: true }, env);
  return { id, created: true };
}
