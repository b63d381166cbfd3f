import { describe, expect, it } from "vitest";
import {
  firstRecheckAt,
  nextRecheck,
  RECHECK_GAPS_MS,
  REVERSAL_WINDOW_MS,
  scheduleOf,
  WEEKLY_MS,
} from "~/modules/orders/order-recheck-schedule";
import type { OrderStatus } from "~/modules/orders/order-transitions";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const now = new Date("2026-11-26T12:00:00Z");
const later = (ms: number) => new Date(now.getTime() + ms);

describe("when an order is asked about again (ADR 027)", () => {
  it("re-checks only statuses whose outcome can still change", () => {
    const rechecked: Record<OrderStatus, string | null> = {
      pending: "pending",
      completed: "completed",
      partially_refunded: "completed",
      failed: "failed",
      abandoned: "abandoned",
      review: null,
      reversed: null,
      cancelled: null,
      refunded: null,
    };
    for (const [status, schedule] of Object.entries(rechecked)) {
      expect(scheduleOf(status as OrderStatus)).toBe(schedule);
      expect(firstRecheckAt(status as OrderStatus, now)).toEqual(
        schedule ? later(RECHECK_GAPS_MS[schedule as keyof typeof RECHECK_GAPS_MS][0]) : null,
      );
    }
  });

  it("a completed payment: 1, 2, 4, 7 days, then weekly until the 120-day window ends", () => {
    const end = later(REVERSAL_WINDOW_MS);
    expect(firstRecheckAt("completed", now)).toEqual(later(DAY));
    expect([1, 2, 3, 4, 9].map((checks) => nextRecheck("completed", checks, now, end))).toEqual(
      [2 * DAY, 4 * DAY, WEEKLY_MS, WEEKLY_MS, WEEKLY_MS].map((ms) => later(ms)),
    );
    expect(nextRecheck("completed", 20, end, end)).toBe("last");
  });

  it("pending and failed orders are abandoned after their last gap", () => {
    expect(nextRecheck("pending", 4, now)).toEqual(later(24 * 60 * MINUTE));
    expect(nextRecheck("pending", 5, now)).toBe("last");
    expect(firstRecheckAt("failed", now)).toEqual(later(5 * MINUTE));
    expect([1, 2, 3].map((checks) => nextRecheck("failed", checks, now))).toEqual(
      [30 * MINUTE, 120 * MINUTE, DAY].map((ms) => later(ms)),
    );
    expect(nextRecheck("failed", 4, now)).toBe("last");
  });

  it("an abandoned order not cancelled at Pesapal: 1 day, 3 days, then weekly", () => {
    const end = later(100 * DAY);
    expect(firstRecheckAt("abandoned", now)).toEqual(later(DAY));
    expect([1, 2, 7].map((checks) => nextRecheck("abandoned", checks, now, end))).toEqual(
      [3 * DAY, WEEKLY_MS, WEEKLY_MS].map((ms) => later(ms)),
    );
  });
});
