// The shop behind PgBouncer 1.18 in transaction mode (issue 48, ADR 041): reads and writes with statement names
// turned off (DATABASE_POOLING=transaction), job locks that hold in transaction pooling (two schedulers, each job
// once per tick), and content events heard on DATABASE_DIRECT_URL. PgBouncer is started by this file on a free port
// in front of a database of the local PostgreSQL; CI installs it (.ci/run).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { createMigratedPostgresDatabase } from "../setup/test-database";
import { PGBOUNCER, startPgBouncer, type PgBouncer } from "../setup/pgbouncer";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { categories } from "~/db/schema";
import { createCategory } from "~/db/seed/factories";
import { CONTENT_CHANNEL } from "~/modules/live/content-events.server";
import { createScheduler, tickOf, type Job } from "~/modules/jobs/scheduler.server";

const onPostgres = process.env.DB_TARGET === "postgres";
if (!onPostgres) console.warn("transaction-pooling: runs in the PostgreSQL integration run (TEST_DATABASE_URL) only.");
if (onPostgres && !existsSync(PGBOUNCER)) throw new Error(`${PGBOUNCER} is missing: apt-get install pgbouncer`);

let database: { url: string; drop(): Promise<void> };
let bouncer: PgBouncer;
const handles: DatabaseHandle[] = [];

/** An app process's database, as DATABASE_URL (the pooler), DATABASE_DIRECT_URL and DATABASE_POOLING set it. */
function pooledProcess() {
  const handle = openDatabase({ url: bouncer.url, directUrl: database.url, pooling: "transaction" });
  handles.push(handle);
  return handle;
}

/** Advisory locks still held anywhere on the server (a lock left behind on a pooled server connection). */
async function advisoryLocksHeld(): Promise<number> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe.runIf(onPostgres)("PostgreSQL behind PgBouncer in transaction mode", () => {
  beforeAll(async () => {
    database = await createMigratedPostgresDatabase();
    bouncer = await startPgBouncer(database.url, "transaction");
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await bouncer?.dispose();
    await database?.drop();
  });

  it("reads and writes through the pooler, drizzle's own prepared queries included, with statement names off", async () => {
    const handle = pooledProcess();
    await createCategory(handle.db, { name: "Pooled", slug: "pooled" });
    const bySlug = handle.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.slug, sql.placeholder("slug")))
      .prepare("category_by_slug");
    // Many at once, so the same statements run on several server connections of the pooler, then again one by one.
    const reads = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2
          ? bySlug.execute({ slug: "pooled" })
          : handle.db.select().from(categories).where(eq(categories.slug, "pooled")),
      ),
    );
    for (const rows of reads) expect(rows).toHaveLength(1);
    for (let i = 0; i < 6; i++) expect(await bySlug.execute({ slug: "pooled" })).toEqual([{ name: "Pooled" }]);
    await handle.db.transaction(async (tx) => {
      await tx.update(categories).set({ name: "Pooled again" }).where(eq(categories.slug, "pooled"));
    });
    expect(await bySlug.execute({ slug: "pooled" })).toEqual([{ name: "Pooled again" }]);
    expect(await handle.ping()).toBe(true);
  });

  it("two app processes through the pooler run each job once per tick, and leave no lock behind", async () => {
    const first = pooledProcess();
    const second = pooledProcess();
    const runs = new Map<number, number>();
    const job: Job = {
      name: "pooled-job",
      everySeconds: 60,
      async run({ now }) {
        const tick = tickOf(now, 60).getTime();
        runs.set(tick, (runs.get(tick) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 40));
      },
    };
    const schedulers = [first, second, first, second].map((handle) =>
      createScheduler({ handle, jobs: [job], log: () => {} }),
    );
    const start = new Date("2032-01-01T00:00:00Z").getTime();
    const outcomes: string[] = [];
    for (let tick = 0; tick < 6; tick++) {
      const results = await Promise.all(schedulers.map((s, i) => s.runDue(new Date(start + tick * 60_000 + i * 5))));
      outcomes.push(...results.map((r) => r["pooled-job"]!));
    }
    expect([...runs.values()]).toEqual(Array(6).fill(1));
    expect(outcomes.filter((o) => o === "ran")).toHaveLength(6);
    expect(await advisoryLocksHeld()).toBe(0);
  });

  it("a run in progress keeps the job from starting in the other process until it ends", async () => {
    const first = pooledProcess();
    const second = pooledProcess();
    let release!: () => void;
    let begun!: () => void;
    const started = new Promise<void>((resolve) => (begun = resolve));
    const slow: Job = {
      name: "slow-pooled-job",
      everySeconds: 60,
      async run() {
        begun();
        await new Promise<void>((resolve) => (release = resolve));
      },
    };
    const quick: Job = { name: "slow-pooled-job", everySeconds: 60, run: async () => {} };
    const now = new Date("2032-02-01T00:00:10Z").getTime();
    const running = createScheduler({ handle: first, jobs: [slow], log: () => {} }).runDue(new Date(now));
    await started;
    const other = createScheduler({ handle: second, jobs: [quick], log: () => {} });
    // The next tick arrives while the first run goes on: the lock, held in the run's transaction, keeps it out.
    expect(await other.runDue(new Date(now + 60_000))).toEqual({ "slow-pooled-job": "busy" });
    release();
    expect(await running).toEqual({ "slow-pooled-job": "ran" });
    expect(await other.runDue(new Date(now + 60_000 + 1000))).toEqual({ "slow-pooled-job": "ran" });
    expect(await advisoryLocksHeld()).toBe(0);
  });

  it("hears content changes on DATABASE_DIRECT_URL while writes go through the pooler", async () => {
    const handle = pooledProcess();
    const heard: string[] = [];
    const stop = await handle.listen!(CONTENT_CHANNEL, (payload) => heard.push(payload));
    try {
      await createCategory(handle.db, { name: "Heard", slug: "heard" });
      for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard.map((p) => JSON.parse(p).table)).toContain("categories");
    } finally {
      await stop();
    }
  });
});
