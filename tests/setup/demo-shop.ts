// The demo shop, migrated and seeded once per end-to-end run (tests/setup/e2e-global.ts). A journey that needs an
// app of its own (other settings, or a database it reads afterwards) starts it on a copy: a first start that
// migrates and seeds costs about 25 s on the CI machine, a start on a copy about 3 s.
import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { createPostgresDatabase, dropPostgresDatabase } from "./postgres-databases";
import { copyDataDir, type DemoShopTemplate } from "./demo-shop-seed";

export { copyDataDir, type DemoShopTemplate } from "./demo-shop-seed";

declare module "vitest" {
  export interface ProvidedContext {
    demoShop: DemoShopTemplate;
  }
}

export interface DemoShopCopy {
  /** The settings that point an app (startApp) at this copy. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  dataDir: string;
  /** The copy's PostgreSQL database, when it is on PostgreSQL. */
  databaseUrl?: string;
  /** Drops the copy's PostgreSQL database (the data directory is a temporary one). */
  dispose(): Promise<void>;
}

/**
 * A copy of the run's demo shop for one app of a test file's own: on PostgreSQL when `postgres` is asked for and
 * the run has TEST_DATABASE_URL (a `create database ... template` copy), else in PGlite.
 */
export async function copyDemoShop({ postgres = false } = {}): Promise<DemoShopCopy> {
  const template = inject("demoShop");
  if (!template) throw new Error("No demo shop template: run this file in the e2e project");
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (postgres && serverUrl && template.postgres) {
    const name = `nuru_e2e_${randomBytes(6).toString("hex")}`;
    const { url } = await createPostgresDatabase(serverUrl, name, template.postgres.database);
    const dataDir = copyDataDir(template.postgres.dataDir);
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: url },
      dataDir,
      databaseUrl: url,
      dispose: () => dropPostgresDatabase(serverUrl, name),
    };
  }
  const dataDir = copyDataDir(template.pgliteDataDir);
  return { env: { DATA_DIR: dataDir }, dataDir, dispose: async () => {} };
}
