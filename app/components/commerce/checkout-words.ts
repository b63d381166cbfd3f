// The words the checkout and payment pages' loaders and actions write, in the page's language (issue 50, ADR 048):
// refusals by their stable code, an offer code's description, the card renewal's schedule, the charging country's
// notice, country names. English returns the modules' own words unchanged (the English pages stay the same bytes);
// Swahili says them from the catalogue (app/locales/<lang>/checkout.po). Pure: the server calls it with the page's
// translator.
import type { Translate } from "~/lib/i18n/i18n";
import type { Locale } from "~/lib/locale";
import { countryNameIn } from "~/modules/pricing/countries";

export { countryNameIn };
import { recurringFrequencyFor } from "~/modules/membership/card-renewal-schedule";
import type { PlanPeriod } from "~/modules/membership/plan-period";
import { periodText } from "~/components/commerce/plan-words";
import { formatDate } from "~/lib/format";
import type { MemberStanding } from "~/modules/membership/member-standing";

/** A checkout refusal (CHECKOUT_ERRORS, MPESA_ERRORS, the gift's) in Swahili by its code; the English as given. */
export function refusalWords(t: Translate, locale: Locale, error: { code: string; message: string }): string {
  if (locale === "en") return error.message;
  switch (error.code) {
    case "ITEM_NOT_FOUND":
      return t("checkout.error.itemNotFound");
    case "ALREADY_OWNED":
      return t("checkout.error.alreadyOwned");
    case "PLAN_ACTIVE":
      return t("checkout.error.planActive");
    case "RENEWAL_QUEUED":
      return t("checkout.error.renewalQueued");
    case "TRIAL_UNAVAILABLE":
      return t("checkout.error.trialUnavailable");
    case "TRIAL_USED":
      return t("checkout.error.trialUsed");
    case "GATEWAY_UNAVAILABLE":
      return t("checkout.error.gatewayUnavailable");
    case "AUTO_RENEW_PLANS_ONLY":
      return t("checkout.error.autoRenewPlansOnly");
    case "AUTO_RENEW_ACTIVE":
      return t("checkout.error.autoRenewActive");
    case "UPGRADE_NO_PLAN":
      return t("checkout.error.upgradeNoPlan");
    case "UPGRADE_NOT_HIGHER":
      return t("checkout.error.upgradeNotHigher");
    case "UPGRADE_COVERED":
      return t("checkout.error.upgradeCovered");
    case "GIFT_DATE_INVALID":
      return t("checkout.error.giftDate");
    case "AUTO_RENEW_FIRST_PERIOD_CODE":
      return t("checkout.error.autoRenewFirstPeriod");
    case "AUTO_RENEW_ZERO":
      return t("checkout.error.autoRenewZero");
    case "ALLOWANCE_SPENT":
      return t("checkout.error.allowanceSpent");
    case "NOT_UNLOCKABLE":
      return t("checkout.error.notUnlockable");
    case "SWITCH_NOT_LOWER":
      return t("checkout.error.switchNotLower");
    case "OFFER_CODE_REFUSED":
      return t("checkout.codeRefused");
    case "OFFER_CODE_LIMITED":
      return t("checkout.codesLimited");
    case "MPESA_PHONE_INVALID":
      return t("mpesa.error.phone");
    case "MPESA_CODE_INVALID":
      return t("mpesa.error.code");
    case "MPESA_PROMPT_FAILED":
      return t("mpesa.error.promptFailed");
    case "MPESA_ORDER_CLOSED":
      return t("mpesa.error.orderClosed");
    case "MPESA_CODE_UNAVAILABLE":
      return t("mpesa.error.codeUnavailable");
    default:
      return t("checkout.error.other");
  }
}

/** An applied code's few words ("20 % off", "KSh 100.00 off the first period", offerText), in Swahili. */
export function offerWordsSw(t: Translate, english: string): string {
  // The English is "<amount> off[ the first period]": the amount is the same in both languages.
  const amount = english.replace(/ off( the first period)?$/, "");
  return english.endsWith(" the first period")
    ? t("checkout.offFirstPeriod", { amount })
    : t("checkout.off", { amount });
}

/** The card renewal's schedule (autoRenewScheduleText) in Swahili. */
export function autoRenewScheduleSw(t: Translate, plan: PlanPeriod): string {
  const frequency = recurringFrequencyFor(plan);
  if (frequency === "DAILY") return t("checkout.renewDaily");
  if (frequency === "WEEKLY") return t("checkout.renewWeekly");
  if (frequency === "MONTHLY") return t("checkout.renewMonthly");
  if (frequency === "YEARLY") return t("checkout.renewYearly");
  const pick = plan.periodUnit === "month" && plan.periodCount === 3 ? t("checkout.renewQuarterly") : "";
  return t("checkout.renewAsked", { period: periodText(t, plan) }) + pick;
}

