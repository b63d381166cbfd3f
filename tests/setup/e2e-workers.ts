// How many journey files run at once (vitest.config.ts), each worker with a shared app of its own
// (tests/setup/e2e-global.ts starts them; tests/setup/pages.ts baseUrl picks the worker's). A journey mostly waits on
// the browser and the app, so two workers on the CI machine's two cores take about half the time of one
// (docs/benchmarks.md, "Test suite time"). Each app has its own copy of the demo shop, so a file meets the same shop
// whichever worker runs it, and the files of one worker run one after another as before. E2E_WORKERS=1: one at a time.
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 2)) || 1);

/** The index (0-based) of the worker running this file: VITEST_POOL_ID is 1..maxWorkers. */
export function e2eWorkerIndex(count: number): number {
  return (Math.max(1, Number(process.env.VITEST_POOL_ID ?? 1)) - 1) % count;
}
