import { eq } from "drizzle-orm";
import type { Env } from "~/lib/env.server";
import { getStorage } from "~/modules/storage/storage.server";
import { startContentEvents, stopContentEvents } from "~/modules/live/content-events.server";
import { startJobs, stopJobs } from "~/modules/jobs/jobs.server";
import { startCountFlush, stopCountFlush } from "~/modules/analytics/counter.server";
import { appDatabase, openDatabase } from "./client.server";
import { categories, users } from "./schema";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./seed/demo-accounts";

type Log = (message: string) => void;

/** Opens the app database, applies migrations and, outside production, loads the demo shop. */
export async function bootDatabase(env: Env, log: Log = console.log) {
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
  if (!env.isProduction && env.SEED_DEMO === "true") {
    // The demo content (and sharp, pdf-lib for its covers and ebooks) is loaded only into an empty database, and
    // never in production.
    const [anyCategory] = await handle.db.select({ id: categories.id }).from(categories).limit(1);
    if (!anyCategory) {
      const { seedDemo } = await import("./seed/demo");
      if (await seedDemo(handle.db, getStorage())) log("Demo content loaded.");
    }
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
