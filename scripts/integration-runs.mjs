// The integration suite's runs: on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. They share nothing
// (every file makes its own databases with random names, ports and directories), so they can run side by side.

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

/** The runs for runSideBySide (scripts/run-steps.mjs). */
export function integrationRuns() {
  if (!process.env.TEST_DATABASE_URL) {
    console.log("TEST_DATABASE_URL not set: skipping the PostgreSQL run of the integration suite.");
    return [run("pglite")];
  }
  return [run("pglite"), run("postgres", NOT_ON_POSTGRES)];
}
