import { describe, expect, it } from "vitest";
import { backoffAfterFailures, fixedWindowDecision, isWindowExpired, msUntil } from "~/modules/security/rate-limit";

const start = new Date("2026-11-21T09:00:00Z");
const windowMs = 60_000;
const at = (ms: number) => new Date(start.getTime() + ms);

describe("fixedWindowDecision", () => {
  it("opens a window on the first event", () => {
    const d = fixedWindowDecision({ now: start, windowStart: null, count: 0, limit: 5, windowMs });
    expect(d).toEqual({ allowed: true, resetAt: at(windowMs), nextCount: 1, nextWindowStart: start });
  });

  it("counts within the window and keeps its start", () => {
    const d = fixedWindowDecision({ now: at(10_000), windowStart: start, count: 2, limit: 5, windowMs });
    expect(d).toEqual({ allowed: true, resetAt: at(windowMs), nextCount: 3, nextWindowStart: start });
  });

  it("allows the event that reaches the limit and refuses the next one", () => {
    expect(fixedWindowDecision({ now: at(1), windowStart: start, count: 4, limit: 5, windowMs })).toMatchObject({
      allowed: true,
      nextCount: 5,
    });
    expect(fixedWindowDecision({ now: at(1), windowStart: start, count: 5, limit: 5, windowMs })).toMatchObject({
      allowed: false,
      nextCount: 6,
      resetAt: at(windowMs),
    });
  });

  it("still refuses one millisecond before the window ends", () => {
    const d = fixedWindowDecision({ now: at(windowMs - 1), windowStart: start, count: 9, limit: 5, windowMs });
    expect(d).toMatchObject({ allowed: false, nextCount: 10, nextWindowStart: start, resetAt: at(windowMs) });
    expect(msUntil(d.resetAt, at(windowMs - 1))).toBe(1);
  });

  it("begins a new window exactly at windowStart + windowMs", () => {
    expect(isWindowExpired(start, windowMs, at(windowMs - 1))).toBe(false);
    expect(isWindowExpired(start, windowMs, at(windowMs))).toBe(true);
    const d = fixedWindowDecision({ now: at(windowMs), windowStart: start, count: 9, limit: 5, windowMs });
    expect(d).toEqual({ allowed: true, resetAt: at(2 * windowMs), nextCount: 1, nextWindowStart: at(windowMs) });
  });

  it("begins a new window long after the old one", () => {
    const d = fixedWindowDecision({ now: at(10 * windowMs + 5), windowStart: start, count: 3, limit: 5, windowMs });
    expect(d).toMatchObject({ allowed: true, nextCount: 1, nextWindowStart: at(10 * windowMs + 5) });
  });

  it("refuses everything with a limit of zero", () => {
    expect(fixedWindowDecision({ now: start, windowStart: null, count: 0, limit: 0, windowMs }).allowed).toBe(false);
  });

  it("rejects a non-positive window or a bad limit", () => {
    expect(() => fixedWindowDecision({ now: start, windowStart: null, count: 0, limit: 5, windowMs: 0 })).toThrow(
      RangeError,
    );
    expect(() => fixedWindowDecision({ now: start, windowStart: null, count: 0, limit: -1, windowMs })).toThrow(
      RangeError,
    );
    expect(() => fixedWindowDecision({ now: start, windowStart: null, count: 0, limit: 1.5, windowMs })).toThrow(
      RangeError,
    );
  });
});

describe("msUntil", () => {
  it("is never negative", () => {
    expect(msUntil(start, at(5))).toBe(0);
    expect(msUntil(at(5), start)).toBe(5);
  });
});

describe("backoffAfterFailures", () => {
  it("costs nothing for the free attempts", () => {
    for (const failures of [0, 1, 2, 3, 4]) expect(backoffAfterFailures(failures)).toBe(0);
  });

  it("starts at baseMs on reaching the free attempts and doubles after", () => {
    expect(backoffAfterFailures(5)).toBe(30_000);
    expect(backoffAfterFailures(6)).toBe(60_000);
    expect(backoffAfterFailures(7)).toBe(120_000);
    expect(backoffAfterFailures(8)).toBe(240_000);
  });

  it("grows with every failure until the cap, then stays there", () => {
    const waits = Array.from({ length: 20 }, (_, i) => backoffAfterFailures(5 + i));
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(backoffAfterFailures(11)).toBe(30_000 * 64); // 32 min, below the cap
    expect(backoffAfterFailures(12)).toBe(60 * 60_000); // 64 min, capped at one hour
    expect(backoffAfterFailures(1_000)).toBe(60 * 60_000);
    expect(backoffAfterFailures(Number.MAX_SAFE_INTEGER)).toBe(60 * 60_000);
  });

  it("follows its options", () => {
    const options = { freeAttempts: 2, baseMs: 1_000, maxMs: 5_000 };
    expect([1, 2, 3, 4, 5, 6].map((f) => backoffAfterFailures(f, options))).toEqual([
      0, 1_000, 2_000, 4_000, 5_000, 5_000,
    ]);
    expect(backoffAfterFailures(0, { freeAttempts: 0, baseMs: 10 })).toBe(10);
  });

  it("treats nonsense as no failures", () => {
    expect(backoffAfterFailures(Number.NaN)).toBe(0);
    expect(backoffAfterFailures(-3)).toBe(0);
  });
});
