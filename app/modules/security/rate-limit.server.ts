// Rate limits kept in the database, so they hold across restarts and across app processes sharing it.
// The module keeps no in-memory state: every decision is read from, and written to, rate_limits.
//
// Keys name what is limited, e.g. `signin:email:a@b.c` or `signin:ip:1.2.3.4`. Use different keys for
// hitFixedWindow and for the login throttle: both touch updated_at, which the throttle uses to forget
// failures after a quiet day.
import { and, eq, inArray, isNull, like, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema/rate-limits";
import {
  assertWindow,
  fixedWindowDecision,
  LOGIN_FAILURE_MEMORY_MS,
  msUntil,
  reserveLoginAttempt,
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
export async function hitFixedWindow(db: Database, hit: FixedWindowHit): Promise<RateLimitResult> {
  const { allowed, retryAfterMs } = await hitFixedWindowCounted(db, hit);
  return { allowed, retryAfterMs };
}

/** hitFixedWindow, also saying which window counted the event (for giveBackFixedWindowHit). */
export async function hitFixedWindowCounted(
  db: Database,
  { key, limit, windowMs, now = new Date() }: FixedWindowHit,
): Promise<RateLimitResult & { windowStart: Date }> {
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
  return {
    allowed: decision.allowed,
    retryAfterMs: decision.allowed ? 0 : msUntil(decision.resetAt, now),
    windowStart: row.windowStart,
  };
}

/**
 * Gives back one event hitFixedWindow counted (an attempt that turned out not to count, e.g. an offer code that
 * applied), only while the window it was counted in still runs, so a new window never starts below zero.
 */
export async function giveBackFixedWindowHit(db: Database, key: string, windowStart: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
}

export interface LoginRule {
  key: string;
  backoff: BackoffOptions;
}

/** What a reservation changed on one key, so that a success can give exactly that back. */
export interface ReservedKey {
  key: string;
  /** The block before this attempt, and the block this attempt set (equal when it set none). */
  blockedBefore: Date | null;
  blockedAfter: Date | null;
}

export type LoginTicket = { allowed: true; reserved: ReservedKey[] } | { allowed: false; retryAfterMs: number };

/**
 * Reserves one sign-in attempt on every rule's key before the password is checked (see reserveLoginAttempt):
 * refused while any key is blocked; otherwise each key counts the attempt as a failure and blocks past its free
 * attempts. One transaction with the rows locked in key order, so concurrent attempts in any process are decided
 * one after the other: of 60 simultaneous wrong passwords, only the free attempts are ever checked.
 */
export async function reserveSignInAttempt(
  db: Database,
  rules: readonly LoginRule[],
  now: Date = new Date(),
): Promise<LoginTicket> {
  const byKey = new Map(rules.map((r) => [r.key, r]));
  const keys = uniqueKeys([...byKey.keys()]);
  if (keys.length === 0) return { allowed: true, reserved: [] };
  return db.transaction(async (tx) => {
    await tx
      .insert(rateLimits)
      .values(keys.map((key) => ({ key, count: 0, windowStart: now, failures: 0, updatedAt: now })))
      .onConflictDoNothing();
    const rows = await tx
      .select({
        key: rateLimits.key,
        failures: rateLimits.failures,
        blockedUntil: rateLimits.blockedUntil,
        updatedAt: rateLimits.updatedAt,
      })
      .from(rateLimits)
      .where(inArray(rateLimits.key, keys))
      // Byte order, the same as uniqueKeys' sort, so every writer locks rows in one order (no deadlocks).
      .orderBy(sql`${rateLimits.key} collate "C"`)
      .for("update");
    const decisions = rows.map((row) => ({
      row,
      decision: reserveLoginAttempt(row, now, byKey.get(row.key)!.backoff),
    }));
    const refused = decisions.filter((d) => !d.decision.allowed);
    if (refused.length > 0) {
      return { allowed: false as const, retryAfterMs: Math.max(...refused.map((d) => d.decision.retryAfterMs)) };
    }
    const reserved: ReservedKey[] = [];
    for (const { row, decision } of decisions) {
      await tx
        .update(rateLimits)
        .set({ failures: decision.next.failures, blockedUntil: decision.next.blockedUntil, updatedAt: now })
        .where(eq(rateLimits.key, row.key));
      reserved.push({ key: row.key, blockedBefore: row.blockedUntil, blockedAfter: decision.next.blockedUntil });
    }
    return { allowed: true as const, reserved };
  });
}

/**
 * After a successful sign-in: `clear` keys (the account's own) forget every failure and block; every other
 * reserved key (the client address) gets back just this attempt, so one reader signing in never wipes the
 * failures others made from the same address.
 */
export async function settleSignInSuccess(
  db: Database,
  reserved: readonly ReservedKey[],
  clear: readonly string[],
  now: Date = new Date(),
): Promise<void> {
  const cleared = uniqueKeys(clear);
  await db.transaction(async (tx) => {
    // Row by row in key order, the order reserveSignInAttempt locks them in, so the two never deadlock.
    const keys = uniqueKeys([...cleared, ...reserved.map((r) => r.key)]);
    for (const key of keys) {
      if (cleared.includes(key)) {
        await tx
          .update(rateLimits)
          .set({ failures: 0, blockedUntil: null, updatedAt: now })
          .where(eq(rateLimits.key, key));
        continue;
      }
      const r = reserved.find((k) => k.key === key)!;
      const unchangedBlock = r.blockedAfter
        ? sql`${rateLimits.blockedUntil} = ${ts(r.blockedAfter)}`
        : sql`${rateLimits.blockedUntil} is null`;
      await tx
        .update(rateLimits)
        .set({
          failures: sql`greatest(${rateLimits.failures} - 1, 0)`,
          // Lifts the block only when it is still the one this attempt set.
          blockedUntil: sql`case when ${unchangedBlock} then ${r.blockedBefore ? ts(r.blockedBefore) : sql`null`} else ${rateLimits.blockedUntil} end`,
        })
        .where(eq(rateLimits.key, r.key));
    }
  });
}

/** Forgets every sign-in failure of the given keys and key prefixes (after a password reset proved the inbox). */
export async function clearSignInFailures(db: Database, keys: readonly string[], prefixes: readonly string[] = []) {
  const conditions = [
    ...(keys.length > 0 ? [inArray(rateLimits.key, [...keys])] : []),
    ...prefixes.map((p) => like(rateLimits.key, `${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)),
  ];
  if (conditions.length === 0) return;
  await db
    .update(rateLimits)
    .set({ failures: 0, blockedUntil: null })
    .where(or(...conditions));
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
