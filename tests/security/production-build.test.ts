// The production server build holds no local stand-in (ADR 031): `npm run build:production` compiles the one door to
// them (loadStandIns) shut, so no payment page that moves no money, AI that answers anything or mail outbox can be
// reached however the server is configured. The development build that `npm start` and this suite run (build/) is
// read too: the markers must be there, or this test could not tell a production build from one that lost them.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** Text that only the stand-ins hold: each names one of them (errors and pages they alone write). */
const MARKERS = {
  "Pesapal stand-in": "Pesapal stand-in: not found",
  "local Pesapal": "function startLocalPesapal",
  "AI stand-in": "The AI stand-in does not run in production",
  "dev mail outbox": "The dev mail outbox is a development stand-in",
  "Africa's Talking stand-in": "Africa's Talking stand-in: not found",
  "Daraja stand-in": "The Daraja stand-in does not run in production",
};
/** The S3 stand-in is started by tests only: no build may hold it. */
const TESTS_ONLY = "The S3 stand-in does not run in production";

function serverCode(buildDir: string): string {
  const dir = path.join(buildDir, "server");
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(m?js)$/.test(file))
    .map((file) => readFileSync(path.join(dir, file), "utf8"))
    .join("\n");
}

describe("the production server build", () => {
  let productionDir: string;
  let production: string;

  beforeAll(() => {
    productionDir = mkdtempSync(path.join(tmpdir(), "nuru-production-build-"));
    const built = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
      cwd: root,
      env: { ...process.env, NURU_BUILD: "production", NURU_BUILD_DIR: productionDir },
      encoding: "utf8",
    });
    if (built.status !== 0) throw new Error(`The production build failed:\n${built.stdout}\n${built.stderr}`);
    production = serverCode(productionDir);
  }, 300_000);

  afterAll(() => {
    if (productionDir) rmSync(productionDir, { recursive: true, force: true });
  });

  it("holds none of the stand-ins' code", () => {
    expect(production).toContain("function loadStandIns");
    for (const [standIn, marker] of Object.entries(MARKERS)) {
      expect(production.includes(marker), `${standIn} is in the production build`).toBe(false);
    }
    expect(production).not.toContain(TESTS_ONLY);
  });

  it("differs from the development build, which holds every stand-in the shop starts", () => {
    const development = serverCode(path.join(root, "build"));
    for (const [standIn, marker] of Object.entries(MARKERS)) {
      expect(development.includes(marker), `${standIn} is missing from the development build`).toBe(true);
    }
    expect(development).not.toContain(TESTS_ONLY);
  });
});
