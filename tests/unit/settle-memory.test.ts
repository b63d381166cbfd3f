// One memory-reducing collection once start-up is over, only when the process is quiet (issue 14, ADR 020).
// Fake timers drive the schedule and a stand-in measures how busy the event loop was: no real waiting.
import v8 from "node:v8";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { collectAllGarbage } from "~/lib/runtime-settings.server";
import { settleMemoryWhenIdle } from "~/lib/settle-memory.server";

const youngGeneration = () =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space")!.physical_space_size;

/** Every quiet window measures the next of `shares` (the last one repeats). */
function busyness(...shares: number[]) {
  let window = 0;
  return () => {
    const share = shares[Math.min(window++, shares.length - 1)]!;
    return () => share;
  };
}

describe("settleMemoryWhenIdle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("collects once, after the delay, when the process has been quiet", () => {
    const collect = vi.fn();
    settleMemoryWhenIdle(8_000, collect, busyness(0.01));
    vi.advanceTimersByTime(7_999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * 60_000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it("waits while the event loop is busy, tries again 30 s later, and gives up after ten busy windows", () => {
    const collect = vi.fn();
    settleMemoryWhenIdle(8_000, collect, busyness(0.5, 0.5, 0.01));
    vi.advanceTimersByTime(8_000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(collect).toHaveBeenCalledTimes(1);

    const never = vi.fn();
    settleMemoryWhenIdle(8_000, never, busyness(0.5));
    vi.advanceTimersByTime(60 * 60_000);
    expect(never).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("keeps the server running when the collection cannot run", () => {
    const collect = vi.fn(() => {
      throw new Error("no collector");
    });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    settleMemoryWhenIdle(8_000, collect, busyness(0));
    expect(() => vi.advanceTimersByTime(8_000)).not.toThrow();
    expect(log).toHaveBeenCalledWith("Memory settle skipped: no collector");
    log.mockRestore();
  });
});

describe("collectAllGarbage", () => {
  it("gives back the young generation without putting gc on the app's global", () => {
    const garbage: unknown[] = [];
    for (let i = 0; i < 200_000; i++) garbage.push({ i, text: `item ${i}` });
    garbage.length = 0;
    const before = youngGeneration();
    collectAllGarbage();
    expect(youngGeneration()).toBeLessThan(before);
    expect("gc" in globalThis).toBe(false);
  });
});
