import { data } from "react-router";
import type { Route } from "./+types/ai-assist";
import { adminOf } from "~/modules/access/viewer.server";
import { AppError } from "~/lib/app-error";
import { firstFormError } from "~/lib/forms";
import { readSubmission } from "~/lib/forms.server";
import { assistRequestSchema, type AssistEvent } from "~/modules/ai/assist-request";
import { AI_ERRORS, allowAssist, assist } from "~/modules/ai/assistant.server";

// POST /admin/ai-assist: the writing assistant's answer for the article editor, streamed as NDJSON events.

export async function loader({ context }: Route.LoaderArgs) {
  adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

const NDJSON = { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "private, no-store" };

/** A refusal before the stream starts: the code's status, and its words as the stream's one error event. */
function refused(error: AppError, headers: Record<string, string> = {}) {
  const event: AssistEvent = { type: "error", message: error.message };
  return new Response(`${JSON.stringify(event)}\n`, { status: error.status, headers: { ...NDJSON, ...headers } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const { submission } = await readSubmission(request, assistRequestSchema);
  if (submission.status !== "success")
    return refused(new AppError(AI_ERRORS.ASSIST_REQUEST_INVALID, firstFormError(submission)));
  const allowed = await allowAssist(viewer);
  if (!allowed.allowed) {
    return refused(new AppError(AI_ERRORS.ASSIST_BUSY), {
      "Retry-After": String(Math.ceil(allowed.retryAfterMs / 1000)),
    });
  }
  const encoder = new TextEncoder();
  const events = assist(submission.value, request.signal);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await events.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
    },
    async cancel() {
      await events.return(undefined);
    },
  });
  return new Response(body, {
    headers: { ...NDJSON, "X-Content-Type-Options": "nosniff" },
  });
}
