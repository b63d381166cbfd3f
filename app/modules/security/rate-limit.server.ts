// Rate limits kept in the database, so they hold across restarts and across app processes sharing it.
// The module keeps no in-memory state: every decision is read from, and written to, rate_limits.
//
// Keys name what is limited, e.g. `signin:email:a@b.c` or `signin:ip:1.2.3.4`. Use different keys for
// hitFixedWindow and for the login throttle: both touch updated_at, which the throttle uses to forget
// failures after a quiet day.
import { and, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema/rate-limits";
import {
  assertWindow,
  backoffAfterFailures,
  fixedWindowDecision,
  LOGIN_FAILURE_MEMORY_MS,
  msUntil,
  type BackoffOptions,
} from "./rate-limit";

export interface RateLimitResult {
  allowed: boolean;
  /** 0 when allowed; otherwise how long until the next attempt can succeed. */
  retryAfterMs: number;
}

export interface FixedWindowHit {
  key: string;
  /** Events allowed per window. */
  limit: number;
  windowMs: number;
  now?: Date;
}

/** A timestamp parameter that PostgreSQL and PGlite read the same way. */
function ts(date: Date) {
  return sql`${date.toISOString()}::timestamptz`;
}

function uniqueKeys(keys: readonly string[]): string[] {
  // Sorted, so concurrent calls lock rows in the same order.
  return [...new Set(keys)].sort();
}

/**
 * Counts one event for `key` and says whether it is within `limit` per fixed window of `windowMs`.
 * One statement (insert … on conflict do update … returning), so concurrent callers in any process are
 * serialised on the row and never both slip past the limit. Refused events are counted as well.
 */
export async function hitFixedWindow(
  db: Database,
  { key, limit, windowMs, now = new Date() }: FixedWindowHit,
): Promise<RateLimitResult> {
  assertWindow(limit, windowMs);
  // The stored window is over when now >= window_start + windowMs, i.e. window_start <= now - windowMs.
  const expired = sql`${rateLimits.windowStart} <= ${ts(new Date(now.getTime() - windowMs))}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now, updatedAt: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${ts(now)} else ${rateLimits.windowStart} end`,
        updatedAt: now,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (!row) throw new Error(`rate limit upsert returned no row for ${key}`);
  // Replay the stored outcome through the pure rule (the row now holds this event) for the reset time.
  const decision = fixedWindowDecision({ now, windowStart: row.windowStart, count: row.count - 1, limit, windowMs });
  return { allowed: decision.allowed, retryAfterMs: decision.allowed ? 0 : msUntil(decision.resetAt, now) };
}

/** Whether a sign-in may be attempted: refused while any of `keys` is blocked. */
export async function checkLoginAllowed(
  db: Database,
  keys: readonly string[],
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const unique = uniqueKeys(keys);
  if (unique.length === 0) return { allowed: true, retryAfterMs: 0 };
  const rows = await db
    .select({ blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(and(inArray(rateLimits.key, unique), gt(rateLimits.blockedUntil, now)));
  const retryAfterMs = Math.max(0, ...rows.map((r) => (r.blockedUntil ? msUntil(r.blockedUntil, now) : 0)));
  return { allowed: retryAfterMs === 0, retryAfterMs };
}

/**
 * Records a failed sign-in against every key: the failure count grows atomically (starting again from one
 * when the last failure is more than a day old) and, past the free attempts, the key is blocked for
 * backoffAfterFailures(failures). A block only ever grows here. Returns the longest block now in force.
 */
export async function recordLoginFailure(
  db: Database,
  keys: readonly string[],
  now: Date = new Date(),
  backoff: BackoffOptions = {},
): Promise<{ retryAfterMs: number }> {
  const unique = uniqueKeys(keys);
  if (unique.length === 0) return { retryAfterMs: 0 };
  const forgetBefore = ts(new Date(now.getTime() - LOGIN_FAILURE_MEMORY_MS));
  // One transaction: the upsert locks the row, so no success can reset it between the count and the block.
  return db.transaction(async (tx) => {
    let retryAfterMs = 0;
    for (const key of unique) {
      const [row] = await tx
        .insert(rateLimits)
        .values({ key, count: 0, windowStart: now, failures: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            failures: sql`case when ${rateLimits.updatedAt} <= ${forgetBefore} then 1 else ${rateLimits.failures} + 1 end`,
            updatedAt: now,
          },
        })
        .returning({ failures: rateLimits.failures, blockedUntil: rateLimits.blockedUntil });
      if (!row) throw new Error(`rate limit upsert returned no row for ${key}`);
      let blockedUntil = row.blockedUntil;
      const waitMs = backoffAfterFailures(row.failures, backoff);
      if (waitMs > 0) {
        const [updated] = await tx
          .update(rateLimits)
          .set({ blockedUntil: sql`greatest(${rateLimits.blockedUntil}, ${ts(new Date(now.getTime() + waitMs))})` })
          .where(eq(rateLimits.key, key))
          .returning({ blockedUntil: rateLimits.blockedUntil });
        blockedUntil = updated?.blockedUntil ?? blockedUntil;
      }
      if (blockedUntil) retryAfterMs = Math.max(retryAfterMs, msUntil(blockedUntil, now));
    }
    return { retryAfterMs };
  });
}

/** Clears the failures and any block of `keys` after a successful sign-in. */
export async function recordLoginSuccess(db: Database, keys: readonly string[], now: Date = new Date()): Promise<void> {
  const unique = uniqueKeys(keys);
  if (unique.length === 0) return;
  await db
    .update(rateLimits)
    .set({ failures: 0, blockedUntil: null, updatedAt: now })
    .where(inArray(rateLimits.key, unique));
}

/**
 * Deletes rows untouched for `maxIdleMs` (default one day) and not blocked, so per-IP keys do not pile up.
 * Keep maxIdleMs at least as long as the longest fixed window in use. Returns the number of rows deleted.
 */
export async function pruneRateLimits(
  db: Database,
  now: Date = new Date(),
  maxIdleMs: number = LOGIN_FAILURE_MEMORY_MS,
): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(
      and(
        lte(rateLimits.updatedAt, new Date(now.getTime() - maxIdleMs)),
        or(isNull(rateLimits.blockedUntil), lte(rateLimits.blockedUntil, now)),
      ),
    )
    .returning({ key: rateLimits.key });
  return deleted.length;
}
