// Runs the integration suite on PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from "node:child_process";

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
  console.log(`\n== integration suite on ${target} ==`);
  const result = spawnSync(
    "npx",
    ["vitest", "run", "--project", "integration", ...exclude.flatMap((file) => ["--exclude", file])],
    { stdio: "inherit", env: { ...process.env, DB_TARGET: target } },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("pglite");
if (process.env.TEST_DATABASE_URL) run("postgres", NOT_ON_POSTGRES);
else console.log("TEST_DATABASE_URL not set: skipping the PostgreSQL run of the integration suite.");
