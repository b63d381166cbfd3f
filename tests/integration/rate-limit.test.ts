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
  checkLoginAllowed,
  hitFixedWindow,
  recordLoginFailure,
  recordLoginSuccess,
} from "~/modules/security/rate-limit.server";

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

describe(`login throttle (${target})`, () => {
  it("allows 5 failures, blocks the 6th attempt, grows the block, and resets on success", async () => {
    const email = uniqueKey("signin:email:a@b.c");
    const ip = uniqueKey("signin:ip:1.2.3.4");
    const keys = [email, ip];

    let now = 0;
    for (let i = 0; i < 5; i++) {
      expect(await checkLoginAllowed(t.db, keys, at(now))).toEqual({ allowed: true, retryAfterMs: 0 });
      await recordLoginFailure(t.db, keys, at(now));
      now += 1_000;
    }
    // Sixth attempt, one second after the fifth failure.
    const sixth = await checkLoginAllowed(t.db, keys, at(now));
    expect(sixth.allowed).toBe(false);
    expect(sixth.retryAfterMs).toBe(30_000 - 1_000);
    expect(await readRow(t.db, email)).toMatchObject({ failures: 5, blockedUntil: at(4_000 + 30_000) });

    // The IP key alone blocks another account tried from the same address.
    expect((await checkLoginAllowed(t.db, [uniqueKey("signin:email:x@y.z"), ip], at(now))).allowed).toBe(false);

    // Once the block is over, each further failure blocks for longer.
    now = 4_000 + 30_000;
    expect((await checkLoginAllowed(t.db, keys, at(now))).allowed).toBe(true);
    expect(await recordLoginFailure(t.db, keys, at(now))).toEqual({ retryAfterMs: 60_000 });
    const afterSixth = await checkLoginAllowed(t.db, keys, at(now));
    expect(afterSixth).toEqual({ allowed: false, retryAfterMs: 60_000 });
    expect(await recordLoginFailure(t.db, keys, at(now))).toEqual({ retryAfterMs: 120_000 });
    const afterSeventh = await checkLoginAllowed(t.db, keys, at(now));
    expect(afterSeventh.retryAfterMs).toBeGreaterThan(afterSixth.retryAfterMs);
    expect(await readRow(t.db, ip)).toMatchObject({ failures: 7, blockedUntil: at(now + 120_000) });

    // Success clears both keys: the next failures start again from zero.
    await recordLoginSuccess(t.db, keys, at(now));
    expect(await checkLoginAllowed(t.db, keys, at(now))).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await readRow(t.db, email)).toMatchObject({ failures: 0, blockedUntil: null });
    for (let i = 0; i < 4; i++) expect(await recordLoginFailure(t.db, keys, at(now))).toEqual({ retryAfterMs: 0 });
    expect((await checkLoginAllowed(t.db, keys, at(now))).allowed).toBe(true);
  });

  it("forgets failures after a quiet day", async () => {
    const key = uniqueKey("signin:email:old@b.c");
    for (let i = 0; i < 5; i++) await recordLoginFailure(t.db, [key], base);
    expect((await checkLoginAllowed(t.db, [key], base)).allowed).toBe(false);

    const nextDay = at(24 * 60 * 60_000);
    expect(await recordLoginFailure(t.db, [key], nextDay)).toEqual({ retryAfterMs: 0 });
    expect((await readRow(t.db, key))?.failures).toBe(1);
    expect((await checkLoginAllowed(t.db, [key], nextDay)).allowed).toBe(true);
  });

  it("treats an empty key list as allowed", async () => {
    expect(await checkLoginAllowed(t.db, [], base)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await recordLoginFailure(t.db, [], base)).toEqual({ retryAfterMs: 0 });
    await recordLoginSuccess(t.db, [], base);
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
    for (let i = 0; i < 5; i++) await recordLoginFailure(t.db, [login], base);

    vi.resetModules();
    const fresh = await import("~/modules/security/rate-limit.server");
    expect(fresh.hitFixedWindow).not.toBe(hitFixedWindow);

    expect(await fresh.hitFixedWindow(t.db, { key, limit: 5, windowMs, now: at(1) })).toEqual({
      allowed: false,
      retryAfterMs: windowMs - 1,
    });
    expect((await fresh.checkLoginAllowed(t.db, [login], at(1))).allowed).toBe(false);

    // Decisions follow the table: clearing the rows lifts the limits for both copies of the module.
    await t.db.update(rateLimits).set({ count: 0 }).where(eq(rateLimits.key, key));
    await t.db.update(rateLimits).set({ blockedUntil: null }).where(eq(rateLimits.key, login));
    expect((await hitFixedWindow(t.db, { key, limit: 5, windowMs, now: at(2) })).allowed).toBe(true);
    expect((await fresh.checkLoginAllowed(t.db, [login], at(2))).allowed).toBe(true);
  });

  it("survives closing the database and opening it again", async () => {
    const storage = await createSharedStorage();
    const key = uniqueKey("contact:ip:reopen");
    const login = uniqueKey("signin:email:reopen@b.c");
    try {
      const before = await storage.open();
      try {
        for (let i = 0; i < 5; i++) await hitFixedWindow(before.db, { key, limit: 5, windowMs, now: base });
        for (let i = 0; i < 5; i++) await recordLoginFailure(before.db, [login], base);
      } finally {
        await before.close();
      }
      const after = await storage.open();
      try {
        expect((await hitFixedWindow(after.db, { key, limit: 5, windowMs, now: at(1) })).allowed).toBe(false);
        expect(await checkLoginAllowed(after.db, [login], at(1))).toEqual({
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

  it("counts every one of 10 concurrent login failures", async () => {
    await withTwoHandles(async (first, second) => {
      const ip = uniqueKey("signin:ip:shared");
      const email = uniqueKey("signin:email:shared@b.c");
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          recordLoginFailure(i % 2 === 0 ? first : second, i % 3 === 0 ? [email, ip] : [ip, email], base),
        ),
      );
      expect(await readRow(second, ip)).toMatchObject({ failures: 10, blockedUntil: at(backoffMs(10)) });
      expect(await readRow(first, email)).toMatchObject({ failures: 10, blockedUntil: at(backoffMs(10)) });
    });
  });
});
