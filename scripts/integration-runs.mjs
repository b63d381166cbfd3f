// The integration suite's runs. With a PostgreSQL server (TEST_DATABASE_URL, as in CI) the suite runs on PostgreSQL,
// the database the shop runs on in production, and only the files about the embedded database run on PGlite too;
// without one, every file runs on PGlite. The two runs share nothing (every file makes its own databases with
// random names, ports and directories), so they run side by side.
//
// Why not every file on both (as until 2026-11-29): the PGlite run cost about 300 core-seconds of a two-core
// machine's `npm test` while the end-to-end suite, which already runs the whole shop on PGlite (the demo's
// database, `npm start`), waited for CPU; its driver paths are covered there (docs/benchmarks.md, "Test suite time").

// On PGlite too: what is PGlite's own (the admin:create script always uses a PGlite directory, PreparedPGlite and its
// named statements, the demo content `npm start` seeds, the scheduled jobs' locks in the one-process demo).
const ON_PGLITE_TOO = [
  "tests/integration/admin-create.test.ts",
  "tests/integration/prepared-pglite.test.ts",
  "tests/integration/named-statements.test.ts",
  "tests/integration/seed.test.ts",
  "tests/integration/scheduled-jobs.test.ts",
];
// Once, on PGlite: these test image processing, storage and providers; their few queries are plain inserts and
// selects, so a second database adds nothing.
const ONCE_ON_PGLITE = [
  "tests/integration/image-variants.test.ts",
  "tests/integration/s3-storage.test.ts",
  "tests/integration/ai-assistant.test.ts",
];
const PGLITE_ONLY = ["tests/integration/admin-create.test.ts", "tests/integration/prepared-pglite.test.ts"];

function run(target, { files = [], exclude = [] } = {}) {
  return {
    name: `integration suite on ${target}`,
    command: "npx",
    args: ["vitest", "run", "--project", "integration", ...files, ...exclude.flatMap((file) => ["--exclude", file])],
    env: { ...process.env, DB_TARGET: target },
  };
}

/** The runs for runSideBySide (scripts/run-steps.mjs). */
export function integrationRuns() {
  if (!process.env.TEST_DATABASE_URL) {
    console.log("TEST_DATABASE_URL not set: the integration suite runs on PGlite only.");
    return [run("pglite")];
  }
  return [
    run("pglite", { files: [...ON_PGLITE_TOO, ...ONCE_ON_PGLITE] }),
    run("postgres", { exclude: [...PGLITE_ONLY, ...ONCE_ON_PGLITE] }),
  ];
}
