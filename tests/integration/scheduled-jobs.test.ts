// The in-process scheduler (ADR 015): each job once per tick, a failed or interrupted run picked up on the next tick,
// and on PostgreSQL two schedulers with pools of their own (two app processes) sharing the work without doubling it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import pg from "pg";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase, openDatabase, type DatabaseHandle } from "~/db/client.server";
import { devOutbox, scheduledJobRuns } from "~/db/schema";
import { createPaidOrder, createPlan, createSubscription, createUser } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { JOBS } from "~/modules/jobs/jobs.server";
import { createScheduler, tickOf, type Job } from "~/modules/jobs/scheduler.server";

const onPostgres = process.env.DB_TARGET === "postgres";
const DAY = 86_400_000;

let t: TestDatabase;
const others: DatabaseHandle[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
});
afterAll(async () => {
  for (const handle of others) await handle.close();
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

/** A job that counts its runs per tick and takes a little while, so concurrent runs would overlap. */
function countingJob(name: string, runs: Map<number, number>, work = 30): Job {
  return {
    name,
    everySeconds: 60,
    async run({ now }) {
      const tick = tickOf(now, 60).getTime();
      runs.set(tick, (runs.get(tick) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, work));
      return "counted";
    },
  };
}

describe(`scheduled jobs (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("runs a job once per tick, records the run, and runs it again next tick", async () => {
    const runs = new Map<number, number>();
    const scheduler = createScheduler({ handle: t, jobs: [countingJob("count-once", runs)], log: () => {} });
    const now = new Date("2031-01-01T10:00:10Z");
    expect(await scheduler.runDue(now)).toEqual({ "count-once": "ran" });
    expect(await scheduler.runDue(new Date(now.getTime() + 30_000))).toEqual({ "count-once": "already-ran" });
    expect(await scheduler.runDue(new Date(now.getTime() + 60_000))).toEqual({ "count-once": "ran" });
    expect([...runs.values()]).toEqual([1, 1]);
    const log = await t.db
      .select()
      .from(scheduledJobRuns)
      .where(eq(scheduledJobRuns.job, "count-once"))
      .orderBy(asc(scheduledJobRuns.tick));
    expect(log.map((r) => [r.tick.toISOString(), r.outcome])).toEqual([
      ["2031-01-01T10:00:00.000Z", "counted"],
      ["2031-01-01T10:01:00.000Z", "counted"],
    ]);
    expect(log.every((r) => r.finishedAt !== null)).toBe(true);
  });

  it("records a failed run, keeps the other jobs going, and retries on the next tick", async () => {
    let attempts = 0;
    const flaky: Job = {
      name: "flaky",
      everySeconds: 60,
      async run() {
        attempts++;
        if (attempts === 1) throw new Error("database hiccup");
        return "fine";
      },
    };
    const runs = new Map<number, number>();
    const logged: string[] = [];
    const scheduler = createScheduler({
      handle: t,
      jobs: [flaky, countingJob("after-flaky", runs)],
      log: (m) => logged.push(m),
    });
    const now = new Date("2031-02-01T00:00:00Z");
    expect(await scheduler.runDue(now)).toEqual({ flaky: "failed", "after-flaky": "ran" });
    expect(logged.join("\n")).toContain("database hiccup");
    const [failed] = await t.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.job, "flaky"));
    expect(failed!.outcome).toBe("failed: database hiccup");
    expect(await scheduler.runDue(new Date(now.getTime() + 60_000))).toEqual({ flaky: "ran", "after-flaky": "ran" });
  });

  it("runs the shop's jobs: a reminder once however often the tick is offered", async () => {
    const user = await createUser(t.db, { email: `jobs-${crypto.randomUUID()}@nuru.test` });
    const planId = (await t.db.query.subscriptionPlans.findFirst({ where: (p, { eq }) => eq(p.slug, "basic") }))!.id;
    const now = new Date();
    const { order } = await createPaidOrder(t.db, {
      userId: user.id,
      item: { kind: "plan", planId, basePriceCents: 25000 },
      createdAt: now,
    });
    await createSubscription(t.db, {
      userId: user.id,
      planId,
      orderId: order.id,
      startDate: new Date(now.getTime() - 50 * DAY),
      endDate: new Date(now.getTime() + 5 * DAY),
    });
    const a = createScheduler({ handle: t, jobs: JOBS, log: () => {} });
    const b = createScheduler({ handle: t, jobs: JOBS, log: () => {} });
    const outcomes = await Promise.all([a.runDue(now), b.runDue(now), a.runDue(now)]);
    for (const job of JOBS) {
      expect(
        outcomes.filter((o) => o[job.name] === "ran"),
        job.name,
      ).toHaveLength(1);
    }
    await a.runDue(new Date(now.getTime() + 10 * 60_000));
    const mails = await t.db.select().from(devOutbox).where(eq(devOutbox.to, user.email));
    expect(mails.map((m) => m.subject)).toEqual(["Your Nuru Basic plan ends in 7 days"]);
  });

  it.runIf(onPostgres)(
    "two app processes (schedulers with pools of their own) run each job once per tick on one PostgreSQL database",
    async () => {
      const first = openDatabase({ url: t.url! });
      const second = openDatabase({ url: t.url! });
      others.push(first, second);
      const runs = new Map<number, number>();
      const job = countingJob("shared", runs, 50);
      const schedulers = [first, second, first, second].map((handle) =>
        createScheduler({ handle, jobs: [job], log: () => {} }),
      );
      const start = new Date("2031-03-01T00:00:00Z").getTime();
      const outcomes: string[] = [];
      for (let tick = 0; tick < 8; tick++) {
        // Every process wakes at almost the same moment of the tick, each with its own clock reading.
        const results = await Promise.all(schedulers.map((s, i) => s.runDue(new Date(start + tick * 60_000 + i * 7))));
        outcomes.push(...results.map((r) => r.shared));
      }
      expect([...runs.values()]).toEqual(Array(8).fill(1));
      expect(outcomes.filter((o) => o === "ran")).toHaveLength(8);
      expect(outcomes.every((o) => ["ran", "busy", "already-ran"].includes(o))).toBe(true);
    },
  );

  it.runIf(onPostgres)(
    "a process that dies mid-run releases its lock; the tick stays claimed and the next tick runs the job",
    async () => {
      const survivor = openDatabase({ url: t.url! });
      others.push(survivor);
      const now = new Date("2031-04-01T00:00:30Z");
      // The other process, in the middle of a run: its connection holds the job's lock and the tick is claimed.
      const dying = new pg.Client({ connectionString: t.url! });
      await dying.connect();
      await dying.query("select pg_try_advisory_lock(15015, hashtext('interrupted'))");
      await dying.query("insert into scheduled_job_runs (job, tick, started_at) values ('interrupted', $1, now())", [
        tickOf(now, 60),
      ]);
      const runs = new Map<number, number>();
      const healthy = createScheduler({ handle: survivor, jobs: [countingJob("interrupted", runs)], log: () => {} });
      // While it holds the job, no other process starts it.
      expect(await healthy.runDue(now)).toEqual({ interrupted: "busy" });
      // It dies: its connection goes, and with it the advisory lock.
      await dying.end();
      // Same tick: taken (the job is idempotent; the next tick does what is left).
      expect(await healthy.runDue(new Date(now.getTime() + 1000))).toEqual({ interrupted: "already-ran" });
      expect(await healthy.runDue(new Date(now.getTime() + 60_000))).toEqual({ interrupted: "ran" });
      const log = await survivor.db
        .select()
        .from(scheduledJobRuns)
        .where(eq(scheduledJobRuns.job, "interrupted"))
        .orderBy(asc(scheduledJobRuns.tick));
      expect(log.map((r) => r.finishedAt === null)).toEqual([true, false]);
      expect([...runs.values()]).toEqual([1]);
    },
  );
});
