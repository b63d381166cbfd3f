import { defineErrors } from "~/lib/app-error";

// The refusals of signing in, signing up, confirming and resetting (the spec's section 8: a destructive toast titled
// Error with the message), and of reading who is signed in. Commands return them (`Refused`), with when to
// retry where a limit refused; routes answer them with `refusal`.

export const ACCOUNT_ERRORS = defineErrors({
  INVALID_CREDENTIALS: { status: 400, title: "Error", message: "Invalid email or password." },
  EMAIL_NOT_CONFIRMED: {
    status: 400,
    title: "Error",
    message: "Please confirm your email address before signing in. Check your inbox for the link we sent you.",
  },
  SIGN_IN_LIMITED: { status: 429, title: "Error", message: "Too many sign-in attempts. Please try again later." },
  MAIL_LIMITED: {
    status: 429,
    title: "Error",
    message:
      "We have already sent several emails to this address in the last hour. Please check your inbox and spam folder, or try again later.",
  },
  SIGN_IN_CODE_LIMITED: {
    status: 429,
    title: "Error",
    message:
      "We have already sent several sign-in codes to this address. Use the newest code in your inbox (look in your spam folder too), or try again later.",
  },
  /** A wrong code; the route's words say how many tries are left (`signInCodeWrong`). */
  SIGN_IN_CODE_WRONG: {
    status: 400,
    title: "Error",
    message: "That code is not right. Check the newest email from us.",
  },
  SIGN_IN_CODE_TRIED_OUT: {
    status: 400,
    title: "Error",
    message: "That code has been tried 5 times, so it no longer works. Ask for a new code.",
  },
  SIGN_IN_CODE_EXPIRED: {
    status: 400,
    title: "Error",
    message: "This code has expired: codes work for 10 minutes. Ask for a new code.",
  },
  SIGN_IN_CODE_INVALID: {
    status: 400,
    title: "Error",
    message: "This code no longer works: it has expired, been used, or been tried too many times. Ask for a new code.",
  },
  CONFIRMATION_LINK_INVALID: {
    status: 400,
    title: "Error",
    message: "This confirmation link is invalid or has expired. Sign in to get a new one, or sign up again.",
  },
  CONFIRM_WRONG_PASSWORD: {
    status: 400,
    title: "Error",
    message:
      "That password does not match this account. Use the password of your latest sign-up, or reset your password.",
  },
  RESET_LINK_INVALID: {
    status: 400,
    title: "Error",
    message: "This reset link is invalid or has expired. Please ask for a new one.",
  },
  GOOGLE_NEEDS_CONFIRMATION: {
    status: 400,
    title: "Error",
    message:
      "This email address has an account that is not confirmed yet. Confirm it with the link we emailed you, or reset your password, then continue with Google.",
  },
  GOOGLE_FAILED: { status: 400, title: "Error", message: "Google sign-in did not complete. Please try again." },
  AUTH_FAILED: { status: 400, title: "Error", message: "Something went wrong. Please try again." },
  /** The profile read gave up (spec: 10 s); the shell shows it as a toast. */
  PROFILE_TIMEOUT: {
    status: 503,
    title: "Error",
    message: "Loading your profile took too long. Please check your connection and try again.",
  },
});
