// /healthz asks the database at most once a second, however many probes arrive (issue 14).
import { describe, expect, it, vi } from "vitest";
import { sharedHealthCheck } from "~/lib/shared-health-check.server";

describe("sharedHealthCheck", () => {
  it("answers a burst of probes with one ping", async () => {
    const ping = vi.fn(async () => true);
    const check = sharedHealthCheck(ping, { now: () => 0 });
    const answers = await Promise.all(Array.from({ length: 100 }, () => check()));
    expect(answers.every(Boolean)).toBe(true);
    expect(ping).toHaveBeenCalledTimes(1);
  });

  it("asks again once the answer is older than maxAgeMs", async () => {
    let clock = 0;
    const ping = vi.fn(async () => true);
    const check = sharedHealthCheck(ping, { maxAgeMs: 1_000, now: () => clock });
    await check();
    clock = 999;
    await check();
    expect(ping).toHaveBeenCalledTimes(1);
    clock = 1_000;
    await check();
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it("reports a failing database as unhealthy, then recovers on the next ask", async () => {
    let clock = 0;
    const ping = vi.fn<() => Promise<boolean>>().mockRejectedValueOnce(new Error("down")).mockResolvedValue(true);
    const check = sharedHealthCheck(ping, { now: () => clock });
    expect(await check()).toBe(false);
    expect(await check()).toBe(false);
    clock = 1_000;
    expect(await check()).toBe(true);
  });
});
