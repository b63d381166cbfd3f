import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import {
  createMigratedPostgresDatabase,
  createTestDatabase,
  migratedSnapshot,
  type TestDatabase,
} from "../setup/test-database";
import { openDatabase, type Database, type DatabaseHandle } from "~/db/client.server";
import { rateLimits } from "~/db/schema/rate-limits";
import {
  hitFixedWindow,
  pruneRateLimits,
  reserveSignInAttempt,
  settleSignInSuccess,
  type LoginRule,
} from "~/modules/security/rate-limit.server";
import { runMaintenance } from "~/modules/security/maintenance.server";

const target = process.env.DB_TARGET === "postgres" ? "postgres" : "pglite";
const base = new Date("2026-11-21T09:00:00Z");
const at = (ms: number) => new Date(base.getTime() + ms);
const windowMs = 60_000;
/** A key no other test uses. */
const uniqueKey = (name: string) => `${name}:${randomBytes(4).toString("hex")}`;

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

async function readRow(db: Database, key: string) {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row;
}

/**
 * Storage that outlives a handle: a PostgreSQL database (postgres) or a PGlite data directory on disk (pglite).
 * `open()` returns a new, migrated handle on it each time, as a restarted or second app process would.
 */
async function createSharedStorage(): Promise<{ open(): Promise<DatabaseHandle>; remove(): Promise<void> }> {
  const migrated = async (handle: DatabaseHandle) => {
    await handle.migrate();
    return handle;
  };
  if (target === "postgres") {
    const database = await createMigratedPostgresDatabase();
    return { open: () => migrated(openDatabase({ url: database.url })), remove: () => database.drop() };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "nuru-rate-limit-"));
  let snapshot: Blob | undefined = await migratedSnapshot();
  return {
    // The first handle starts the directory from the migrated snapshot; later ones open what it left.
    open: () => {
      const loadDataDir = snapshot;
      snapshot = undefined;
      return migrated(openDatabase({ dataDir, loadDataDir }));
    },
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

describe(`fixed window rate limit (${target})`, () => {
  it("allows 5 hits, refuses the next ones within the window, and allows again after it", async () => {
    const key = uniqueKey("contact:ip:1.2.3.4");
    const hit = (ms: number) => hitFixedWindow(t.db, { key, limit: 5, windowMs, now: at(ms) });

    for (let i = 0; i < 5; i++) expect(await hit(i * 1_000)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await hit(10_000)).toEqual({ allowed: false, retryAfterMs: 50_000 });
    expect(await hit(windowMs - 1)).toEqual({ allowed: false, retryAfterMs: 1 });
    expect(await readRow(t.db, key)).toMatchObject({ count: 7, windowStart: base });

    // A new window begins exactly at windowStart + windowMs.
    expect(await hit(windowMs)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await readRow(t.db, key)).toMatchObject({ count: 1, windowStart: at(windowMs) });
    for (let i = 0; i < 4; i++) expect((await hit(windowMs + 1 + i)).allowed).toBe(true);
    expect((await hit(windowMs + 10)).allowed).toBe(false);
  });

  it("keeps separate counts per key", async () => {
    const a = uniqueKey("contact:ip:10.0.0.1");
    const b = uniqueKey("contact:ip:10.0.0.2");
    for (let i = 0; i < 2; i++) await hitFixedWindow(t.db, { key: a, limit: 2, windowMs, now: base });
    expect((await hitFixedWindow(t.db, { key: a, limit: 2, windowMs, now: base })).allowed).toBe(false);
    expect((await hitFixedWindow(t.db, { key: b, limit: 2, windowMs, now: base })).allowed).toBe(true);
  });
});

/** Rules like the sign-in's: a tight one for the account on this address, a looser one for the address. */
function loginRules(suffix = randomBytes(4).toString("hex")): { pair: LoginRule; ip: LoginRule } {
  return {
    pair: { key: `signin:pair:a@b.c|1.2.3.4:${suffix}`, backoff: { freeAttempts: 5 } },
    ip: { key: `signin:ip:1.2.3.4:${suffix}`, backoff: { freeAttempts: 20 } },
  };
}

/** One attempt that fails: reserved, and never given back. */
async function fail(db: Database, rules: LoginRule[], now: Date) {
  return reserveSignInAttempt(db, rules, now);
}

describe(`login throttle (${target})`, () => {
  it("checks 5 attempts, blocks the 6th, grows the block, and a success clears the account's count", async () => {
    const { pair, ip } = loginRules();
    const rules = [pair, ip];
    let now = 0;
    for (let i = 0; i < 5; i++) {
      expect((await fail(t.db, rules, at(now))).allowed).toBe(true);
      now += 1_000;
    }
    // Sixth attempt, one second after the fifth failure: refused, and not counted.
    expect(await reserveSignInAttempt(t.db, rules, at(now))).toEqual({ allowed: false, retryAfterMs: 30_000 - 1_000 });
    expect(await readRow(t.db, pair.key)).toMatchObject({ failures: 5, blockedUntil: at(4_000 + 30_000) });
    expect(await readRow(t.db, ip.key)).toMatchObject({ failures: 5, blockedUntil: null });

    // Once the block is over, each further failure blocks for longer.
    now = 4_000 + 30_000;
    expect((await fail(t.db, rules, at(now))).allowed).toBe(true);
    expect(await reserveSignInAttempt(t.db, rules, at(now))).toEqual({ allowed: false, retryAfterMs: 60_000 });
    now += 60_000;
    const seventh = await reserveSignInAttempt(t.db, rules, at(now));
    expect(seventh.allowed).toBe(true);
    expect(await readRow(t.db, pair.key)).toMatchObject({ failures: 7, blockedUntil: at(now + 120_000) });

    // The seventh attempt was the right password: the account's count is cleared, the address gets this attempt
    // back but keeps the six real failures.
    if (!seventh.allowed) throw new Error("unreachable");
    await settleSignInSuccess(t.db, seventh.reserved, [pair.key], at(now));
    expect(await readRow(t.db, pair.key)).toMatchObject({ failures: 0, blockedUntil: null });
    expect(await readRow(t.db, ip.key)).toMatchObject({ failures: 6, blockedUntil: null });
    expect((await reserveSignInAttempt(t.db, rules, at(now))).allowed).toBe(true);
  });

  it("a success from an address never lifts a block others earned there", async () => {
    const { ip } = loginRules();
    // 19 failures from one address over many accounts (spraying), then a real reader signs in there.
    for (let i = 0; i < 19; i++) await fail(t.db, [ip, { key: `${ip.key}:acct${i}`, backoff: {} }], base);
    const reader = await reserveSignInAttempt(t.db, [ip], base);
    if (!reader.allowed) throw new Error("the 20th attempt should be checked");
    expect(await readRow(t.db, ip.key)).toMatchObject({ failures: 20, blockedUntil: at(30_000) });
    await settleSignInSuccess(t.db, reader.reserved, [], base);
    expect(await readRow(t.db, ip.key)).toMatchObject({ failures: 19, blockedUntil: null });
    // The next wrong password from there blocks the address again.
    expect((await fail(t.db, [ip], base)).allowed).toBe(true);
    expect((await reserveSignInAttempt(t.db, [ip], base)).allowed).toBe(false);
  });

  it("forgets failures after a quiet day", async () => {
    const { pair } = loginRules();
    for (let i = 0; i < 5; i++) await fail(t.db, [pair], base);
    expect((await reserveSignInAttempt(t.db, [pair], base)).allowed).toBe(false);

    const nextDay = at(24 * 60 * 60_000);
    expect((await reserveSignInAttempt(t.db, [pair], nextDay)).allowed).toBe(true);
    expect((await readRow(t.db, pair.key))?.failures).toBe(1);
  });

  it("treats an empty rule list as allowed", async () => {
    expect(await reserveSignInAttempt(t.db, [], base)).toEqual({ allowed: true, reserved: [] });
    await settleSignInSuccess(t.db, [], [], base);
  });
});

describe(`maintenance (${target})`, () => {
  it("prunes idle rate-limit rows but keeps recent and blocked ones", async () => {
    const idle = uniqueKey("prune:idle");
    const recent = uniqueKey("prune:recent");
    const blocked = uniqueKey("prune:blocked");
    const longAgo = new Date(base.getTime() - 2 * 24 * 60 * 60_000);
    await t.db.insert(rateLimits).values([
      { key: idle, windowStart: longAgo, updatedAt: longAgo },
      { key: recent, windowStart: base, updatedAt: base },
      { key: blocked, windowStart: longAgo, updatedAt: longAgo, blockedUntil: at(60_000) },
    ]);
    const result = await runMaintenance(t.db, base);
    expect(result.rateLimitRows).toBeGreaterThanOrEqual(1);
    expect(await readRow(t.db, idle)).toBeUndefined();
    expect(await readRow(t.db, recent)).toBeDefined();
    expect(await readRow(t.db, blocked)).toBeDefined();
    expect(await pruneRateLimits(t.db, base)).toBe(0);
  });
});

/** The default back-off, written out: 30 s doubling from the fifth failure, capped at one hour. */
function backoffMs(failures: number): number {
  return failures < 5 ? 0 : Math.min(60 * 60_000, 30_000 * 2 ** (failures - 5));
}

describe(`state lives in the database (${target})`, () => {
  it("survives a fresh copy of the module: nothing is kept in memory", async () => {
    const key = uniqueKey("contact:ip:restart");
    const login = uniqueKey("signin:email:restart@b.c");
    for (let i = 0; i < 5; i++)
      expect((await hitFixedWindow(t.db, { key, limit: 5, windowMs, now: base })).allowed).toBe(true);
    const rule = { key: login, backoff: {} };
    for (let i = 0; i < 5; i++) await reserveSignInAttempt(t.db, [rule], base);

    vi.resetModules();
    const fresh = await import("~/modules/security/rate-limit.server");
    expect(fresh.hitFixedWindow).not.toBe(hitFixedWindow);

    expect(await fresh.hitFixedWindow(t.db, { key, limit: 5, windowMs, now: at(1) })).toEqual({
      allowed: false,
      retryAfterMs: windowMs - 1,
    });
    expect((await fresh.reserveSignInAttempt(t.db, [rule], at(1))).allowed).toBe(false);

    // Decisions follow the table: clearing the rows lifts the limits for both copies of the module.
    await t.db.update(rateLimits).set({ count: 0 }).where(eq(rateLimits.key, key));
    await t.db.update(rateLimits).set({ blockedUntil: null }).where(eq(rateLimits.key, login));
    expect((await hitFixedWindow(t.db, { key, limit: 5, windowMs, now: at(2) })).allowed).toBe(true);
    expect((await fresh.reserveSignInAttempt(t.db, [rule], at(2))).allowed).toBe(true);
  });

  it("survives closing the database and opening it again", async () => {
    const storage = await createSharedStorage();
    const key = uniqueKey("contact:ip:reopen");
    const rule = { key: uniqueKey("signin:email:reopen@b.c"), backoff: {} };
    try {
      const before = await storage.open();
      try {
        for (let i = 0; i < 5; i++) await hitFixedWindow(before.db, { key, limit: 5, windowMs, now: base });
        for (let i = 0; i < 5; i++) await reserveSignInAttempt(before.db, [rule], base);
      } finally {
        await before.close();
      }
      const after = await storage.open();
      try {
        expect((await hitFixedWindow(after.db, { key, limit: 5, windowMs, now: at(1) })).allowed).toBe(false);
        expect(await reserveSignInAttempt(after.db, [rule], at(1))).toEqual({
          allowed: false,
          retryAfterMs: 30_000 - 1,
        });
      } finally {
        await after.close();
      }
    } finally {
      await storage.remove();
    }
  });
});

describe(`two app processes on one database (${target})`, () => {
  // PostgreSQL: two connection pools on one database, as two app processes would have. PGlite serves a single
  // process, so the same race runs on one handle. (Busy pools get a database of their own, dropped once their connections are gone.)
  async function withTwoHandles(run: (first: Database, second: Database) => Promise<void>): Promise<void> {
    if (target !== "postgres") return run(t.db, t.db);
    const storage = await createSharedStorage();
    try {
      const first = await storage.open();
      const second = await storage.open();
      try {
        await run(first.db, second.db);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    } finally {
      await storage.remove();
    }
  }

  it("lets exactly 5 of 20 concurrent hits through", async () => {
    await withTwoHandles(async (first, second) => {
      const key = uniqueKey("contact:ip:shared");
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          hitFixedWindow(i % 2 === 0 ? first : second, { key, limit: 5, windowMs, now: base }),
        ),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterMs === windowMs)).toBe(true);
      expect((await readRow(first, key))?.count).toBe(20);
    });
  });

  it("checks only 5 of 60 concurrent sign-in attempts for one account, and counts each checked one", async () => {
    await withTwoHandles(async (first, second) => {
      const { pair, ip } = loginRules();
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          reserveSignInAttempt(i % 2 === 0 ? first : second, i % 3 === 0 ? [pair, ip] : [ip, pair], base),
        ),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      expect(results.filter((r) => !r.allowed).every((r) => !r.allowed && r.retryAfterMs === backoffMs(5))).toBe(true);
      expect(await readRow(second, pair.key)).toMatchObject({ failures: 5, blockedUntil: at(backoffMs(5)) });
      expect(await readRow(first, ip.key)).toMatchObject({ failures: 5, blockedUntil: null });
    });
  });
});
