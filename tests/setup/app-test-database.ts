import { afterAll, beforeAll } from "vitest";
import { appDatabase } from "~/db/client.server";
import { createTestDatabase, type TestDatabase } from "./test-database";

/**
 * A migrated database for one test file that the app's modules also use (they read it through getDb()).
 * Call at the top of the file; `db()` is ready inside tests and hooks declared after it.
 */
export function appTestDatabase(): { db: () => TestDatabase["db"]; handle: () => TestDatabase } {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await createTestDatabase();
    appDatabase.handle = t;
    appDatabase.ready = true;
  });
  afterAll(async () => {
    appDatabase.handle = undefined;
    appDatabase.ready = false;
    await t?.dispose();
  });
  const handle = () => {
    if (!t) throw new Error("The test database is not open yet (use it inside tests and hooks)");
    return t;
  };
  return { handle, db: () => handle().db };
}
