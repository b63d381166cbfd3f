// POST /engagement: reviews, comments and bookmarks, posted by fetcher forms. Every intent needs a
// signed-in reader (a guest is sent to sign in). Answers JSON (EngagementResult) to fetchers; a plain form post
// (JavaScript off, or a form not hydrated yet) goes back to its page with the outcome as a toast.
import { readForm } from "~/lib/read-form.server";
import { data } from "react-router";
import type { Route } from "./+types/engagement";
import { requireUser } from "~/modules/access/viewer.server";
import { parseForm } from "~/lib/forms";
import { bookmarkSchema, commentSchema, reviewSchema, type EngagementResult } from "~/modules/engagement/schemas";
import { submitReview } from "~/modules/engagement/reviews.server";
import { submitComment } from "~/modules/engagement/comments.server";
import { toggleBookmark } from "~/modules/engagement/bookmarks.server";
import type { PostResult } from "~/modules/engagement/reviews.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { sameOriginPath } from "~/lib/safe-redirect";

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

const TOO_FAST = "You are posting too quickly. Please wait a minute and try again.";

interface Reply {
  result: EngagementResult;
  status: number;
  headers?: HeadersInit;
}

function reply(result: EngagementResult, status = 200, headers?: HeadersInit): Reply {
  return { result, status, headers };
}

/** The page a plain form post came from (same site only), to send the reader back to. */
function pageOf(request: Request): string {
  return sameOriginPath(request.headers.get("Referer"), request.url);
}

/** The first message per field, as the JSON answer carries them. */
function firstErrors(errors: Record<string, string[] | null> | null | undefined): Partial<Record<string, string>> {
  return Object.fromEntries(Object.entries(errors ?? {}).flatMap(([k, v]) => (v?.[0] ? [[k || "form", v[0]]] : [])));
}

function postFailure(intent: "review" | "comment", result: Exclude<PostResult, { ok: true }>) {
  const title = intent === "review" ? "Could not submit review" : "Could not submit comment";
  if (result.code === "RATE_LIMITED") {
    return reply({ ok: false, intent, title, message: TOO_FAST }, 429, {
      "Retry-After": String(Math.max(1, Math.ceil(result.retryAfterMs / 1000))),
    });
  }
  const message = intent === "review" ? "This article or ebook is not available." : "This article is not available.";
  return reply({ ok: false, intent, title, message }, 404);
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const { result, status, headers } = await respond({ request, context });
  if (request.headers.get("Sec-Fetch-Mode") !== "navigate") return data(result, { status, headers });
  return redirectWithToast(
    pageOf(request),
    { kind: result.ok ? "success" : "error", title: result.title, message: result.message },
    headers,
  );
}

async function respond({ request, context }: Pick<Route.ActionArgs, "request" | "context">): Promise<Reply> {
  const user = await requireUser({ request, context });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");

  if (intent === "review") {
    const parsed = parseForm(form, reviewSchema);
    if (parsed.status !== "success") {
      const fieldErrors = firstErrors(parsed.error);
      const message = fieldErrors.rating ?? fieldErrors.title ?? fieldErrors.body ?? "Please check the form.";
      return reply({ ok: false, intent, title: "Could not submit review", message, fieldErrors }, 400);
    }
    const result = await submitReview({ user, input: parsed.value });
    if (!result.ok) return postFailure(intent, result);
    return reply({
      ok: true,
      intent,
      title: "Submitted for review",
      message: "Your review will be visible once approved.",
    });
  }

  if (intent === "comment") {
    const parsed = parseForm(form, commentSchema);
    if (parsed.status !== "success") {
      const fieldErrors = firstErrors(parsed.error);
      const empty = !String(form.get("body") ?? "").trim();
      return reply(
        {
          ok: false,
          intent,
          title: empty ? "Empty comment" : "Could not submit comment",
          message: fieldErrors.body ?? "Please check the form.",
          fieldErrors,
        },
        400,
      );
    }
    const result = await submitComment({ user, input: parsed.value });
    if (!result.ok) return postFailure(intent, result);
    return reply({
      ok: true,
      intent,
      title: "Submitted for review",
      message: "Your comment will be visible once approved.",
    });
  }

  if (intent === "bookmark") {
    const parsed = parseForm(form, bookmarkSchema);
    if (parsed.status !== "success") {
      return reply(
        {
          ok: false,
          intent,
          title: "Could not update bookmark",
          message: "This article or ebook is not available.",
          fieldErrors: firstErrors(parsed.error),
        },
        400,
      );
    }
    const result = await toggleBookmark({ userId: user.id, ...parsed.value });
    if (!result.ok) {
      return reply(
        {
          ok: false,
          intent,
          title: "Could not update bookmark",
          message: "This article or ebook is not available.",
        },
        404,
      );
    }
    return reply({
      ok: true,
      intent,
      title: result.bookmarked ? "Bookmarked" : "Bookmark removed",
      message: result.bookmarked ? "Saved to your bookmarks." : "Removed from your bookmarks.",
      bookmarked: result.bookmarked,
    });
  }

  return reply({ ok: false, intent: "unknown", title: "Error", message: "Unknown action." }, 400);
}
