import { lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { verifications } from "~/db/schema";
import { singleton } from "~/lib/singleton.server";
import { pruneRateLimits } from "./rate-limit.server";

export const MAINTENANCE_EVERY_MS = 60 * 60 * 1000;

/** Drops what abuse limits and one-time links leave behind: idle rate-limit rows and expired tokens. */
export async function runMaintenance(db: Database, now: Date = new Date()) {
  const rateLimitRows = await pruneRateLimits(db, now);
  const expired = await db
    .delete(verifications)
    .where(lt(verifications.expiresAt, now))
    .returning({ id: verifications.id });
  return { rateLimitRows, verifications: expired.length };
}

const state = singleton("maintenance", () => ({ timer: undefined as ReturnType<typeof setInterval> | undefined }));

/** Runs maintenance now and every hour in this process (every process may: the deletes are idempotent). */
export function startMaintenance(db: Database, log: (message: string) => void = console.error) {
  stopMaintenance();
  const run = () =>
    runMaintenance(db).catch((error: Error) => log(`Maintenance failed (will retry in an hour): ${error.message}`));
  void run();
  state.timer = setInterval(run, MAINTENANCE_EVERY_MS);
  state.timer.unref();
}

export function stopMaintenance() {
  clearInterval(state.timer);
  state.timer = undefined;
}
