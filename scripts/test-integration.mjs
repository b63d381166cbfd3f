// Runs the integration suite on PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from "node:child_process";

function run(target) {
  console.log(`\n== integration suite on ${target} ==`);
  const result = spawnSync("npx", ["vitest", "run", "--project", "integration"], {
    stdio: "inherit",
    env: { ...process.env, DB_TARGET: target },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("pglite");
if (process.env.TEST_DATABASE_URL) run("postgres");
else console.log("TEST_DATABASE_URL not set: skipping the PostgreSQL run of the integration suite.");
