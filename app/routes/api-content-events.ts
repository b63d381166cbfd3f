import type { Route } from "./+types/api-content-events";
import { onContentChanged } from "~/modules/live/content-events.server";

const PING_MS = 25_000;

/**
 * Server-sent events: "content-changed" whenever articles or categories change in any app process.
 * The event carries no content, only the changed table names; pages reload their own (gated) data.
 */
export function loader({ request }: Route.LoaderArgs) {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const unsubscribe = onContentChanged((change) =>
        send(`event: content-changed\ndata: ${JSON.stringify(change)}\n\n`),
      );
      // Keeps proxies and load balancers from closing an idle connection.
      const ping = setInterval(() => send(": ping\n\n"), PING_MS);
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(ping);
        unsubscribe();
        request.signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          // Already closed or cancelled.
        }
      };
      send("retry: 5000\n\n");
      if (request.signal.aborted) cleanup();
      else request.signal.addEventListener("abort", cleanup, { once: true });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    },
  });
}
