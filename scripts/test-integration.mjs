// Runs the integration suite on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL at the same time.
// Each run is one vitest process with one worker on a 2-core machine (vitest's default is one worker fewer than the
// cores): the PGlite run keeps one core busy with the embedded database, the PostgreSQL run waits mostly on the
// server, so side by side they take about as long as the PGlite run alone (docs/benchmarks-history.md,
// "Test suite time (issue 31, 2026-11-26, night)").
import { integrationRuns } from "./integration-runs.mjs";
import { runSideBySide, takeRunTempDir } from "./run-steps.mjs";

takeRunTempDir();
await runSideBySide(integrationRuns());
