// Checkout refusals with stable codes; the reader sees `message` (never Pesapal's own text).
export type CheckoutErrorCode =
  | "ITEM_NOT_FOUND"
  | "ALREADY_OWNED"
  | "PLAN_ACTIVE"
  | "RENEWAL_QUEUED"
  | "TRIAL_UNAVAILABLE"
  | "TRIAL_USED"
  | "ALLOWANCE_SPENT"
  | "NOT_UNLOCKABLE"
  | "GATEWAY_UNAVAILABLE"
  | "AUTO_RENEW_PLANS_ONLY"
  | "AUTO_RENEW_ACTIVE";

const MESSAGES: Record<CheckoutErrorCode, string> = {
  ITEM_NOT_FOUND: "This item is not for sale.",
  ALREADY_OWNED: "You already own this ebook. Open it from its page.",
  PLAN_ACTIVE: "Your plan has no end date, so there is nothing to renew.",
  RENEWAL_QUEUED: "You have already renewed your plan. You can renew again once your next period has started.",
  TRIAL_UNAVAILABLE: "This plan has no free trial.",
  TRIAL_USED: "You have already used your free trial. Choose a plan to continue.",
  ALLOWANCE_SPENT: "You have used all the ebooks your plan includes. Buy this ebook or upgrade your plan.",
  NOT_UNLOCKABLE: "This ebook cannot be unlocked with your plan.",
  GATEWAY_UNAVAILABLE: "We could not reach the payment service. Please try again in a moment.",
  AUTO_RENEW_PLANS_ONLY: "Automatic renewal by card is for plans only.",
  AUTO_RENEW_ACTIVE:
    "Your plan already renews automatically by card. Pay without automatic renewal, or cancel it in My Library first.",
};

export class CheckoutError extends Error {
  constructor(
    readonly code: CheckoutErrorCode,
    message = MESSAGES[code],
  ) {
    super(message);
    this.name = "CheckoutError";
  }
}
