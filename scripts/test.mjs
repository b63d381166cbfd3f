// npm test. On the 2-core CI machine most steps keep one core busy, so independent ones run side by side:
// validation, the unit suite and the production build (none reads what another writes); then the integration suite
// (PGlite and PostgreSQL side by side, scripts/test-integration.mjs); then the end-to-end suite on that build, alone,
// since a browser, the app and the tests already share both cores (docs/benchmarks.md, "Test suite time").
import { spawnSync } from "node:child_process";
import { runSideBySide } from "./run-steps.mjs";

const npm = (...args) => ({ name: `npm run ${args[0]}`, command: "npm", args: ["run", ...args] });

await runSideBySide([npm("validate"), npm("test:unit"), npm("build")]);
for (const args of [["scripts/test-integration.mjs"], ["scripts/test-e2e.mjs", "--no-build"]]) {
  const result = spawnSync(process.execPath, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
