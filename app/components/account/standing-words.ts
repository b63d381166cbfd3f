// Her plan's standing in Swahili (issue 50, ADR 048): the status, the paid-ahead line and the renewal sentence of
// My Library, said from the standing's facts. English keeps the membership module's own words (member-standing.ts
// StandingWords, shared with /pricing, reminders and the admin), so only a Swahili page calls this.
import type { Translate } from "~/lib/i18n/i18n";
import { formatDate } from "~/lib/format";
import type { MemberStanding, PeriodFacts } from "~/modules/membership/member-standing";
import { reminderDaysFor } from "~/modules/membership/plan-period";
import { periodText } from "~/components/commerce/plan-words";

const date = (d: Date | string) => formatDate(new Date(d).toISOString(), "sw");

/** A period's plan as an item: "Mpango wa Standard", "Pasi ya siku 7". */
export function planItemWords(t: Translate, p: Pick<PeriodFacts, "planName" | "periodUnit" | "periodCount">): string {
  if (/^\d+-(day|week|month) pass$/i.test(p.planName) && p.periodUnit && p.periodCount)
    return t("plan.pass", { period: periodText(t, { periodUnit: p.periodUnit, periodCount: p.periodCount }) });
  return /\b(plan|pass)\b/i.test(p.planName) ? p.planName : t("plan.title", { name: p.planName });
}

function reminderWhen(t: Translate, p: PeriodFacts): string | null {
  const days =
    p.periodUnit && p.periodCount ? reminderDaysFor({ periodUnit: p.periodUnit, periodCount: p.periodCount }) : [7, 1];
  if (days.length === 2) return t("library.standing.when7and1");
  return days.length === 1 ? t("library.standing.whenDayBefore") : null;
}

function renewalSentence(t: Translate, standing: MemberStanding): string | null {
  if (standing.state === "ended") return null;
  if (standing.accessUntil === null) return t("library.standing.noEnd");
  const until = date(standing.accessUntil);
  const { on, method } = standing.renewal;
  const last = standing.paidAhead.at(-1) ?? standing.current;
  const when = reminderWhen(t, last);
  const remind = when
    ? t("library.standing.remind", { when, date: until })
    : t("library.standing.remindNone", { date: until });
  if (on && last.isTrial) return t("library.standing.trial", { date: until });
  if (!on) return t("library.standing.off", { date: until }) + (method === "card" ? t("library.standing.offCard") : "");
  if (method === "card")
    return when ? t("library.standing.cardWhen", { date: until, when }) : t("library.standing.card", { date: until });
  if (method === "card-pending") return t("library.standing.cardPending", { remind });
  if (method === "mpesa") return t("library.standing.mpesa", { remind });
  return t("library.standing.byHand", { remind });
}

/** The words My Library shows of her standing, in Swahili. */
export function standingWordsSw(t: Translate, standing: MemberStanding) {
  const ended = standing.state === "ended";
  const status = ended
    ? t("library.standing.ended")
    : standing.accessUntil === null
      ? t("library.standing.active")
      : standing.renewal.on
        ? t("library.standing.activeOn")
        : t("library.standing.activeOff");
  const ahead = standing.paidAhead.map((p) =>
    t("library.standing.paidAhead", {
      plan: planItemWords(t, p),
      from: date(p.startDate),
      to: p.endDate ? date(p.endDate) : t("library.noEndDate"),
    }),
  );
  return { status, paidAhead: ahead.length ? ahead.join("; ") : null, renewal: renewalSentence(t, standing) };
}
