// Builds the app, then runs the Chromium journeys against the built server.
import { spawnSync } from "node:child_process";

for (const [command, ...args] of [
  ["npm", "run", "build"],
  ["npx", "vitest", "run", "--project", "e2e"],
]) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
