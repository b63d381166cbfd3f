// Why the admin's save of an offer code was refused (the Offer codes screens). Each refusal belongs under one field
// of the form; the reader's refusals at checkout are the commerce side's own.
import { defineErrors, type AppError } from "~/lib/app-error";

export const OFFER_CODE_ADMIN_ERRORS = defineErrors({
  OFFER_CODE_ADMIN_GONE: { status: 404, title: "Offer code not saved", message: "This code no longer exists." },
  OFFER_CODE_ADMIN_TAKEN: {
    status: 409,
    title: "Offer code not saved",
    message: "Another code already has this text.",
  },
  /** The message names how many slots are taken. */
  OFFER_CODE_ADMIN_LIMIT_BELOW_USED: {
    status: 409,
    title: "Offer code not saved",
    message: "The limit cannot be lower than the uses already made or held.",
  },
});

/** The field of the form a save refusal stands under. */
export function offerCodeFieldOf(error: AppError): "code" | "totalLimit" {
  return error.is(OFFER_CODE_ADMIN_ERRORS.OFFER_CODE_ADMIN_LIMIT_BELOW_USED) ? "totalLimit" : "code";
}
