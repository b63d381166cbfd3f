// Checkout refusals with stable codes (issue 31): the reader sees `message` (never Pesapal's own text). Thrown as
// `new AppError(CHECKOUT_ERRORS.ALREADY_OWNED)`; a route answers one with `refusal(error)`.
import { AppError, defineErrors, isAppError } from "~/lib/app-error";
import { OFFER_CODE_REFUSED_MESSAGE } from "./offer-code-rules";

// Titles: what a toast says above the message (My Library's plan changes show them; the checkout pages keep their
// own heading, "We could not start this payment").
const NOT_BOUGHT = "Could not start this payment";
const NOT_CHANGED = "Could not change plan";

export const CHECKOUT_ERRORS = defineErrors({
  ITEM_NOT_FOUND: { status: 404, title: "Not For Sale", message: "This item is not for sale." },
  ALREADY_OWNED: { status: 409, title: NOT_BOUGHT, message: "You already own this ebook. Open it from its page." },
  PLAN_ACTIVE: { status: 409, title: NOT_BOUGHT, message: "Your plan has no end date, so there is nothing to renew." },
  RENEWAL_QUEUED: {
    status: 409,
    title: NOT_CHANGED,
    message: "You have already renewed your plan. You can renew again once your next period has started.",
  },
  TRIAL_UNAVAILABLE: { status: 409, title: "Free trial", message: "This plan has no free trial." },
  TRIAL_USED: {
    status: 409,
    title: "Free trial",
    message: "You have already used your free trial. Choose a plan to continue.",
  },
  ALLOWANCE_SPENT: {
    status: 409,
    title: "Ebook Not Unlocked",
    message: "You have used all the ebooks your plan includes. Buy this ebook or upgrade your plan.",
  },
  NOT_UNLOCKABLE: {
    status: 409,
    title: "Ebook Not Unlocked",
    message: "This ebook cannot be unlocked with your plan.",
  },
  GATEWAY_UNAVAILABLE: {
    status: 503,
    title: NOT_BOUGHT,
    message: "We could not reach the payment service. Please try again in a moment.",
  },
  AUTO_RENEW_PLANS_ONLY: { status: 409, title: NOT_BOUGHT, message: "Automatic renewal by card is for plans only." },
  AUTO_RENEW_ACTIVE: {
    status: 409,
    title: NOT_BOUGHT,
    message:
      "Your plan already renews automatically by card. Pay without automatic renewal, or cancel it in My Library first.",
  },
  UPGRADE_NO_PLAN: {
    status: 409,
    title: NOT_CHANGED,
    message: "You have no running paid plan to change. Choose a plan on the pricing page.",
  },
  UPGRADE_NOT_HIGHER: {
    status: 409,
    title: NOT_CHANGED,
    message: "You can only upgrade to a higher plan. To move to a lower one, switch at the end of your period.",
  },
  UPGRADE_COVERED: {
    status: 409,
    title: NOT_CHANGED,
    message:
      "What is left of your current plan already covers this plan's price. Buy it as a renewal instead: it starts when your current period ends.",
  },
  SWITCH_NOT_LOWER: {
    status: 409,
    title: NOT_CHANGED,
    message: "You can only switch to a lower plan at the end of your period. To move up, upgrade now.",
  },
  GIFT_DATE_INVALID: {
    status: 409,
    title: NOT_BOUGHT,
    message: "Pick a delivery date from today to a year ahead, or leave it empty to send the gift now.",
  },
  AUTO_RENEW_FIRST_PERIOD_CODE: {
    status: 409,
    title: NOT_BOUGHT,
    message: "This code lowers the first period only, so automatic renewal by card is not offered with it.",
  },
  AUTO_RENEW_ZERO: {
    status: 409,
    title: NOT_BOUGHT,
    message: "With this offer code there is nothing to pay, so there is no card to renew from.",
  },
  OFFER_CODE_REFUSED: {
    status: 409,
    title: NOT_BOUGHT,
    // The one message for every code that does not apply to her (issue 46 item 4), as the price pages say it.
    message: OFFER_CODE_REFUSED_MESSAGE,
  },
  /** Too many refused codes from this reader or address (offer-code-attempts.server.ts); the detail says how long. */
  OFFER_CODE_LIMITED: {
    status: 429,
    title: NOT_BOUGHT,
    message: "Too many offer codes tried. Please wait a few minutes and try again.",
  },
});

export type CheckoutErrorCode = keyof typeof CHECKOUT_ERRORS;

/** A checkout refusal (any of CHECKOUT_ERRORS), as opposed to a fault. */
export function isCheckoutError(error: unknown): error is AppError & { code: CheckoutErrorCode } {
  return isAppError(error) && Object.hasOwn(CHECKOUT_ERRORS, error.code);
}
