import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { poCatalogues } from "./scripts/po-catalogues.mjs";
import { E2E_WORKERS } from "./tests/setup/e2e-workers.ts";

// Each project: the "~" alias and the catalogues (app/locales/*.po) compiled as the app imports them (issue 50).
const plugins = [poCatalogues()];
const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        plugins,
        resolve: { alias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts"],
          environment: "node",
          // One module graph for all files: evaluating drizzle-orm and the app's modules again for each of the 53
          // files was four fifths of the suite's CPU (52 -> 11 core-seconds; the files pass in any order).
          isolate: false,
        },
      },
      {
        plugins,
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/integration-global.ts"],
          // One process for all files, each started clean by integration-file.ts: modules are evaluated once per run.
          isolate: false,
          setupFiles: ["tests/setup/integration-file.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins,
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts", "tests/security/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/e2e-global.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files run E2E_WORKERS at a time, each worker on a shared app of its own (tests/setup/e2e-workers.ts).
          maxWorkers: E2E_WORKERS,
          // The files of a worker share one module graph: the helpers, Playwright's client and the schema are evaluated
          // once per worker, not once per file (about 1.7 core-seconds a file). The files share no module state but the
          // browser endpoint and their worker's app.
          isolate: false,
          // A page answers within a second on a quiet machine; CI shares two cores, so a poll waits up to 10 s
          // (a poll still fails on a wrong answer, only later).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
