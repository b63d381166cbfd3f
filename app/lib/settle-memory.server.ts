import { performance } from "node:perf_hooks";
import { collectAllGarbage } from "./runtime-settings.server";

const QUIET_WINDOW_MS = 2_000;
/** Share of the quiet window the event loop may have been busy for the process to count as idle. */
const IDLE_UTILISATION = 0.05;
const RETRY_MS = 30_000;
const ATTEMPTS = 10;

/** The share of time the event loop has been busy since the watch began (0 to 1). */
export type BusynessSince = () => number;

function eventLoopBusyness(): BusynessSince {
  const start = performance.eventLoopUtilization();
  return () => performance.eventLoopUtilization(start).utilization;
}

/**
 * Start-up (loading the build, migrations, the first round of jobs) leaves V8 with a young generation grown to
 * about 24 MB and garbage in the old one, and nothing collects it while the shop waits for readers: V8 shrinks its
 * heap only during a collection, and an idle process runs none. One memory-reducing collection once the process
 * has been quiet gives that memory back (`npm start`: idle RSS 227 -> 193 MB; ADR 020). It comes 8 s after boot,
 * once the first round of jobs (at 5 s) is done. A busy server collects on its own, and the 70 ms pause would show
 * in its readers' latency, so it waits for a quiet moment and gives up after ten tries.
 */
export function settleMemoryWhenIdle(
  afterMs = 8_000,
  collect: () => void = collectAllGarbage,
  watchBusyness: () => BusynessSince = eventLoopBusyness,
) {
  let attempt = 0;
  const check = (busyness: BusynessSince) => {
    if (busyness() > IDLE_UTILISATION) {
      if (++attempt < ATTEMPTS) schedule(RETRY_MS);
      return;
    }
    try {
      collect();
    } catch (error) {
      // Only memory is at stake: the server goes on as it was.
      console.error(`Memory settle skipped: ${(error as Error).message}`);
    }
  };
  const schedule = (delayMs: number) => {
    const openWindow = () => {
      const busyness = watchBusyness();
      setTimeout(() => check(busyness), QUIET_WINDOW_MS).unref();
    };
    setTimeout(openWindow, Math.max(0, delayMs - QUIET_WINDOW_MS)).unref();
  };
  schedule(afterMs);
}
