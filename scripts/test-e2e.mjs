// Builds the app, then runs the Chromium journeys against the built server.
import { spawnSync } from "node:child_process";

for (const args of [
  ["react-router", "build"],
  ["vitest", "run", "--project", "e2e"],
]) {
  const result = spawnSync("npx", args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
