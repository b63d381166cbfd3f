// Builds the app, then runs the Chromium journeys against the built server. `--no-build` uses the build that is
// there (npm test builds it beside the unit suite).
import { spawnSync } from "node:child_process";
import { takeRunTempDir } from "./run-steps.mjs";

takeRunTempDir();

const steps = [
  ["npm", "run", "build"],
  ["npx", "vitest", "run", "--project", "e2e"],
];
for (const [command, ...args] of process.argv.includes("--no-build") ? steps.slice(1) : steps) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
