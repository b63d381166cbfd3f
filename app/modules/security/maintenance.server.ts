import { lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { verifications } from "~/db/schema";
import { pruneRateLimits } from "./rate-limit.server";

/** Drops what abuse limits and one-time links leave behind: idle rate-limit rows and expired tokens (the hourly "prune" job, ADR 015). */
export async function runMaintenance(db: Database, now: Date = new Date()) {
  const rateLimitRows = await pruneRateLimits(db, now);
  const expired = await db
    .delete(verifications)
    .where(lt(verifications.expiresAt, now))
    .returning({ id: verifications.id });
  return { rateLimitRows, verifications: expired.length };
}
