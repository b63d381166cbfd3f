// One memory-reducing collection once start-up is over, only when the process is quiet (issue 14, ADR 020).
import v8 from "node:v8";
import { describe, expect, it, vi } from "vitest";
import { collectAllGarbage, settleMemoryWhenIdle } from "~/lib/settle-memory.server";

const youngGeneration = () =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space")!.physical_space_size;

describe("settleMemoryWhenIdle", () => {
  it("collects once the process has been quiet", async () => {
    const collect = vi.fn();
    settleMemoryWhenIdle(2_100, collect);
    await new Promise((resolve) => setTimeout(resolve, 2_400));
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it("waits while the event loop is busy", async () => {
    const collect = vi.fn();
    settleMemoryWhenIdle(2_000, collect);
    const until = Date.now() + 2_200;
    while (Date.now() < until) {
      // busy: the whole quiet window is spent here
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(collect).not.toHaveBeenCalled();
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
