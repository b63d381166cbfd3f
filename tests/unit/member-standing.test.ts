// The one description of what a member holds (member-standing.ts), as a table: the words My Library, /pricing, the
// reminders and the admin share, for an early renewal, renewal off, each way of renewing, a trial and an ended plan.
import { describe, expect, it } from "vitest";
import { periodStatusWords, standingOf, type CardFacts, type PeriodFacts } from "~/modules/membership/member-standing";

const DAY = 86_400_000;
const now = new Date("2027-01-16T09:00:00Z");
const at = (days: number) => new Date(now.getTime() + days * DAY);

function period(over: Partial<PeriodFacts>): PeriodFacts {
  return {
    id: crypto.randomUUID(),
    planId: "p",
    planSlug: "basic",
    planName: "Basic",
    startDate: at(-20),
    endDate: at(10),
    status: "active",
    autoRenew: true,
    isTrial: false,
    ...over,
  };
}

const paidAhead = () => [
  period({}),
  period({ planSlug: "standard", planName: "Standard", status: "scheduled", startDate: at(10), endDate: at(69) }),
];

describe("member standing", () => {
  it("an early renewal runs to the paid-ahead period's end, in every word", () => {
    const standing = standingOf({ periods: paidAhead(), card: null, now })!;
    expect(standing.accessUntil).toEqual(at(69));
    expect(standing.daysLeft).toBe(69);
    expect(standing.words).toEqual({
      status: "Active · renewal on",
      accessUntil: "Paid up to 26 March 2027",
      paidAhead: "Standard plan paid ahead: 26 January 2027 to 26 March 2027",
      renewal:
        "Renewal by hand: we e-mail you 7 days and 1 day before 26 March 2027. A renewal paid early starts when your paid time ends, so you lose no paid day.",
      summary: "Basic plan · Active · renewal on · paid up to 26 March 2027",
    });
  });

  it("renewal off is still Active until the paid time runs out", () => {
    const periods = paidAhead().map(
      (p) => ({ ...p, autoRenew: false, status: p.status === "active" ? "cancelled" : p.status }) as PeriodFacts,
    );
    const standing = standingOf({ periods, card: null, now })!;
    expect(standing.words.status).toBe("Active · renewal off");
    expect(standing.words.summary).toBe("Basic plan · Active · renewal off · paid up to 26 March 2027");
    expect(periods.map((p) => periodStatusWords(p, now))).toEqual([
      "Active · renewal off",
      "Paid ahead · starts 26 January 2027 · renewal off",
    ]);
    expect(periodStatusWords(periods[0]!, at(11))).toBe("Ended");
  });

  const card = (status: CardFacts["status"], endedBecause: CardFacts["endedBecause"] = null): CardFacts => ({
    status,
    endedBecause,
  });
  it.each([
    [card("active"), "card", /^Renews automatically by card on 26 January 2027\./],
    [card("pending"), "card-pending", /^Renews by card once Pesapal confirms/],
    [card("ended", "not-card"), "mpesa", /you paid by M-Pesa, which cannot be charged without you/],
    [null, "by-hand", /^Renewal by hand/],
  ] as const)("renews by what she chose: %o -> %s", (agreement, method, words) => {
    const standing = standingOf({ periods: [period({})], card: agreement, now })!;
    expect(standing.renewal).toEqual({ on: true, method });
    expect(standing.words.renewal).toMatch(words);
    // Only the reader who paid by M-Pesa hears about M-Pesa.
    if (method !== "mpesa") expect(standing.words.renewal).not.toContain("M-Pesa");
  });

  it("a trial, an ended plan and no plan", () => {
    const trial = standingOf({ periods: [period({ isTrial: true, endDate: at(3) })], card: null, now })!;
    expect(trial.words.summary).toBe("Basic plan (free trial) · Active · renewal on · paid up to 19 January 2027");
    expect(trial.words.renewal).toMatch(/^Free trial: we e-mail you the day before it ends on 19 January 2027/);
    const ended = standingOf({ periods: [period({ status: "expired", endDate: at(-1) })], card: null, now })!;
    expect(ended.state).toBe("ended");
    expect(ended.words).toMatchObject({
      status: "Ended",
      renewal: null,
      summary: "Basic plan · Ended 15 January 2027",
    });
    expect(standingOf({ periods: [], card: null, now })).toBeNull();
  });
});
