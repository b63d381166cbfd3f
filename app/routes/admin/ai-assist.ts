import { data } from "react-router";
import type { Route } from "./+types/ai-assist";
import { adminOf } from "~/modules/access/viewer.server";
import { readForm } from "~/lib/read-form.server";
import { assistRequestSchema, type AssistEvent } from "~/modules/ai/assist-request";
import { allowAssist, assist } from "~/modules/ai/assistant.server";

// POST /admin/ai-assist: the writing assistant's answer for the article editor, streamed as NDJSON events.

export async function loader({ context }: Route.LoaderArgs) {
  adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

const json = (status: number, event: AssistEvent, headers: Record<string, string> = {}) =>
  new Response(`${JSON.stringify(event)}\n`, {
    status,
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Cache-Control": "private, no-store",
      ...headers,
    },
  });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const parsed = assistRequestSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return json(400, { type: "error", message: parsed.error.issues[0]?.message ?? "Bad request" });
  const allowed = await allowAssist(viewer);
  if (!allowed.allowed) {
    return json(
      429,
      { type: "error", message: "Too many requests to the assistant. Please wait a few minutes." },
      { "Retry-After": String(Math.ceil(allowed.retryAfterMs / 1000)) },
    );
  }
  const encoder = new TextEncoder();
  const events = assist(parsed.data, request.signal);
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
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
