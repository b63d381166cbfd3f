// Why a gift's claim link did not give her the gift (ADR 038), in the words the claim page shows: its refusals for
// the claim action, and the page's own words for a link that no longer opens a gift.
import { defineErrors } from "~/lib/app-error";

export const GIFT_ERRORS = defineErrors({
  GIFT_SIGN_IN_FIRST: {
    status: 401,
    title: "Gift not claimed",
    message: "Sign in or create an account first, then claim your gift.",
  },
  GIFT_LINK_INVALID: {
    status: 404,
    title: "Gift not claimed",
    message:
      "This gift link does not work any more. It may have expired or been replaced by a newer e-mail. Ask the sender to send it again.",
  },
  GIFT_ALREADY_CLAIMED: { status: 409, title: "Gift not claimed", message: "This gift has already been claimed." },
  GIFT_ALREADY_OWNED: {
    status: 409,
    title: "Gift not claimed",
    message: "You already own this ebook, so this gift cannot be added to your library. Let the sender know.",
  },
});
