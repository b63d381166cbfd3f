// npm test. Most steps leave one of the CI machine's two cores idle, so independent ones run side by side
// (docs/benchmarks-history.md, "Test suite time (issue 31, 2026-11-26, night)"):
// 1. validation, the unit suite and the production build (none reads what another writes; the build runs no typegen);
// 2. the end-to-end suite on that build (one file at a time, mostly waiting on the browser and the app: about half
//    a core on average) beside the integration suite on PGlite and on PostgreSQL (one worker each). The integration
//    runs take the CPU the journeys leave (nice 10): a journey waits on pages and timers, and with three suites
//    fighting for two cores each page took four times as long (a 60 s walk timed out), while the integration runs
//    only need their CPU time, whenever it comes.
// Starting everything at once instead (the journeys right after the build, validation and the unit suite at nice 10
// with the integration runs) was not faster: 1,285 s against about 1,250 s. On this machine a busy second core slows
// the journeys by about a third whatever its priority (`nice 10` and SCHED_IDLE alike), so only less work helps
// (docs/benchmarks-history.md, "Less work, not a better order").
// The end-to-end suite's demo shops are seeded in the first step too (about 25 s that would otherwise open the
// second step): validation keeps one core busy for a minute after the unit suite and the build are done.
import path from "node:path";
import { tmpdir } from "node:os";
import { integrationRuns } from "./integration-runs.mjs";
import { runSideBySide, takeRunTempDir } from "./run-steps.mjs";

takeRunTempDir();
const npm = (...args) => ({ name: `npm run ${args.join(" ")}`, command: "npm", args: ["run", ...args] });
const shops = path.join(tmpdir(), "e2e-shops.json");

await runSideBySide([
  npm("validate"),
  npm("test:unit"),
  npm("build"),
  {
    name: "seeding the end-to-end demo shops",
    command: process.execPath,
    args: ["--import", "./scripts/register.mjs", "scripts/prepare-e2e-shops.ts", shops],
  },
]);
await runSideBySide([
  {
    name: "end-to-end suite",
    command: process.execPath,
    args: ["scripts/test-e2e.mjs", "--no-build"],
    env: { ...process.env, E2E_SHOPS: shops },
  },
  ...integrationRuns().map((run) => ({ ...run, nice: 10 })),
]);
