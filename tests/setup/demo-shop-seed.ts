// Seeding the end-to-end suite's demo shops: the run's templates (the demo shop in PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL) and the shared app's data directory (a copy plus the leak suite's markers).
// No Vitest here: `npm test` prepares them in its first step, beside validation (scripts/prepare-e2e-shops.ts), and
// the suite's global setup does it itself when it runs alone (tests/setup/e2e-global.ts).
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { createPostgresDatabase } from "./postgres-databases";

export interface DemoShopTemplate {
  /** A data directory holding the demo shop in PGlite, with its stored files. */
  pgliteDataDir: string;
  /** With TEST_DATABASE_URL: a database on that server holding the demo shop, and the data directory of its files. */
  postgres?: { database: string; dataDir: string };
}

/** The run's demo shops: the templates, and the shared app's data directory. */
export interface PreparedShops {
  template: DemoShopTemplate;
  sharedDataDir: string;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Migrates and seeds the demo shop with `npm run seed`'s script, into dataDir (and databaseUrl when given). */
export function seedDemoShop(dataDir: string, databaseUrl?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "./scripts/register.mjs", "scripts/seed.ts"], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`Seeding the demo shop in ${dataDir} failed (exit ${code})`)),
    );
  });
}

/** Copies a data directory that no process has open (a PGlite directory opens in one process at a time). */
export function copyDataDir(from: string, prefix = "nuru-e2e-"): string {
  const to = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(from, to, { recursive: true });
  return to;
}

/** Seeds the demo shop in PGlite and (with `serverUrl`) on PostgreSQL at the same time. */
async function seedTemplates(serverUrl: string | undefined): Promise<DemoShopTemplate> {
  const pgliteDataDir = mkdtempSync(path.join(tmpdir(), "nuru-e2e-demo-"));
  if (!serverUrl) {
    await seedDemoShop(pgliteDataDir);
    return { pgliteDataDir };
  }
  const template = await createPostgresDatabase(serverUrl, `nuru_e2e_demo_${randomBytes(6).toString("hex")}`);
  const postgresDataDir = mkdtempSync(path.join(tmpdir(), "nuru-e2e-demo-pg-"));
  await Promise.all([seedDemoShop(pgliteDataDir), seedDemoShop(postgresDataDir, template.url)]);
  return { pgliteDataDir, postgres: { database: template.name, dataDir: postgresDataDir } };
}

/**
 * The templates, and the shared app's data: a copy of the PGlite demo shop plus the leak suite's marker content.
 * The PostgreSQL template (when there is one) is the caller's to drop (dropPostgresDatabase).
 */
export async function prepareShops(serverUrl: string | undefined): Promise<PreparedShops> {
  const template = await seedTemplates(serverUrl);
  const sharedDataDir = copyDataDir(template.pgliteDataDir);
  const seeded = spawnSync(
    process.execPath,
    ["--import", "./scripts/register.mjs", "tests/setup/seed-markers.ts", sharedDataDir],
    { cwd: ROOT, stdio: "inherit" },
  );
  if (seeded.status !== 0) throw new Error("Could not prepare the end-to-end data directory");
  return { template, sharedDataDir };
}
