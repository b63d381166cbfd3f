import { defineErrors } from "~/lib/app-error";
import { COMMENT_EMPTY_MESSAGE } from "./schemas";

// The refusals of reviews, comments and bookmarks (spec section 8: 'Could not submit review', 'Empty comment',
// 'Could not submit comment'). The title names what failed, the message what to do. Commands return them (`Refused`,
// with when to retry after the posting limit); POST /engagement answers them in the one refusal shape.

const TOO_FAST = "You are posting too quickly. Please wait a minute and try again.";
const REVIEW = "Could not submit review";
const COMMENT = "Could not submit comment";
const BOOKMARK = "Could not update bookmark";

export const ENGAGEMENT_ERRORS = defineErrors({
  /** A field to fix; the message is the field's (the refusal's detail). */
  REVIEW_INVALID: { status: 400, title: REVIEW, message: "Please check the form." },
  REVIEW_TARGET_GONE: { status: 404, title: REVIEW, message: "This article or ebook is not available." },
  REVIEW_TOO_FAST: { status: 429, title: REVIEW, message: TOO_FAST },
  COMMENT_EMPTY: { status: 400, title: "Empty comment", message: COMMENT_EMPTY_MESSAGE },
  COMMENT_INVALID: { status: 400, title: COMMENT, message: "Please check the form." },
  COMMENT_TARGET_GONE: { status: 404, title: COMMENT, message: "This article is not available." },
  COMMENT_TOO_FAST: { status: 429, title: COMMENT, message: TOO_FAST },
  BOOKMARK_INVALID: { status: 400, title: BOOKMARK, message: "This article or ebook is not available." },
  BOOKMARK_TARGET_GONE: { status: 404, title: BOOKMARK, message: "This article or ebook is not available." },
  /** A bookmark queued offline, replayed under someone else's session (ADR 033). */
  BOOKMARK_NOT_YOURS: { status: 409, title: BOOKMARK, message: "You are signed in as someone else." },
  ENGAGEMENT_UNKNOWN: { status: 400, title: "Error", message: "Unknown action." },
});
