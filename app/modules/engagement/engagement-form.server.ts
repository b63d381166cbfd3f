// What POST /engagement reads: one schema on `intent` over the review, comment and bookmark forms (each form's own
// schema, which the browser checks too), and the refusal of a submission that does not parse. Server only: the
// bookmark "set" fields stay out of the pages' code.
import { z } from "zod";
import { AppError } from "~/lib/app-error";
import type { parseForm } from "~/lib/forms";
import { bookmarkSetSchema } from "./bookmark-set.server";
import { ENGAGEMENT_ERRORS } from "./engagement-errors";
import { commentSchema, reviewSchema } from "./schemas";

export const engagementFormSchema = z.discriminatedUnion("intent", [
  reviewSchema.extend({ intent: z.literal("review") }),
  commentSchema.extend({ intent: z.literal("comment") }),
  // With `bookmarked` and `takenAt` (the button since ADR 033): set on or off as of her tap. Without both (a page
  // rendered before, or a plain form post): a toggle.
  bookmarkSetSchema
    .partial({ bookmarked: true, takenAt: true })
    .extend({ intent: z.literal("bookmark") })
    .refine((v) => (v.bookmarked === undefined) === (v.takenAt === undefined), {
      message: "Unknown time",
      path: ["takenAt"],
    }),
]);
export type EngagementForm = z.output<typeof engagementFormSchema>;

/** The refusal of a form that did not parse: what the reader wrote wrong, in the words of the form she used. */
export function invalidEngagement(form: FormData, submission: ReturnType<typeof parseForm>): AppError {
  const intent = form.get("intent");
  const errors = submission.status === "success" ? {} : (submission.error ?? {});
  const first = (...fields: string[]) => fields.map((f) => errors[f]?.[0]).find(Boolean) ?? undefined;
  if (intent === "review") return new AppError(ENGAGEMENT_ERRORS.REVIEW_INVALID, first("rating", "title", "body"));
  if (intent === "comment") {
    // CASE: nothing but spaces -> the spec's 'Empty comment'.
    if (!String(form.get("body") ?? "").trim()) return new AppError(ENGAGEMENT_ERRORS.COMMENT_EMPTY);
    return new AppError(ENGAGEMENT_ERRORS.COMMENT_INVALID, first("body"));
  }
  if (intent === "bookmark") return new AppError(ENGAGEMENT_ERRORS.BOOKMARK_INVALID);
  return new AppError(ENGAGEMENT_ERRORS.ENGAGEMENT_UNKNOWN);
}
