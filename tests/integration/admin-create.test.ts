import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { accounts, profiles, users } from "~/db/schema";
import { createUser } from "~/db/seed/factories";
import { verifyPassword } from "better-auth/crypto";
import { migratedSnapshot } from "../setup/test-database";

// Runs the real command against its own PGlite directory (the command opens the database itself).
describe("npm run admin:create", () => {
  it("creates a confirmed admin, and promotes an existing account", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "nuru-admin-"));
    // Starts from the migrated snapshot, so the command's own migrate() has nothing left to do.
    const seeded = openDatabase({ dataDir, loadDataDir: await migratedSnapshot() });
    expect(await seeded.ping()).toBe(true);
    await seeded.close();
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "./scripts/register.mjs", "scripts/admin-create.ts", ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
      });
    const bad = run("--email", "not-an-email");
    expect(bad.status).toBe(2);
    const created = run("--email", "Editor@Nuru.test", "--password", "editor-pass");
    expect(created.stdout).toContain("Created admin editor@nuru.test");
    const again = run("--email", "editor@nuru.test");
    expect(again.stdout).toContain("editor@nuru.test is now an admin.");
    const handle = openDatabase({ dataDir });
    const [row] = await handle.db
      .select({ role: profiles.role, verified: users.emailVerified })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.email, "editor@nuru.test"));
    await handle.close();
    expect(row).toEqual({ role: "admin", verified: true });
  });

  it("refuses to promote an unconfirmed account unless given a new password", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "nuru-admin-"));
    const seeded = openDatabase({ dataDir, loadDataDir: await migratedSnapshot() });
    await createUser(seeded.db, { email: "claimed@nuru.test", password: "claimer-pass", emailVerified: false });
    await seeded.close();
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "./scripts/register.mjs", "scripts/admin-create.ts", ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
        encoding: "utf8",
      });
    const refused = run("--email", "claimed@nuru.test");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("has not confirmed its address");
    const promoted = run("--email", "claimed@nuru.test", "--password", "owner-chosen-1");
    expect(promoted.stdout).toContain("claimed@nuru.test is now an admin.");
    const handle = openDatabase({ dataDir });
    const [row] = await handle.db
      .select({ role: profiles.role, verified: users.emailVerified, hash: accounts.password })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .innerJoin(accounts, eq(accounts.userId, users.id))
      .where(eq(users.email, "claimed@nuru.test"));
    await handle.close();
    expect(row.role).toBe("admin");
    expect(row.verified).toBe(true);
    expect(await verifyPassword({ hash: row.hash!, password: "claimer-pass" })).toBe(false);
    expect(await verifyPassword({ hash: row.hash!, password: "owner-chosen-1" })).toBe(true);
  });
});
