// Runs the integration suite: on PostgreSQL when TEST_DATABASE_URL is set, with PGlite's own files on PGlite at the
// same time; on PGlite alone without it (scripts/integration-runs.mjs). Each run is one vitest process with one
// worker on a 2-core machine (vitest's default is one worker fewer than the cores).
import { integrationRuns } from "./integration-runs.mjs";
import { runSideBySide, takeRunTempDir } from "./run-steps.mjs";

takeRunTempDir();
await runSideBySide(integrationRuns());
