import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { adminActivity, profiles, users, type FieldChange } from "~/db/schema";
import { type Viewer, type AdminViewer } from "~/modules/access/policy";
import { clampPage } from "~/lib/paging";
import { ACTIVITY_ENTITIES, type ActivityEntity } from "./activity-entities";

// The audit log: each admin module records its changes here, in the same transaction as the change itself.

export const ACTIVITY_PAGE_SIZE = 30;

type Executor = Pick<Database, "insert">;

/** The fields whose values differ, each with its value before and after. */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Record<string, FieldChange> {
  const out: Record<string, FieldChange> = {};
  for (const [field, value] of Object.entries(after)) {
    const old = before?.[field] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(value ?? null)) out[field] = { before: old, after: value ?? null };
  }
  return out;
}

export async function recordActivity(
  db: Executor,
  viewer: Viewer,
  entry: {
    action: string;
    entityType: ActivityEntity;
    entityId?: string | null;
    summary: string;
    changes?: Record<string, FieldChange>;
  },
) {
  await db.insert(adminActivity).values({
    actorId: viewer.user?.id ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    summary: entry.summary.slice(0, 300),
    changes: entry.changes ?? {},
  });
}

export async function listActivity(viewer: AdminViewer, filters: { entityType?: string; page?: number }) {
  const db = getDb();
  const where: SQL[] = [];
  if (filters.entityType && (ACTIVITY_ENTITIES as readonly string[]).includes(filters.entityType))
    where.push(eq(adminActivity.entityType, filters.entityType));
  const condition = where.length ? and(...where) : undefined;
  const page = clampPage(filters.page);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: adminActivity.id,
        action: adminActivity.action,
        entityType: adminActivity.entityType,
        entityId: adminActivity.entityId,
        summary: adminActivity.summary,
        changes: adminActivity.changes,
        createdAt: adminActivity.createdAt,
        actorEmail: users.email,
        actorName: profiles.fullName,
      })
      .from(adminActivity)
      .leftJoin(users, eq(users.id, adminActivity.actorId))
      .leftJoin(profiles, eq(profiles.id, adminActivity.actorId))
      .where(condition)
      .orderBy(desc(adminActivity.createdAt), desc(adminActivity.id))
      .limit(ACTIVITY_PAGE_SIZE)
      .offset((page - 1) * ACTIVITY_PAGE_SIZE),
    db.select({ total: count() }).from(adminActivity).where(condition),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total,
    page,
    pageSize: ACTIVITY_PAGE_SIZE,
  };
}
