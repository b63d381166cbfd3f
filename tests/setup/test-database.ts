import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";

export interface TestDatabase extends DatabaseHandle {
  label: string;
  /** The connection string of the PostgreSQL test database (absent on PGlite). */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * A migrated, empty database for one test file: PGlite in memory by default, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL when the suite runs with DB_TARGET=postgres.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.DB_TARGET === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("DB_TARGET=postgres needs TEST_DATABASE_URL");
    const name = `nuru_it_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = openDatabase({ url: url.toString() });
    await handle.migrate();
    return {
      ...handle,
      label: "postgres",
      url: url.toString(),
      async dispose() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const handle = openDatabase({ dataDir: "memory://" });
  await handle.migrate();
  return { ...handle, label: "pglite", dispose: () => handle.close() };
}
