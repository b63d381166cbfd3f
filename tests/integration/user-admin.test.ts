// Users on the admin screen: search and pages over many accounts, role changes, and the last admin kept even when
// two admins demote each other at the same moment.
import { describe, expect, it, expectTypeOf } from "vitest";
import { adminViewer } from "~/modules/access/policy";
import { loadAdmin } from "../setup/admin-viewer";
import { appTestDatabase } from "../setup/app-test-database";
import { createUser } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import {
  changeRole,
  listUsersForAdmin,
  USER_ADMIN_ERRORS,
  USERS_PAGE_SIZE,
} from "~/modules/accounts/user-admin.server";
import type { AppError } from "~/lib/app-error";

const database = appTestDatabase();

describe(`user admin (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("finds users by part of the e-mail or name, and pages through them", async () => {
    const admin = await loadAdmin(await createUser(database.db(), { email: "boss@example.com", role: "admin" }));
    for (let n = 0; n < 25; n++)
      await createUser(database.db(), { email: `member${n}@example.com`, fullName: `Member ${n}` });
    await createUser(database.db(), { email: "wanjiru@example.com", fullName: "Wanjiru Kamau" });
    const first = await listUsersForAdmin(admin, {});
    expect(first).toMatchObject({ total: 27, page: 1, pageSize: USERS_PAGE_SIZE });
    expect(first.items).toHaveLength(USERS_PAGE_SIZE);
    expect(first.items[0].email).toBe("wanjiru@example.com");
    const last = await listUsersForAdmin(admin, { page: 99 });
    expect(last.page).toBe(2);
    expect(last.items).toHaveLength(7);
    expect((await listUsersForAdmin(admin, { q: "KAMAU" })).items.map((u) => u.email)).toEqual(["wanjiru@example.com"]);
    expect((await listUsersForAdmin(admin, { q: "member2" })).total).toBe(6);
    expect((await listUsersForAdmin(admin, { q: "100%_" })).total).toBe(0);
    const reader = await loadViewer(await createUser(database.db(), { email: "nosy@example.com" }));
    expect(adminViewer(reader)).toBeNull();
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(listUsersForAdmin).toBeCallableWith(reader, {});
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(changeRole).toBeCallableWith(reader, { userId: reader.user!.id, role: "admin" });
  });

  it("keeps at least one admin, even when two admins demote each other at once", async () => {
    const a = await createUser(database.db(), { email: "admin-a@example.com", role: "admin" });
    const b = await createUser(database.db(), { email: "admin-b@example.com", role: "admin" });
    // The first test's admin steps down first, leaving a and b.
    const boss = await loadAdmin((await listUsersForAdmin(await loadAdmin(a), { q: "boss@" })).items[0]);
    expect(await changeRole(boss, { userId: boss.user!.id, role: "guest" })).toEqual({ ok: true });
    const [va, vb] = [await loadAdmin(a), await loadAdmin(b)];
    const outcomes = await Promise.allSettled([
      changeRole(va, { userId: b.id, role: "guest" }),
      changeRole(vb, { userId: a.id, role: "guest" }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    // The other is refused: either the shop's last admin is kept, or she was no longer an admin by then.
    const refused = outcomes.find((o) => o.status === "rejected");
    expect([USER_ADMIN_ERRORS.LAST_ADMIN.code, USER_ADMIN_ERRORS.ROLE_CHANGER_NOT_ADMIN.code]).toContain(
      (refused?.reason as AppError).code,
    );
    const remaining = outcomes[0].status === "fulfilled" ? va : vb;
    const admins = (await listUsersForAdmin(remaining, { q: "admin-" })).items.filter((u) => u.role === "admin");
    expect(admins.map((u) => u.id)).toEqual([remaining.user!.id]);
    // The one admin left cannot step down either.
    await expect(changeRole(remaining, { userId: remaining.user!.id, role: "subscriber" })).rejects.toMatchObject({
      code: USER_ADMIN_ERRORS.LAST_ADMIN.code,
      status: 409,
      message: "Failed to update user role: the shop needs at least one admin. Make another account an admin first.",
    });
    await expect(changeRole(remaining, { userId: "no-such-user", role: "admin" })).rejects.toMatchObject({
      code: USER_ADMIN_ERRORS.ROLE_TARGET_UNKNOWN.code,
    });
  });
});
