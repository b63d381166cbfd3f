// npm test, in one step whose parts run side by side (docs/benchmarks.md, "Test suite time"). The test run is bound by
// the CPU of the two cores, so what matters is that no core waits:
// - the production build, then the end-to-end suite on it: the longest chain, so it starts at once and keeps the
//   normal CPU priority (a journey waits on pages and timers; when it shared the cores equally, each page took four
//   times as long);
// - validation, the unit suite and the integration suite on PGlite and on PostgreSQL (one worker each) at `nice 10`:
//   they only need their CPU time, whenever it comes, and fill what the journeys leave. None reads what another
//   writes (the build runs no typegen; the integration runs make their own databases).
import { integrationRuns } from "./integration-runs.mjs";
import { runSideBySide } from "./run-steps.mjs";

const npm = (...args) => ({ name: `npm run ${args.join(" ")}`, command: "npm", args: ["run", ...args] });

await runSideBySide([
  { name: "build, then the end-to-end suite", command: process.execPath, args: ["scripts/test-e2e.mjs"] },
  ...[npm("validate"), npm("test:unit"), ...integrationRuns()].map((step) => ({ ...step, nice: 10 })),
]);
