import { AppError, defineErrors, type ErrorDef } from "~/lib/app-error";
import { firstFormError } from "~/lib/forms";
import type { OrderPageIntent } from "./admin-order-forms";

// What the admin's order page answers when it does not do what was asked (ADR 018). Each form keeps its own toast
// title ("Refund Not Sent", "Not Granted", ...). A form to correct answers 400 naming the first thing to fix; a
// refusal of the refund or grant module answers 409 (404 for a grant to a reader or plan that is gone) with the
// module's own words as the message.
export const ADMIN_ORDER_ERRORS = defineErrors({
  ADMIN_ORDER_REFUND_INVALID: {
    status: 400,
    title: "Refund Not Sent",
    message: "Please check the form and try again.",
  },
  ADMIN_ORDER_REFUND_REFUSED: {
    status: 409,
    title: "Refund Not Sent",
    message: "This payment cannot be refunded now.",
  },
  ADMIN_ORDER_GRANT_INVALID: { status: 400, title: "Not Granted", message: "Please check the form and try again." },
  ADMIN_ORDER_GRANT_REFUSED: { status: 404, title: "Not Granted", message: "This reader or plan does not exist." },
  // The check button's only field is hidden: a bad refund id is not the admin's to correct.
  ADMIN_ORDER_REFUND_CHECK_INVALID: { status: 400, title: "Not Checked", message: "No such refund" },
  ADMIN_ORDER_REFUND_CHECK_REFUSED: {
    status: 409,
    title: "Not Checked",
    message: "This refund's outcome is already known.",
  },
  ADMIN_ORDER_REFUND_RECORD_INVALID: {
    status: 400,
    title: "Not Recorded",
    message: "Please check the form and try again.",
  },
  ADMIN_ORDER_REFUND_RECORD_REFUSED: {
    status: 409,
    title: "Not Recorded",
    message: "This refund's outcome is already known.",
  },
  ADMIN_ORDER_NEVER_AT_PESAPAL: {
    status: 409,
    title: "Not Checked",
    message: "This order never reached Pesapal, so there is nothing to ask.",
  },
  ADMIN_ORDER_FINAL: {
    status: 409,
    title: "Not Checked",
    message: "This order is final: nothing Pesapal says can change it.",
  },
  ADMIN_ORDER_PESAPAL_UNREACHABLE: {
    status: 503,
    title: "Not Checked",
    message: "Pesapal could not be asked. Try again in a few minutes.",
  },
});

const E = ADMIN_ORDER_ERRORS;

/** The forms a person fills in or a module can refuse ("check-payment" has no field, and its refusals are its own). */
type OrderForm = Exclude<OrderPageIntent, "check-payment">;

/** Each form's refusal when what was posted does not pass its schema, and when its module refused the command. */
const FORM_REFUSALS: Record<OrderForm, { invalid: ErrorDef; refused: ErrorDef }> = {
  refund: { invalid: E.ADMIN_ORDER_REFUND_INVALID, refused: E.ADMIN_ORDER_REFUND_REFUSED },
  grant: { invalid: E.ADMIN_ORDER_GRANT_INVALID, refused: E.ADMIN_ORDER_GRANT_REFUSED },
  "check-refund": { invalid: E.ADMIN_ORDER_REFUND_CHECK_INVALID, refused: E.ADMIN_ORDER_REFUND_CHECK_REFUSED },
  "record-refund": { invalid: E.ADMIN_ORDER_REFUND_RECORD_INVALID, refused: E.ADMIN_ORDER_REFUND_RECORD_REFUSED },
};

const isOrderForm = (intent: unknown): intent is OrderForm =>
  typeof intent === "string" && Object.hasOwn(FORM_REFUSALS, intent);

/**
 * The refusal of a form that does not pass its schema: its own title, and the first thing to fix as the message.
 * Undefined for a post naming no form of this page (refuseForm then answers the shop-wide VALIDATION).
 */
export function invalidOrderForm(
  intent: unknown,
  submission: { error?: Record<string, string[] | null> | null },
): AppError | undefined {
  if (!isOrderForm(intent)) return undefined;
  // CASE: the check button's only field is hidden: its own words, not the field's.
  if (intent === "check-refund") return new AppError(E.ADMIN_ORDER_REFUND_CHECK_INVALID);
  return new AppError(FORM_REFUSALS[intent].invalid, firstFormError(submission));
}

/** A refund or grant module's refusal, said with the form's title and status and the module's words. */
export function refusedOrderCommand(intent: OrderForm, moduleMessage: string): AppError {
  return new AppError(FORM_REFUSALS[intent].refused, moduleMessage);
}
