import { z } from "zod";
import type { ActionResult } from "~/lib/action-result";
import { idField } from "~/lib/ids";

// Reviews, comments and bookmarks: one schema per form, used by the browser (before posting) and by the
// /engagement action. Texts are kept as plain text; they are never interpreted as HTML.

/** Control characters other than tab and newline (C0, DEL and C1). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

import { COMMENT_MAX, REVIEW_BODY_MAX, REVIEW_TITLE_MAX, RATING_DEFAULT } from "./limits";

// The limits live apart so components can show them without loading zod up front.
export { COMMENT_MAX, REVIEW_BODY_MAX, REVIEW_TITLE_MAX, RATING_DEFAULT };

export const contentTypeSchema = z.enum(["article", "ebook"], { error: "Unknown content type" });
export type ContentType = z.infer<typeof contentTypeSchema>;

const contentId = idField("Unknown content");

/** Browsers send textarea line breaks as CRLF; store and count them as one LF. */
const normalised = (v: unknown) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v);

/** Optional text: trimmed, empty becomes undefined, at most `max` characters, no control characters. */
function optionalText(label: string, max: number) {
  return z.preprocess(
    (v) => (v === null || v === undefined ? undefined : normalised(v)),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .refine((v) => !CONTROL_CHARS.test(v), `${label} contains characters that are not allowed`)
      .transform((v) => (v === "" ? undefined : v))
      .optional(),
  );
}

const rating = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? RATING_DEFAULT : v),
  z.coerce
    .number({ error: "Rating must be between 1 and 5" })
    .int("Rating must be between 1 and 5")
    .min(1, "Rating must be between 1 and 5")
    .max(5, "Rating must be between 1 and 5"),
);

export const reviewSchema = z.object({
  rating,
  title: optionalText("Title", REVIEW_TITLE_MAX),
  body: optionalText("Review", REVIEW_BODY_MAX),
  contentType: contentTypeSchema,
  contentId,
});
export type ReviewInput = z.infer<typeof reviewSchema>;

export const COMMENT_EMPTY_MESSAGE = "Please write something first";

export const commentSchema = z.object({
  body: z.preprocess(
    (v) => (v === null || v === undefined ? "" : normalised(v)),
    z
      // A form library may hand over a blank field as missing: that is an empty comment too.
      .string({ error: (issue) => (issue.input === undefined ? COMMENT_EMPTY_MESSAGE : "Comment must be text") })
      .trim()
      .min(1, COMMENT_EMPTY_MESSAGE)
      .max(COMMENT_MAX, `Comments can be at most ${COMMENT_MAX} characters`)
      .refine((v) => !CONTROL_CHARS.test(v), "Comment contains characters that are not allowed"),
  ),
  articleId: contentId,
});
export type CommentInput = z.infer<typeof commentSchema>;

export const bookmarkSchema = z.object({ contentType: contentTypeSchema, contentId });
export type BookmarkInput = z.infer<typeof bookmarkSchema>;

/** Ids a signed-in reader has bookmarked, by kind: the viewer carries them, so access declares the shape. */
export type { BookmarkIds } from "~/modules/access/bookmark-ids";

// ---- Shapes shared by the module reads, the /engagement action and the components (no server code) ----

export interface ReviewSummary {
  /** Average of approved ratings with one decimal, or null when there are none. */
  average: number | null;
  count: number;
}

export interface ReviewItem {
  id: string;
  rating: number | null;
  title: string | null;
  body: string | null;
  authorName: string;
  /** ISO timestamp. */
  createdAt: string;
}

export interface CommentItem {
  id: string;
  body: string;
  authorName: string;
  /** ISO timestamp. */
  createdAt: string;
}

/** What POST /engagement answers (JSON): what was done, in a toast's words, or a refusal in the one shape. */
export type EngagementResult = ActionResult<{
  intent: "review" | "comment" | "bookmark";
  title: string;
  message: string;
  bookmarked?: boolean;
  /** A bookmark post the service worker queued with no connection (its answer, not the shop's; ADR 033). */
  queued?: boolean;
}>;
