// What a member holds, in one place (issue 29 item 6): the period running now, the periods she paid ahead, the date
// her access really runs to, whether renewal is on and by what, and the words every screen and e-mail uses for them
// (My Library, /pricing, receipts, reminders, the admin). Pure: the rows come from member-standing.server.ts, so the
// unit tests cover every case as a table. Access itself is the policy's; this only describes it.
import { formatDate } from "~/lib/format";
import { planTitle, reminderDaysFor, type PeriodUnit } from "./plan-period";
import { notEndedAt, runsAt } from "./membership-state";

const DAY_MS = 24 * 60 * 60 * 1000;

export type PeriodStatus = "active" | "cancelled" | "scheduled" | "expired" | "revoked" | "pending";

/** One user_subscriptions row with its plan, as the standing reads it. */
export interface PeriodFacts {
  id: string;
  planId: string;
  planSlug: string;
  planName: string;
  startDate: Date;
  endDate: Date | null;
  status: PeriodStatus;
  autoRenew: boolean;
  isTrial: boolean;
  /** The plan's period (ADR 036); a row read without it counts as months (reminders 7 days and 1 day before). */
  periodUnit?: PeriodUnit;
  periodCount?: number;
}

/** Her card auto-renew agreement as My Library talks about it (ADR 019); null when she never opted in. */
export interface CardFacts {
  status: "pending" | "active" | "cancelled" | "ended";
  /** "not-card": the first payment was not by card (M-Pesa), so the agreement never started. */
  endedBecause: "not-card" | "other" | null;
}

/**
 * How the plan renews. card: her card is charged on the date access runs to; card-pending: she chose the card but
 * Pesapal has not confirmed its schedule yet; mpesa: she chose the card but paid by M-Pesa, which cannot be charged
 * without her; by-hand: she renews herself after a reminder.
 */
export type RenewalMethod = "card" | "card-pending" | "mpesa" | "by-hand";

export interface MemberStanding {
  /** active: a period gives access now; ended: the last one is over. */
  state: "active" | "ended";
  /** The period giving access now, or the one that ended last. */
  current: PeriodFacts;
  /** Periods paid for that start after the current one, in order. */
  paidAhead: PeriodFacts[];
  /** When the current period ends (null: no end date). */
  currentEnd: Date | null;
  /** When her access really ends: the end of the last paid-ahead period (null: no end date). */
  accessUntil: Date | null;
  /** Whole days until `accessUntil`, counted up (0 once ended); null without an end date. */
  daysLeft: number | null;
  renewal: { on: boolean; method: RenewalMethod };
  /** Her card agreement as read (null: she never opted in). */
  card: CardFacts | null;
  words: StandingWords;
}

/** The sentences, so that every screen says the same thing in the same words. */
export interface StandingWords {
  /** "Active · renewal on", "Active · renewal off", "Ended". */
  status: string;
  /** "Paid up to 26 March 2027", "No end date", "Ended 26 January 2027". */
  accessUntil: string;
  /** "Standard plan paid ahead: 26 January 2027 to 26 March 2027", or null. */
  paidAhead: string | null;
  /** How (and whether) it renews, in one sentence; null once ended. */
  renewal: string | null;
  /** One line for lists (the admin, /pricing): "Basic plan · Active · renewal off · paid up to 26 March 2027". */
  summary: string;
}

const date = (d: Date) => formatDate(d.toISOString());

/** Renewal of one period: on unless she turned it off (status cancelled, or her switch stored on a queued row). */
const renews = (p: Pick<PeriodFacts, "autoRenew" | "status">) => p.autoRenew && p.status !== "cancelled";

/** Renewal on or off, and the status word, for one period as the admin lists it ("Active · renewal off"). */
export function periodStatusWords(
  p: Pick<PeriodFacts, "status" | "startDate" | "endDate" | "autoRenew">,
  now: Date,
): string {
  if (p.status === "revoked") return "Revoked";
  if (p.status === "pending") return "Pending";
  if (p.status === "expired" || !notEndedAt(p.endDate, now)) return "Ended";
  const renewal = p.endDate === null ? "no end date" : renews(p) ? "renewal on" : "renewal off";
  if (p.status === "scheduled" && p.startDate > now) return `Paid ahead · starts ${date(p.startDate)} · ${renewal}`;
  return `Active · ${renewal}`;
}

function methodOf(on: boolean, card: CardFacts | null): RenewalMethod {
  if (!card) return "by-hand";
  if (card.status === "active") return "card";
  // CASE: she turned renewal off -> her agreement is cancelled, but turning it back on brings the card back.
  if (card.status === "cancelled") return on ? "by-hand" : "card";
  if (card.status === "pending") return "card-pending";
  return card.endedBecause === "not-card" ? "mpesa" : "by-hand";
}

