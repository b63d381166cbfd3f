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
