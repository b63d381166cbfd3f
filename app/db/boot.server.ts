import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Env } from "~/lib/env.server";
import { getStorage } from "~/modules/storage/storage.server";
import { startContentEvents, stopContentEvents } from "~/modules/live/content-events.server";
import { startJobs, stopJobs } from "~/modules/jobs/jobs.server";
import { startCountFlush, stopCountFlush } from "~/modules/analytics/counter.server";
import { appDatabase, openDatabase, type DatabaseHandle } from "./client.server";
import { categories, users } from "./schema";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./seed/demo-accounts";

type Log = (message: string) => void;

/** Set in the child process that prepares a new embedded database (see prepareNewDataDirectory). */
export const PREPARE_DATA_ONLY = "NURU_PREPARE_DATA_ONLY";

/** The demo shop, loaded into an empty database only (sharp and pdf-lib for its covers and ebooks come with it). */
async function seedIfEmpty(handle: DatabaseHandle, log: Log) {
  const [anyCategory] = await handle.db.select({ id: categories.id }).from(categories).limit(1);
  if (anyCategory) return;
  const { seedDemo } = await import("./seed/demo");
  if (await seedDemo(handle.db, getStorage())) log("Demo content loaded.");
}

/** The child's whole work: migrations and the demo shop on the data directory, then the database closed. */
export async function prepareDataDirectory(env: Env, log: Log = console.log) {
  const handle = openDatabase({ dataDir: env.DATA_DIR });
  try {
    await handle.migrate();
    await seedIfEmpty(handle, log);
  } finally {
    await handle.close();
  }
}

/**
 * A first start on PGlite grows the process by about 290 MB that it never gives back: the embedded database's
 * WebAssembly memory (which never shrinks) swells during the migrations and the seed, and sharp and pdf-lib draw the
 * demo's covers and ebooks. Measured in one process: 211 MB before, 430 MB after the migrations, 536 MB after the seed,
 * still 499 MB with the database closed and garbage collected. So a new data directory is prepared by a child
 * process of the same build (`entry` with PREPARE_DATA_ONLY set), and this process then opens it as a restart
 * would (about 170 MB idle; issue 51 item 6). Returns false when the child failed: the caller prepares it itself.
 */
function prepareNewDataDirectory(entry: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = fork(entry, [], { env: { ...process.env, [PREPARE_DATA_ONLY]: "1" }, stdio: "inherit" });
    child.once("error", () => resolve(false));
    child.once("exit", (code) => resolve(code === 0));
  });
}

function isNewEmbeddedDatabase(env: Env) {
  return (
    !env.DATABASE_URL &&
    !env.DATA_DIR.startsWith("memory://") &&
    !existsSync(path.resolve(env.DATA_DIR, "pglite", "PG_VERSION"))
  );
}

/**
 * Opens the app database, applies migrations and, outside production, loads the demo shop. `entry`: the server's
 * entry file, for preparing a new embedded database in a child process (left out, it is prepared in this one).
 */
export async function bootDatabase(env: Env, log: Log = console.log, entry?: string) {
  const seeding = !env.isProduction && env.SEED_DEMO === "true";
  if (seeding && entry && isNewEmbeddedDatabase(env) && !(await prepareNewDataDirectory(entry)))
    console.error("Preparing the new data directory in a child process failed; preparing it in this one.");
  const handle = openDatabase({
    url: env.DATABASE_URL,
    directUrl: env.DATABASE_DIRECT_URL,
    pooling: env.DATABASE_POOLING,
    dataDir: env.DATA_DIR,
  });
  appDatabase.handle = handle;
  await handle.migrate();
  // Live refresh is a nicety: without it pages still show fresh content on the next load.
  await startContentEvents(handle, log).catch((error: Error) =>
    console.error(`Content change events unavailable: ${error.message}`),
  );
  log(`Database ready (${handle.kind === "pglite" ? `PGlite in ${env.DATA_DIR}` : "PostgreSQL"})`);
  if (seeding) {
    // Never in production.
    await seedIfEmpty(handle, log);
    const [admin] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[0].email));
    if (admin) {
      log(`Demo accounts (password for all: ${DEMO_PASSWORD}):`);
      for (const a of DEMO_ACCOUNTS) log(`  ${a.email.padEnd(22)} ${a.note}`);
    }
  }
  // Reminders, expiry, payment reconciliation and pruning: in the background, first run a few seconds from now.
  startJobs(handle, env);
  // Page views counted in memory are added to the database every ANALYTICS_FLUSH_SECONDS (issue 35).
  startCountFlush(env.ANALYTICS_FLUSH_SECONDS);
  appDatabase.ready = true;
  return handle;
}

export async function closeDatabase() {
  appDatabase.ready = false;
  // A job run in progress finishes first: it still needs the database.
  await stopJobs();
  await stopCountFlush();
  const handle = appDatabase.handle;
  appDatabase.handle = undefined;
  await stopContentEvents();
  await handle?.close();
}