/** Why a card cannot renew a first-period-only code's price (firstPeriodCodeAutoRenewText), in Swahili. */
export function firstPeriodCodeSw(t: Translate, today: string, before: string): string {
  return t("checkout.firstPeriodOnly", { today, before });
}

/** The charging country's notice (chargingNotice) in Swahili: she pays the prices of where she is. */
export function chargingNoticeSw(t: Translate, shownCode: string, chargingCode: string) {
  return {
    checkout: t("checkout.chargingCountry", { country: countryNameIn(chargingCode, "sw") }),
    reason: t("checkout.chargingReason", { country: countryNameIn(shownCode, "sw") }),
  };
}

/** Why a payment failed (failureReasonOf's English, matched whole) and what to do next, in Swahili. */
export function failureWordsSw(t: Translate, failure: { reason: string; next: string }) {
  switch (failure.reason) {
    case "Your balance was not enough for this payment.":
      return { reason: t("status.fail.balance"), next: t("status.fail.balanceNext") };
    case "The payment was cancelled before it finished.":
      return { reason: t("status.fail.cancelled"), next: t("status.fail.cancelledNext") };
    case "The M-Pesa prompt timed out before the payment was confirmed.":
      return { reason: t("status.fail.timeout"), next: t("status.fail.timeoutNext") };
    case "The PIN entered was not accepted.":
      return { reason: t("status.fail.pin"), next: t("status.fail.pinNext") };
    case "The payment is over a limit on your account.":
      return { reason: t("status.fail.limit"), next: t("status.fail.limitNext") };
    case "Your bank declined the card payment.":
      return { reason: t("status.fail.declined"), next: t("status.fail.declinedNext") };
    default:
      return { reason: t("status.fail.other"), next: t("status.fail.otherNext") };
  }
}

/** A payment method's name (paymentMethodLabel) in Swahili: names stay, "card" is said. */
export function methodWordsSw(t: Translate, method: string | null): string | null {
  if (method === "Card") return t("status.card");
  if (method === "Visa card") return t("status.visaCard");
  if (method === "American Express card") return t("status.amexCard");
  return method;
}

/** M-Pesa's answer to a prompt (promptOutcome) in Swahili, by its result code. */
export function promptOutcomeSw(t: Translate, resultCode: number): { title: string; message: string } {
  switch (resultCode) {
    case 0:
      return { title: t("mpesa.outcome.paid"), message: t("mpesa.outcome.paidMessage") };
    case 1:
      return { title: t("mpesa.outcome.balance"), message: t("mpesa.outcome.balanceMessage") };
    case 1032:
      return { title: t("mpesa.outcome.cancelled"), message: t("mpesa.outcome.cancelledMessage") };
    case 1037:
      return { title: t("mpesa.outcome.noAnswer"), message: t("mpesa.outcome.noAnswerMessage") };
    case 2001:
      return { title: t("mpesa.outcome.pin"), message: t("mpesa.outcome.pinMessage") };
    case 1001:
      return { title: t("mpesa.outcome.busy"), message: t("mpesa.outcome.busyMessage") };
    default:
      return { title: t("mpesa.outcome.other"), message: t("mpesa.outcome.otherMessage") };
  }
}

/**
 * A member's standing in one line (MemberStanding's words.summary: "Basic plan · Active · renewal off · paid up to
 * 26 March 2027"), in Swahili from the same facts.
 */
export function standingSummarySw(t: Translate, standing: MemberStanding): string {
  const { current, state, accessUntil, renewal } = standing;
  const plan = /\bplan\b/i.test(current.planName) ? current.planName : t("plan.title", { name: current.planName });
  const parts = [current.isTrial ? t("checkout.standing.trial", { plan }) : plan];
  if (state === "ended") {
    parts.push(
      accessUntil === null
        ? t("checkout.standing.noEnd")
        : t("checkout.standing.ended", { date: formatDate(accessUntil.toISOString(), "sw") }),
    );
    return parts.join(" · ");
  }
  if (accessUntil === null) return [...parts, t("checkout.standing.active"), t("checkout.standing.noEnd")].join(" · ");
  parts.push(renewal.on ? t("checkout.standing.renewalOn") : t("checkout.standing.renewalOff"));
  parts.push(t("checkout.standing.paidUpTo", { date: formatDate(accessUntil.toISOString(), "sw") }));
  return parts.join(" · ");
}

/** The gift's details' messages (gift-checks.ts, gift-form.ts: the same English) in Swahili; another as given. */
export function giftCheckSw(t: Translate, english: string): string {
  switch (english) {
    case "Enter the recipient's e-mail address.":
      return t("gift.check.email");
    case "Enter a valid e-mail address.":
      return t("gift.check.emailInvalid");
    case "Enter a Kenyan (07… or +254…) or international (+…) phone number.":
      return t("gift.check.phone");
    case "Keep the note to 500 characters.":
      return t("gift.check.note");
    case "Pick a delivery date, or leave it empty to send the gift now.":
      return t("gift.check.date");
    case "Pick a real date.":
      return t("gift.check.realDate");
    default:
      return english;
  }
}
