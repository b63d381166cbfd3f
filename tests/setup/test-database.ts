import { randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { createPostgresDatabase, dropPostgresDatabase } from "./postgres-databases";

export interface TestDatabase extends DatabaseHandle {
  label: string;
  /** The connection string of the PostgreSQL test database (absent on PGlite). */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * The migrated PGlite data directory archive of this run (tests/setup/integration-global.ts), to start a PGlite
 * database from, e.g. `openDatabase({ dataDir, loadDataDir: await migratedSnapshot() })`.
 */
export async function migratedSnapshot(): Promise<Blob> {
  const migrated = inject("migratedDatabase");
  if (!migrated?.pgliteSnapshot) {
    throw new Error("No migrated PGlite snapshot: run this file in the integration project");
  }
  return openAsBlob(migrated.pgliteSnapshot);
}

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL, copied from the template the integration
 * project's global setup migrated (tests/setup/integration-global.ts).
 */
export async function createMigratedPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("DB_TARGET=postgres needs TEST_DATABASE_URL");
  const migrated = inject("migratedDatabase");
  if (!migrated?.postgresTemplate) {
    throw new Error("No migrated PostgreSQL template: run the integration project with DB_TARGET=postgres");
  }
  const name = `nuru_it_${randomBytes(6).toString("hex")}`;
  const { url } = await createPostgresDatabase(serverUrl, name, migrated.postgresTemplate);
  return { url, drop: () => dropPostgresDatabase(serverUrl, name) };
}

/**
 * A migrated, empty database for one test file: PGlite in memory by default, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL when the suite runs with DB_TARGET=postgres. Both are copies of the
 * database the integration project's global setup migrated once for the whole run, so `migrate()` finds
 * nothing left to do.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.DB_TARGET === "postgres") {
    const database = await createMigratedPostgresDatabase();
    const handle = openDatabase({ url: database.url });
    return {
      ...handle,
      label: "postgres",
      url: database.url,
      async dispose() {
        await handle.close();
        await database.drop();
      },
    };
  }
  const handle = openDatabase({ dataDir: "memory://", loadDataDir: await migratedSnapshot() });
  return { ...handle, label: "pglite", dispose: () => handle.close() };
}