/** When reminders go out before the end of this period, in words; null when a pass is too short for any. */
function reminderWhen(p: PeriodFacts): string | null {
  const days =
    p.periodUnit && p.periodCount ? reminderDaysFor({ periodUnit: p.periodUnit, periodCount: p.periodCount }) : [7, 1];
  if (days.length === 2) return "7 days and 1 day before";
  return days.length === 1 ? "the day before" : null;
}

function renewalSentence(standing: Omit<MemberStanding, "words">): string | null {
  if (standing.state === "ended") return null;
  if (standing.accessUntil === null) return "Your plan has no end date, so there is nothing to renew.";
  const until = date(standing.accessUntil);
  const { on, method } = standing.renewal;
  const last = standing.paidAhead.at(-1) ?? standing.current;
  // A pass shorter than a month gets only the last day's reminder, a pass of a day or two none (ADR 036).
  const when = reminderWhen(last);
  const remind = when ? `we e-mail you ${when} ${until}` : `renew by ${until} (a pass this short gets no reminder)`;
  if (on && last.isTrial) {
    return `Free trial: we e-mail you the day before it ends on ${until}. Choose a plan to keep reading after that.`;
  }
  if (!on) {
    const card =
      method === "card"
        ? " Pesapal's e-mail about your card has a link to stop the card schedule too; any charge that still arrives is refunded automatically."
        : "";
    return `Renewal off: nothing renews and we send no reminders. You keep full access until ${until}, and can resume renewal until then.${card}`;
  }
  if (method === "card") {
    return when
      ? `Renews automatically by card on ${until}. We e-mail you ${when} your card is charged.`
      : `Renews automatically by card on ${until}.`;
  }
  if (method === "card-pending") {
    return `Renews by card once Pesapal confirms your card's schedule. Until then ${remind}, so you can renew by hand if it is not confirmed.`;
  }
  if (method === "mpesa") {
    return `Renewal by hand: you paid by M-Pesa, which cannot be charged without you (automatic renewal is for Visa or MasterCard only). ${remind.charAt(0).toUpperCase()}${remind.slice(1)}.`;
  }
  return `Renewal by hand: ${remind}. A renewal paid early starts when your paid time ends, so you lose no paid day.`;
}

/**
 * Her standing at `now` from all her periods and her card agreement; null when she never had a plan. Revoked and
 * unpaid periods never count as held.
 */
export function standingOf(input: {
  periods: PeriodFacts[];
  card: CardFacts | null;
  now: Date;
}): MemberStanding | null {
  const { now } = input;
  const periods = input.periods.filter((p) => p.status !== "pending");
  const byStart = [...periods].sort((a, b) => a.startDate.getTime() - b.startDate.getTime());
  const running = byStart.filter((p) => runsAt(p, now)).at(-1);
  let current: PeriodFacts | undefined = running;
  if (!current) {
    // The one that ended last (expired, revoked, or past its end before the expiry job ran).
    current = [...periods]
      .filter((p) => p.endDate !== null && (p.status !== "scheduled" || p.startDate <= now))
      .sort((a, b) => b.endDate!.getTime() - a.endDate!.getTime())[0];
  }
  if (!current) return null;
  const paidAhead = running
    ? byStart.filter((p) => p.status === "scheduled" && p.startDate > now && p.id !== running.id)
    : [];
  const last = paidAhead.at(-1) ?? current;
  const state = running ? "active" : "ended";
  const accessUntil = running ? (current.endDate === null ? null : last.endDate) : current.endDate;
  const on = state === "active" && renews(last);
  const base = {
    state,
    current,
    paidAhead,
    currentEnd: current.endDate,
    accessUntil,
    daysLeft: accessUntil ? Math.max(0, Math.ceil((accessUntil.getTime() - now.getTime()) / DAY_MS)) : null,
    renewal: { on, method: methodOf(on, input.card) },
    card: input.card,
  } satisfies Omit<MemberStanding, "words">;
  const status =
    state === "ended" ? "Ended" : accessUntil === null ? "Active" : `Active · renewal ${on ? "on" : "off"}`;
  const until =
    accessUntil === null
      ? "No end date"
      : state === "ended"
        ? `Ended ${date(accessUntil)}`
        : `Paid up to ${date(accessUntil)}`;
  const ahead = paidAhead.map(
    (p) =>
      `${planTitle(p.planName)} paid ahead: ${date(p.startDate)} to ${p.endDate ? date(p.endDate) : "no end date"}`,
  );
  return {
    ...base,
    words: {
      status,
      accessUntil: until,
      paidAhead: ahead.length ? ahead.join("; ") : null,
      renewal: renewalSentence(base),
      summary: [
        `${planTitle(current.planName)}${current.isTrial ? " (free trial)" : ""}`,
        ...(state === "ended" ? [] : [status]),
        state === "ended" ? until : until.charAt(0).toLowerCase() + until.slice(1),
      ].join(" · "),
    },
  };
}
