// A plan's words in the page's language (issue 50, ADR 048): its period, its price's "per", its ebook allowance, its
// name as an item, its badge and its features. English keeps the words the pricing module writes (periodLabel,
// planTitle, ebookAllowanceText: "7 days", "Basic plan"); Swahili says them from the plan's facts, as an admin writes
// a plan's name, badge and features in English (the Swahili page gives the features from the same facts).
import { useLocale, useT } from "~/lib/i18n/use-t";
import type { Translate } from "~/lib/i18n/i18n";
import { planTitle, type PlanPeriod } from "~/modules/membership/plan-period";

/** "7 days", "1 week", "2 months"; "siku 7", "wiki 1", "miezi 2". */
export function periodText(t: Translate, plan: PlanPeriod): string {
  const count = plan.periodCount;
  if (plan.periodUnit === "day") return t("plan.days", { count });
  return plan.periodUnit === "week" ? t("plan.weeks", { count }) : t("plan.months", { count });
}

/** After a price: "/ month", "/ 7 days"; "kwa mwezi", "kwa siku 7". */
export function perPeriodWords(t: Translate, plan: PlanPeriod): string {
  if (plan.periodCount !== 1) return t("plan.perPeriod", { period: periodText(t, plan) });
  if (plan.periodUnit === "day") return t("plan.perDay");
  return plan.periodUnit === "week" ? t("plan.perWeek") : t("plan.perMonth");
}

/** "2 ebooks of your choice", "Unlimited ebooks"; "Vitabu pepe 2 vya chaguo lako" (a bullet of its own, capitalised). */
export function allowanceWords(t: Translate, limit: number | null): string {
  return limit === null ? t("plan.unlimitedEbooks") : t("plan.ebooksOfChoice", { count: limit });
}

// The pass the shop ships ("7-day pass") has a name made of its period: in Swahili that name is said again.
const PASS_NAME = /^\d+-(day|week|month) pass$/i;

/** The plan's name as its card heads it: as the admin wrote it, but a pass named by its period in Swahili. */
export function planNameWords(t: Translate, swahili: boolean, name: string, plan: PlanPeriod): string {
  return swahili && PASS_NAME.test(name) ? t("plan.pass", { period: periodText(t, plan) }) : name;
}

/** The plan as an item ("Basic plan", "7-day pass"; "Mpango wa Basic", "Pasi ya siku 7"). */
export function PlanTitle({ name, plan }: { name: string; plan: PlanPeriod }) {
  const t = useT();
  const swahili = useLocale() === "sw";
  if (!swahili) return planTitle(name);
  if (PASS_NAME.test(name)) return planNameWords(t, true, name, plan);
  return /\bplan\b/i.test(name) ? name : t("plan.title", { name });
}

/** The period in words. */
export function PlanPeriodText({ plan }: { plan: PlanPeriod }) {
  const t = useT();
  return periodText(t, plan);
}

/** A badge the shop ships, in Swahili; one an admin wrote is shown as written. */
export function badgeWords(t: Translate, swahili: boolean, badge: string): string {
  if (!swahili) return badge;
  if (badge === "Most Popular") return t("plan.badge.popular");
  return badge === "Recommended" ? t("plan.badge.recommended") : badge;
}

/** A Swahili plan card's features, from the plan's facts (the same three the shop's plans list in English). */
export function featureWords(t: Translate, plan: PlanPeriod & { ebookLimit: number | null }): string[] {
  return [
    t("plan.feature.articles"),
    allowanceWords(t, plan.ebookLimit),
    t("plan.feature.access", { period: periodText(t, plan) }),
  ];
}
