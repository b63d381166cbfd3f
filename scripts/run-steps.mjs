// Runs commands side by side and fails when any fails. The first command's output is shown as it comes; the others'
// is kept and shown whole once every command has ended, so their reports do not interleave.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const RUN_TMP_PREFIX = "nuru-test-run-";

/**
 * Gives this test run a temporary directory of its own (TMPDIR for every step) and removes it when the run ends, pass
 * or fail. The suites leave data directories, PGlite copies and browser profiles behind (about 430 MB a run), and a
 * CI machine keeps its /tmp from one run to the next. The demo images' cache is meant to outlive a run (a cold one
 * costs about a second per image and seed, app/db/seed/demo-images.ts): it stays in the system's temporary directory,
 * linked into the run's. A run started inside another (npm test's steps) keeps the outer one's directory.
 */
export function takeRunTempDir() {
  const systemTmp = tmpdir();
  if (path.basename(systemTmp).startsWith(RUN_TMP_PREFIX)) return;
  const runTmp = mkdtempSync(path.join(systemTmp, RUN_TMP_PREFIX));
  const imageCache = path.join(systemTmp, "nuru-demo-images");
  mkdirSync(imageCache, { recursive: true });
  symlinkSync(imageCache, path.join(runTmp, "nuru-demo-images"));
  process.env.TMPDIR = runTmp;
  // rm removes the link, not the cache it points to.
  process.on("exit", () => rmSync(runTmp, { recursive: true, force: true }));
}

/**
 * @param {{ name: string, command: string, args: string[], env?: NodeJS.ProcessEnv, nice?: number }[]} steps
 * @param {{ onFailure?: () => Promise<void> }} [options] what to clean up before exiting when a step failed
 * @returns {Promise<void>} resolves when all passed; exits the process with the first failure's code otherwise
 */
export async function runSideBySide(steps, { onFailure } = {}) {
  if (steps.length > 1) {
    console.log(`\n== side by side: ${steps.map((s) => s.name).join(", ")} (${steps[0].name} shown live) ==`);
  }
  const results = await Promise.all(steps.map((step, index) => runStep(step, index === 0)));
  for (const { report } of results) console.log(report);
  const failed = results.find(({ status }) => status !== 0);
  if (!failed) return;
  await onFailure?.().catch((error) => console.error(`Cleaning up after the failure: ${error}`));
  process.exit(failed.status);
}

function runStep({ name, command, args, env = process.env, nice }, live) {
  const started = Date.now();
  // A step with `nice` runs at that lower CPU priority (with its children), when the system has `nice`.
  const [file, argv] =
    nice && process.platform !== "win32" ? ["nice", ["-n", String(nice), command, ...args]] : [command, args];
  const child = spawn(file, argv, { stdio: live ? "inherit" : ["ignore", "pipe", "pipe"], env });
  const kept = [];
  child.stdout?.on("data", (chunk) => kept.push(chunk));
  child.stderr?.on("data", (chunk) => kept.push(chunk));
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const took = `${Math.round((Date.now() - started) / 1000)} s`;
      const summary = `== ${name}: ${status === 0 ? "passed" : "FAILED"} in ${took} ==`;
      resolve({ status, report: live ? summary : `\n== ${name} ==\n${Buffer.concat(kept)}${summary}` });
    });
  });
}
