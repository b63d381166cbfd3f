// Pure rate-limit arithmetic: no database, no clock. The SQL in rate-limit.server.ts applies the same rules
// atomically; these functions are the reference for them and are unit-tested.

export interface FixedWindowInput {
  now: Date;
  /** Start of the stored window, or null when nothing has been counted yet. */
  windowStart: Date | null;
  /** Events already counted in the stored window. */
  count: number;
  /** Events allowed per window. */
  limit: number;
  windowMs: number;
}

export interface FixedWindowDecision {
  /** Whether this event is within the limit. */
  allowed: boolean;
  /** When the window that counts this event ends. */
  resetAt: Date;
  /** The count to store, this event included (refused events are counted too). */
  nextCount: number;
  /** The window start to store. */
  nextWindowStart: Date;
}

/** How long an unused failure count is remembered: failures older than this start again from zero. */
export const LOGIN_FAILURE_MEMORY_MS = 24 * 60 * 60_000;

export function assertWindow(limit: number, windowMs: number): void {
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`limit must be a non-negative integer, got ${limit}`);
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError(`windowMs must be positive, got ${windowMs}`);
}

/** True when a window starting at `windowStart` is over at `now` (a new window begins at exactly start + length). */
export function isWindowExpired(windowStart: Date, windowMs: number, now: Date): boolean {
  return now.getTime() >= windowStart.getTime() + windowMs;
}

/** Counts one event in a fixed window: a new window begins when now >= windowStart + windowMs. */
export function fixedWindowDecision({
  now,
  windowStart,
  count,
  limit,
  windowMs,
}: FixedWindowInput): FixedWindowDecision {
  assertWindow(limit, windowMs);
  const fresh = windowStart === null || isWindowExpired(windowStart, windowMs, now);
  const nextWindowStart = fresh ? now : windowStart;
  const nextCount = (fresh ? 0 : Math.max(0, count)) + 1;
  return {
    allowed: nextCount <= limit,
    resetAt: new Date(nextWindowStart.getTime() + windowMs),
    nextCount,
    nextWindowStart,
  };
}

/** Milliseconds until `until`, never negative. */
export function msUntil(until: Date, now: Date): number {
  return Math.max(0, until.getTime() - now.getTime());
}

export interface BackoffOptions {
  /** Failures that cost nothing. */
  freeAttempts?: number;
  /** Wait after the first failure past the free ones; doubles with every further failure. */
  baseMs?: number;
  /** Longest wait. */
  maxMs?: number;
}

/** Milliseconds to wait after `failures` consecutive failures: 0, then baseMs doubling per failure, capped. */
export function backoffAfterFailures(
  failures: number,
  { freeAttempts = 5, baseMs = 30_000, maxMs = 60 * 60_000 }: BackoffOptions = {},
): number {
  if (!Number.isFinite(failures) || failures < freeAttempts) return 0;
  const exponent = Math.floor(failures - freeAttempts);
  return Math.min(maxMs, baseMs * 2 ** exponent);
}

/** The stored login-throttle state of one key. */
export interface LoginThrottleState {
  failures: number;
  blockedUntil: Date | null;
  updatedAt: Date;
}

export interface LoginReservation {
  allowed: boolean;
  /** 0 when allowed; otherwise how long until the key lets an attempt through. */
  retryAfterMs: number;
  /** The state to store when allowed: the attempt counted as a failure until it is known to have succeeded. */
  next: { failures: number; blockedUntil: Date | null };
}

/**
 * Reserves one sign-in attempt against a key before the password is checked. A blocked key refuses (and stores
 * nothing). Otherwise the attempt is counted as a failure up front and, past the free attempts, the key is blocked
 * at once, so concurrent attempts cannot all be checked before the first failure is recorded. A success gives the
 * reservation back (see the server module). Failures older than LOGIN_FAILURE_MEMORY_MS are forgotten.
 */
export function reserveLoginAttempt(
  state: LoginThrottleState | null,
  now: Date,
  backoff: BackoffOptions = {},
): LoginReservation {
  if (state?.blockedUntil && state.blockedUntil.getTime() > now.getTime()) {
    return {
      allowed: false,
      retryAfterMs: msUntil(state.blockedUntil, now),
      next: { failures: state.failures, blockedUntil: state.blockedUntil },
    };
  }
  const remembered = state && now.getTime() - state.updatedAt.getTime() < LOGIN_FAILURE_MEMORY_MS;
  const failures = (remembered ? state.failures : 0) + 1;
  const waitMs = backoffAfterFailures(failures, backoff);
  const blockedUntil = waitMs > 0 ? new Date(now.getTime() + waitMs) : (state?.blockedUntil ?? null);
  return { allowed: true, retryAfterMs: 0, next: { failures, blockedUntil } };
}
