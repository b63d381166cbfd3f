import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// npm test gives its run a temporary directory of its own and removes it at the end (scripts/run-steps.mjs): the
// suites leave hundreds of megabytes of data directories behind, and CI machines keep /tmp between runs.

const RUN_STEPS = path.resolve(import.meta.dirname, "../../scripts/run-steps.mjs");
const systemTmp = mkdtempSync(path.join(tmpdir(), "nuru-run-tmp-unit-"));
afterAll(() => rmSync(systemTmp, { recursive: true, force: true }));

/** Runs a script that uses the run directory, with `systemTmp` as the system's temporary directory. */
function run(body: string, env: NodeJS.ProcessEnv = {}) {
  const script = `
    import { writeFileSync } from "node:fs";
    import { tmpdir } from "node:os";
    import { takeRunTempDir } from ${JSON.stringify(RUN_STEPS)};
    takeRunTempDir();
    console.log(tmpdir());
    ${body}`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, TMPDIR: systemTmp, ...env },
    encoding: "utf8",
  });
  return { ...result, runTmp: result.stdout.split("\n")[0]! };
}

describe("a test run's temporary directory", () => {
  it("is used for the run and removed when it ends, failing or not, and the demo image cache stays", () => {
    for (const [body, status] of [
      ["", 0],
      ["process.exit(3);", 3],
    ] as const) {
      const result = run(
        `writeFileSync(tmpdir() + "/nuru-e2e-data", "x"); writeFileSync(tmpdir() + "/nuru-demo-images/kept", "y"); ${body}`,
      );
      expect(result.status, result.stderr).toBe(status);
      expect(path.dirname(result.runTmp)).toBe(systemTmp);
      expect(path.basename(result.runTmp)).toMatch(/^nuru-test-run-/);
      expect(existsSync(result.runTmp)).toBe(false);
      expect(existsSync(path.join(systemTmp, "nuru-demo-images", "kept"))).toBe(true);
    }
    expect(readdirSync(systemTmp).sort()).toEqual(["nuru-demo-images"]);
  });

  it("is kept by a step that runs inside a run (npm test's own steps)", () => {
    const outer = mkdtempSync(path.join(systemTmp, "nuru-test-run-"));
    const result = run("", { TMPDIR: outer });
    expect(result.status, result.stderr).toBe(0);
    expect(result.runTmp).toBe(outer);
    expect(existsSync(outer)).toBe(true);
    rmSync(outer, { recursive: true });
  });
});
