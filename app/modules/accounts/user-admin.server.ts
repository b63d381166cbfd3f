// Users as the admin screen sees and changes them. Every function takes the AdminViewer the admin guard checked (access/policy.ts).
import { changedFields, recordActivity } from "~/modules/admin/activity.server";
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { type Role, type AdminViewer } from "~/modules/access/policy";
import { clampPage } from "~/lib/paging";
import { AppError, defineErrors } from "~/lib/app-error";

/** Why a role change was refused (spec: 'Failed to update user role: {message}'); thrown as AppError. */
export const USER_ADMIN_ERRORS = defineErrors({
  LAST_ADMIN: {
    status: 409,
    title: "Error",
    message: "Failed to update user role: the shop needs at least one admin. Make another account an admin first.",
  },
  ROLE_CHANGER_NOT_ADMIN: {
    status: 409,
    title: "Error",
    message: "Failed to update user role: you are no longer an admin.",
  },
  ROLE_TARGET_UNKNOWN: { status: 400, title: "Error", message: "Failed to update user role: unknown user or role" },
});

export const USERS_PAGE_SIZE = 20;

export interface AdminUserRow {
  id: string;
  email: string;
  fullName: string | null;
  role: Role;
  createdAt: string;
}

/** Newest first; `q` finds a part of the e-mail or the name (case-insensitive). */
export async function listUsersForAdmin(
  viewer: AdminViewer,
  query: { q?: string; page?: number },
): Promise<{ items: AdminUserRow[]; total: number; page: number; pageSize: number; q: string }> {
  const q = (query.q ?? "").trim().slice(0, 100);
  const where: SQL[] = [];
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(profiles.email, pattern), ilike(profiles.fullName, pattern))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const db = getDb();
  const [{ total }] = await db.select({ total: count() }).from(profiles).where(condition);
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(clampPage(query.page), pages);
  const rows = await db
    .select()
    .from(profiles)
    .where(condition)
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE);
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      fullName: r.fullName,
      role: r.role,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page,
    pageSize: USERS_PAGE_SIZE,
    q,
  };
}

/**
 * Sets a profile's role (display and the admin screens; access to content never reads it). The shop always keeps
 * one admin: the admins' rows are locked first, so two admins demoting each other at once cannot both succeed.
 * A refusal is thrown as an AppError of USER_ADMIN_ERRORS.
 */
export async function changeRole(viewer: AdminViewer, input: { userId: string; role: Role }): Promise<{ ok: true }> {
  return getDb().transaction(async (tx) => {
    const admins = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, "admin")).for("update");
    // CASE: she was demoted by another admin after this request began -> she may no longer change roles.
    if (!admins.some((a) => a.id === viewer.user!.id)) throw new AppError(USER_ADMIN_ERRORS.ROLE_CHANGER_NOT_ADMIN);
    const [target] = await tx
      .select({ role: profiles.role, email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, input.userId));
    if (!target) throw new AppError(USER_ADMIN_ERRORS.ROLE_TARGET_UNKNOWN);
    if (target.role === "admin" && input.role !== "admin" && admins.length <= 1)
      throw new AppError(USER_ADMIN_ERRORS.LAST_ADMIN);
    await tx
      .update(profiles)
      .set({ role: input.role, updatedAt: sql`now()` })
      .where(eq(profiles.id, input.userId));
    await recordActivity(tx, viewer, {
      action: "role changed",
      entityType: "user",
      entityId: input.userId,
      summary: target.email,
      changes: changedFields({ role: target.role }, { role: input.role }),
    });
    return { ok: true } as const;
  });
}
