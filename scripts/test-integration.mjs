// Runs the integration suite on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL at the same time.
// Each run is one vitest process with one worker on a 2-core machine (vitest's default is one worker fewer than the
// cores): the PGlite run keeps one core busy with the embedded database, the PostgreSQL run waits mostly on the
// server, so side by side they take about as long as the PGlite run alone (docs/benchmarks.md, "Test suite time").
// The runs share nothing: every file makes its own databases (random names), ports and directories.
import { runSideBySide } from "./run-steps.mjs";

// The PostgreSQL run repeats what depends on the database server (connections, locks, concurrency, the driver's
// types). These files test something else and gain nothing from a second run: the admin:create script always
// uses a PGlite directory, prepared-pglite is PGlite's own, and image-variants, s3-storage and ai-assistant test
// image processing, storage and providers (their few queries are plain inserts and selects).
const NOT_ON_POSTGRES = [
  "tests/integration/admin-create.test.ts",
  "tests/integration/prepared-pglite.test.ts",
  "tests/integration/image-variants.test.ts",
  "tests/integration/s3-storage.test.ts",
  "tests/integration/ai-assistant.test.ts",
];

function run(target, exclude = []) {
  return {
    name: `integration suite on ${target}`,
    command: "npx",
    args: ["vitest", "run", "--project", "integration", ...exclude.flatMap((file) => ["--exclude", file])],
    env: { ...process.env, DB_TARGET: target },
  };
}

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL not set: skipping the PostgreSQL run of the integration suite.");
}
await runSideBySide([run("pglite"), ...(process.env.TEST_DATABASE_URL ? [run("postgres", NOT_ON_POSTGRES)] : [])]);
