import { desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { articles, ebooks, profiles, userSubscriptions } from "~/db/schema";

export const ADMIN_SECTIONS = {
  articles: "Articles",
  ebooks: "Ebooks",
  users: "Users",
  categories: "Categories",
  homepage: "Homepage",
  moderation: "Moderation",
} as const;

export type AdminSection = keyof typeof ADMIN_SECTIONS;

export function isAdminSection(value: string | undefined): value is AdminSection {
  return typeof value === "string" && Object.hasOwn(ADMIN_SECTIONS, value);
}

/** Dashboard count cards (spec: articles, ebooks, profiles, user_subscriptions). Callers must be admins. */
export async function getDashboardCounts() {
  const db = getDb();
  const [a, e, p, s] = await Promise.all([
    db.$count(articles),
    db.$count(ebooks),
    db.$count(profiles),
    db.$count(userSubscriptions),
  ]);
  return { articles: a, ebooks: e, profiles: p, subscriptions: s };
}

export async function listProfilesForAdmin() {
  return getDb().select().from(profiles).orderBy(desc(profiles.createdAt));
}

export async function setProfileRole(userId: string, role: "guest" | "subscriber" | "admin") {
  const rows = await getDb()
    .update(profiles)
    .set({ role, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id });
  return rows.length === 1;
}
