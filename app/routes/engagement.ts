// POST /engagement: reviews, comments and bookmarks, posted by fetcher forms. Every intent needs a
// signed-in reader (a guest is sent to sign in). Answers JSON (EngagementResult, the one action shape) to fetchers; a
// plain form post (JavaScript off, or a form not hydrated yet) goes back to its page with the outcome as a toast.
import { data } from "react-router";
import type { Route } from "./+types/engagement";
import { requireUser } from "~/modules/access/viewer.server";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { refusal, type Refused } from "~/lib/app-error.server";
import { retryAfterHeader } from "~/lib/route-headers";
import type { EngagementResult } from "~/modules/engagement/schemas";
import { engagementFormSchema, invalidEngagement } from "~/modules/engagement/engagement-form.server";
import { ENGAGEMENT_ERRORS } from "~/modules/engagement/engagement-errors";
import { submitReview } from "~/modules/engagement/reviews.server";
import { submitComment } from "~/modules/engagement/comments.server";
import { setBookmark, toggleBookmark } from "~/modules/engagement/bookmarks.server";
import { offlineKey } from "~/modules/offline/offline-key.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { sameOriginPath } from "~/lib/safe-redirect";
import { localeFromPath } from "~/lib/locale";
import { translator } from "~/lib/i18n/i18n";

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** The page a plain form post came from (same site only), to send the reader back to. */
function pageOf(request: Request): string {
  return sameOriginPath(request.headers.get("Referer"), request.url);
}

/** A module's refusal, with when to retry after the posting limit. */
const answerRefused = ({ error, retryAfterMs }: Refused) => refusal(error, { headers: retryAfterHeader(retryAfterMs) });

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const answer = await respond({ request, context });
  // CASE: sent from a Swahili page (its address, in the Referer, says so) -> the answer in Swahili (ADR 048).
  if (localeFromPath(pageOf(request)) === "sw") answer.data = inSwahili(answer.data);
  if (request.headers.get("Sec-Fetch-Mode") !== "navigate") return answer;
  const result: EngagementResult = answer.data;
  return redirectWithToast(
    pageOf(request),
    result.ok
      ? { kind: "success", title: result.title, message: result.message }
      : { kind: "error", title: result.error.title, message: result.error.message },
    answer.init?.headers ?? undefined,
  );
}

async function respond({ request, context }: Pick<Route.ActionArgs, "request" | "context">) {
  const user = await requireUser({ request, context });
  const { form, submission } = await readSubmission(request, engagementFormSchema);
  if (submission.status !== "success") return refuseForm(submission, { error: invalidEngagement(form, submission) });
  const posted = submission.value;
  const done = (result: Omit<Extract<EngagementResult, { ok: true }>, "ok">) =>
    data<EngagementResult>({ ok: true, ...result });

  if (posted.intent === "review") {
    const result = await submitReview({ user, input: posted });
    if (!result.ok) return answerRefused(result);
    return done({
      intent: "review",
      title: "Submitted for review",
      message: "Your review will be visible once approved.",
    });
  }

  if (posted.intent === "comment") {
    const result = await submitComment({ user, input: posted });
    if (!result.ok) return answerRefused(result);
    return done({
      intent: "comment",
      title: "Submitted for review",
      message: "Your comment will be visible once approved.",
    });
  }

  // A set sent late (queued by the service worker, ADR 033) names whose it is: it is replayed with whoever's session
  // the browser holds then, and must never change anyone else's bookmarks.
  if (posted.owner !== undefined && posted.owner !== offlineKey(user.id)) {
    return refusal(ENGAGEMENT_ERRORS.BOOKMARK_NOT_YOURS);
  }
  const target = { userId: user.id, contentType: posted.contentType, contentId: posted.contentId };
  const result =
    posted.bookmarked !== undefined && posted.takenAt !== undefined
      ? await setBookmark({ ...target, bookmarked: posted.bookmarked, takenAt: posted.takenAt })
      : await toggleBookmark(target);
  if (!result.ok) return answerRefused(result);
  return done({
    intent: "bookmark",
    title: result.bookmarked ? "Bookmarked" : "Bookmark removed",
    message: result.bookmarked ? "Saved to your bookmarks." : "Removed from your bookmarks.",
    bookmarked: result.bookmarked,
  });
}

/** An answer in Swahili: what was done, or why not, by the refusal's code (its English detail is not shown). */
function inSwahili(result: EngagementResult): EngagementResult {
  const t = translator("sw");
  if (result.ok) {
    if (result.intent === "bookmark")
      return result.bookmarked
        ? { ...result, title: t("bookmark.done"), message: t("bookmark.doneMessage") }
        : { ...result, title: t("bookmark.removed"), message: t("bookmark.removedMessage") };
    const message = result.intent === "review" ? t("engagement.reviewHeld") : t("engagement.commentHeld");
    return { ...result, title: t("engagement.submitted"), message };
  }
  if (!("error" in result) || !result.error) return result;
  const code = result.error.code;
  const title =
    code === "COMMENT_EMPTY"
      ? t("comments.empty")
      : code.startsWith("REVIEW")
        ? t("reviews.couldNotSubmit")
        : code.startsWith("COMMENT")
          ? t("comments.couldNotSubmit")
          : code.startsWith("BOOKMARK")
            ? t("bookmark.couldNotUpdate")
            : t("engagement.error");
  const message = code.endsWith("TOO_FAST")
    ? t("engagement.tooFast")
    : code === "COMMENT_EMPTY"
      ? t("comments.emptyMessage")
      : code === "BOOKMARK_NOT_YOURS"
        ? t("bookmark.notYours")
        : code.endsWith("TARGET_GONE") || code === "BOOKMARK_INVALID"
          ? t("engagement.gone")
          : t("engagement.checkForm");
  return { ...result, error: { ...result.error, title, message } };
}
