import { defineErrors } from "~/lib/app-error";
import { DELETE_CONFIRMATION_WORD } from "./schemas";

// Why an account was not deleted (issue 35). `deleteAccount` returns these (`Refused`); the page shows the message
// above the form, which keeps what she typed (never the password).
const NOT_DELETED = "Account not deleted";

export const PRIVACY_ERRORS = defineErrors({
  DELETE_WRONG_PASSWORD: {
    status: 400,
    title: NOT_DELETED,
    message: "That password does not match your account. Your account has not been deleted.",
  },
  DELETE_NEEDS_WORD: {
    status: 400,
    title: NOT_DELETED,
    message: `Type ${DELETE_CONFIRMATION_WORD} in capitals to confirm. Your account has not been deleted.`,
  },
  DELETE_LAST_ADMIN: {
    status: 409,
    title: NOT_DELETED,
    message:
      "You are the shop's only admin, so this account cannot be deleted. Make another account an admin first (Admin > Users).",
  },
  DELETE_LIMITED: { status: 429, title: NOT_DELETED, message: "Too many attempts. Please try again in an hour." },
  DELETE_ACCOUNT_GONE: { status: 404, title: NOT_DELETED, message: "This account no longer exists." },
});
