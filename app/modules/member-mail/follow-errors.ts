import { defineErrors } from "~/lib/app-error";

// Why a request to follow the shop by e-mail was refused (issue 34). `requestFollow` returns the limit (`Refused`,
// with when to retry); the page shows the message under 'Not subscribed', keeping what she chose.
export const FOLLOW_ERRORS = defineErrors({
  FOLLOW_LIMITED: {
    status: 429,
    title: "Not subscribed",
    message: "Too many requests from here. Please try again in an hour.",
  },
});

/** A guest's follow form without an address (a signed-in reader's account gives hers). */
export const FOLLOW_EMAIL_MISSING = "Please enter your e-mail address.";
