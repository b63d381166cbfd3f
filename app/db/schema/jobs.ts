import { primaryKey, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

// One row per scheduled job and tick (ADR 015). The primary key is what makes a job run once per tick however many
// app processes wake up for it; the row is also the run log (pruned after a week).
export const scheduledJobRuns = pgTable(
  "scheduled_job_runs",
  {
    job: text("job").notNull(),
    // The start of the tick this run belongs to.
    tick: timestamptz("tick").notNull(),
    startedAt: timestamptz("started_at").notNull(),
    finishedAt: timestamptz("finished_at"),
    // What the run did ("sent 2, skipped 1"), or why it failed.
    outcome: text("outcome"),
  },
  (t) => [primaryKey({ columns: [t.job, t.tick] })],
);
