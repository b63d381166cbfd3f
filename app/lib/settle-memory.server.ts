import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";

const QUIET_WINDOW_MS = 2_000;
/** Share of the quiet window the event loop may have been busy for the process to count as idle. */
const IDLE_UTILISATION = 0.05;
const RETRY_MS = 30_000;
const ATTEMPTS = 10;

/**
 * Start-up (loading the build, migrations, the first round of jobs) leaves V8 with a young generation grown to
 * about 24 MB and garbage in the old one, and nothing collects it while the shop waits for readers: V8 shrinks its
 * heap only during a collection, and an idle process runs none. One memory-reducing collection once the process
 * has been quiet gives that memory back (`npm start`: idle RSS 227 -> 197 MB; ADR 020). A busy server collects on
 * its own, and the 70 ms pause would show in its readers' latency, so it waits for a quiet moment and gives up after
 * ten tries.
 */
export function settleMemoryWhenIdle(afterMs = 6_000, collect: () => void = collectAllGarbage) {
  let attempt = 0;
  const schedule = (delayMs: number) => {
    setTimeout(
      () => {
        const start = performance.eventLoopUtilization();
        setTimeout(() => {
          if (performance.eventLoopUtilization(start).utilization <= IDLE_UTILISATION) collect();
          else if (++attempt < ATTEMPTS) schedule(RETRY_MS);
        }, QUIET_WINDOW_MS).unref();
      },
      Math.max(0, delayMs - QUIET_WINDOW_MS),
    ).unref();
  };
  schedule(afterMs);
}

export function collectAllGarbage() {
  // Node offers V8's collector only behind --expose-gc. Set now, the flag applies to contexts created from now on,
  // so the function comes from a throwaway context and the app's own global never gets a `gc`.
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as (options: Record<string, string>) => void;
  gc({ type: "major", execution: "sync", flavor: "last-resort" });
}
