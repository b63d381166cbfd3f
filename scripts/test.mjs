// npm test. Most steps leave one of the CI machine's two cores idle, so independent ones run side by side
// (docs/benchmarks-history.md, "Test suite time (issue 31, 2026-11-26, night)"):
// 1. validation, the unit suite (then the end-to-end demo shops' seeding) and the production build (none reads what
//    another writes; the build runs no typegen);
// 2. the end-to-end suite on that build beside the integration suite (on PostgreSQL, PGlite's own files on PGlite:
//    one worker each, scripts/integration-runs.mjs). The journeys run two files at a time, each worker on a shared
//    app of its own (ADR 051): a journey mostly waits on the browser, the app and its timers, so one file at a time
//    left most of a core idle. The integration runs take the CPU the journeys leave (nice 10): a journey waits on
//    pages and timers, while the integration runs only need their CPU time, whenever it comes.
// The end-to-end suite's demo shops are seeded in the first step too (about 25 s that would otherwise open the
// second step), after the unit suite: validation keeps one core busy for a minute after the unit suite and the build
// are done, and the unit suite's timed tests do not share the machine with it.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { tmpdir } from "node:os";
import pg from "pg";
import { integrationRuns } from "./integration-runs.mjs";
import { runSideBySide, takeRunTempDir } from "./run-steps.mjs";

takeRunTempDir();
const npm = (...args) => ({ name: `npm run ${args.join(" ")}`, command: "npm", args: ["run", ...args] });
const shops = path.join(tmpdir(), "e2e-shops.json");

/** A failed run drops the demo shop's PostgreSQL template (the suite's teardown does when it gets that far). */
async function dropShopsTemplate() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl || !existsSync(shops)) return;
  const database = JSON.parse(readFileSync(shops, "utf8")).template?.postgres?.database;
  if (!database) return;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${database} with (force)`);
  } finally {
    await client.end();
  }
}

const seed = `"${process.execPath}" --import ./scripts/register.mjs scripts/prepare-e2e-shops.ts "${shops}"`;
await runSideBySide(
  [
    npm("validate"),
    {
      name: "npm run test:unit, then seeding the end-to-end demo shops",
      command: "sh",
      args: ["-c", `npm run test:unit && ${seed}`],
    },
    npm("build"),
  ],
  { onFailure: dropShopsTemplate },
);
await runSideBySide(
  [
    {
      name: "end-to-end suite",
      command: process.execPath,
      args: ["scripts/test-e2e.mjs", "--no-build"],
      env: { ...process.env, E2E_SHOPS: shops },
    },
    ...integrationRuns().map((run) => ({ ...run, nice: 10 })),
  ],
  { onFailure: dropShopsTemplate },
);
