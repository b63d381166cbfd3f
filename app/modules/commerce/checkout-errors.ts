// Checkout refusals with stable codes; the reader sees `message` (never Pesapal's own text).
export type CheckoutErrorCode =
  | "ITEM_NOT_FOUND"
  | "ALREADY_OWNED"
  | "PLAN_ACTIVE"
  | "TRIAL_UNAVAILABLE"
  | "TRIAL_USED"
  | "ALLOWANCE_SPENT"
  | "NOT_UNLOCKABLE"
  | "GATEWAY_UNAVAILABLE";

const MESSAGES: Record<CheckoutErrorCode, string> = {
  ITEM_NOT_FOUND: "This item is not for sale.",
  ALREADY_OWNED: "You already own this ebook. Open it from its page.",
  PLAN_ACTIVE: "You already have an active plan. You can renew it when it ends.",
  TRIAL_UNAVAILABLE: "This plan has no free trial.",
  TRIAL_USED: "You have already used your free trial. Choose a plan to continue.",
  ALLOWANCE_SPENT: "You have used all the ebooks your plan includes. Buy this ebook or upgrade your plan.",
  NOT_UNLOCKABLE: "This ebook cannot be unlocked with your plan.",
  GATEWAY_UNAVAILABLE: "We could not reach the payment service. Please try again in a moment.",
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
