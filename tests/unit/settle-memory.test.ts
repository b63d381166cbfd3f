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
    await vi.waitFor(() => expect(collect).toHaveBeenCalledTimes(1), { timeout: 5_000, interval: 50 });
  });

  it("waits while the event loop is busy", async () => {
    const collect = vi.fn();
    const started = Date.now();
    // The quiet window opens 100 ms from now and lasts 2 s; the event loop is then kept busy through all of it.
    settleMemoryWhenIdle(2_100, collect);
    await new Promise((resolve) => setTimeout(resolve, 150));
    while (Date.now() - started < 2_200) {
      // busy
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(collect).not.toHaveBeenCalled();
  });

  it("keeps the server running when the collection cannot run", async () => {
    const collect = vi.fn(() => {
      throw new Error("no collector");
    });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    settleMemoryWhenIdle(2_100, collect);
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith("Memory settle skipped: no collector"), {
      timeout: 5_000,
      interval: 50,
    });
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
