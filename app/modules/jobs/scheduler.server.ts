// A small in-process scheduler (ADR 015). Every app process runs one; each wakes every JOBS_INTERVAL_SECONDS and
// offers every job its current tick (the time divided into the job's own period). Two things make a job run once
// per tick however many processes wake at the same moment:
//   1. a PostgreSQL transaction-scoped advisory lock per job, taken in a transaction kept open on one connection for
//      the whole run, so two runs of a job never overlap. It holds behind a transaction-mode pooler too (a pooler
//      keeps a transaction on one server connection, where a session lock would stay on whichever connection took
//      it), and it goes with the transaction if the process dies mid-run or a shutdown cuts it (ADR 041);
//   2. a row per (job, tick) in scheduled_job_runs, inserted under that lock: a process that finds the row already
//      there knows this tick was taken and does nothing.
// A run stopped halfway (a crash, a deploy) leaves its row unfinished; the next tick runs the job again, and the
// jobs are written so that running again only does what is left.
import { and, eq, lt, sql } from "drizzle-orm";
import type pg from "pg";
import type { Database, DatabaseHandle, Rows } from "~/db/client.server";
import { scheduledJobRuns } from "~/db/schema";
import { countJobRun } from "~/lib/metrics.server";
import { logger } from "~/lib/logger.server";

export interface JobContext {
  db: Database;
  /** The tick's time: jobs take it as their clock, so tests move time without sleeping. */
  now: Date;
}

export interface Job {
  name: string;
  /** How often the job runs at most; the scheduler's own interval is how often it looks. */
  everySeconds: number;
  /** Returns a short summary for the run log ("sent 2"). Must be idempotent. */
  run(ctx: JobContext): Promise<string | void>;
}

export type JobOutcome = "ran" | "failed" | "already-ran" | "busy";

export interface SchedulerOptions {
  handle: Pick<DatabaseHandle, "db" | "kind">;
  jobs: readonly Job[];
  clock?: () => Date;
  log?: (message: string) => void;
}

/** Advisory lock keys: one class for the scheduler, hashtext(job name) for the job. */
const LOCK_CLASS = 15_015;

/** The start of the tick `now` falls in, for a job that runs every `everySeconds`. */
export function tickOf(now: Date, everySeconds: number): Date {
  const period = everySeconds * 1000;
  return new Date(Math.floor(now.getTime() / period) * period);
}

type Locked<T> = { locked: true; value: T } | { locked: false };

/** Runs `fn` while holding the job's advisory lock; `{locked: false}` when another run holds it. */
async function withJobLock<T>(
  handle: SchedulerOptions["handle"],
  job: string,
  fn: () => Promise<T>,
): Promise<Locked<T>> {
  if (handle.kind === "postgres") {
    // The lock lives as long as this connection's transaction; the job's own queries use the pool meanwhile (its
    // writes are not part of this transaction, which only holds the lock and is rolled back at the end).
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("begin");
      const { rows } = await client.query<{ locked: boolean }>(
        "select pg_try_advisory_xact_lock($1, hashtext($2)) as locked",
        [LOCK_CLASS, job],
      );
      if (!rows[0]?.locked) return { locked: false };
      return { locked: true, value: await fn() };
    } finally {
      await client.query("rollback").catch((error: Error) => {
        // The connection is closed rather than returned inside a transaction that may still hold the lock.
        broken ??= error;
      });
      client.release(broken);
    }
  }
  // PGlite: one process owns the database and has one session; the lock keeps this process's runs apart.
  const { rows } = (await handle.db.execute(
    sql`select pg_try_advisory_lock(${LOCK_CLASS}, hashtext(${job})) as locked`,
  )) as unknown as Rows<{ locked: boolean }>;
  if (!rows[0]?.locked) return { locked: false };
  try {
    return { locked: true, value: await fn() };
  } finally {
    await handle.db.execute(sql`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(${job}))`);
  }
}

export function createScheduler({
  handle,
  jobs,
  clock = () => new Date(),
  log = (message) => logger.error(message),
}: SchedulerOptions) {
  const db = handle.db;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  async function runJob(job: Job, now: Date): Promise<JobOutcome> {
    const tick = tickOf(now, job.everySeconds);
    const result = await withJobLock(handle, job.name, async (): Promise<JobOutcome> => {
      const claimed = await db
        .insert(scheduledJobRuns)
        .values({ job: job.name, tick, startedAt: clock() })
        .onConflictDoNothing()
        .returning({ job: scheduledJobRuns.job });
      if (claimed.length === 0) return "already-ran";
      let outcome: JobOutcome = "ran";
      let summary: string;
      try {
        summary = (await job.run({ db, now })) || "done";
      } catch (error) {
        outcome = "failed";
        summary = `failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 1000);
        log(`Job ${job.name} failed (runs again next tick): ${summary}`);
      }
      await db
        .update(scheduledJobRuns)
        .set({ finishedAt: clock(), outcome: summary })
        .where(and(eq(scheduledJobRuns.job, job.name), eq(scheduledJobRuns.tick, tick)));
      return outcome;
    });
    return result.locked ? result.value : "busy";
  }

  /** Offers every job its tick at `now`, one after another. Never throws: a job's failure is logged and recorded. */
  async function runDue(now = clock()): Promise<Record<string, JobOutcome>> {
    const outcomes: Record<string, JobOutcome> = {};
    for (const job of jobs) {
      try {
        outcomes[job.name] = await runJob(job, now);
      } catch (error) {
        // The database itself failed (lock or run log): nothing was claimed, the next tick tries again.
        outcomes[job.name] = "failed";
        log(`Job ${job.name} could not start: ${error instanceof Error ? error.message : String(error)}`);
      }
      countJobRun(job.name, outcomes[job.name]!);
    }
    return outcomes;
  }

  return {
    runDue,
    /** Looks every `intervalSeconds` (first after `firstDelayMs`), in the background: the timer keeps no process alive. */
    start(intervalSeconds: number, firstDelayMs = 5_000) {
      stopped = false;
      const schedule = (delay: number) => {
        if (stopped) return;
        timer = setTimeout(() => {
          running = runDue().finally(() => {
            running = undefined;
            schedule(intervalSeconds * 1000);
          });
        }, delay);
        timer.unref();
      };
      schedule(firstDelayMs);
    },
    /** Stops looking and waits for a run in progress to finish (before the database closes). */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;

/** Drops run-log rows older than a week. */
export async function pruneJobRuns(db: Database, now: Date) {
  const removed = await db
    .delete(scheduledJobRuns)
    .where(lt(scheduledJobRuns.tick, new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000)))
    .returning({ job: scheduledJobRuns.job });
  return removed.length;
}
