import type { Route } from "./+types/api-content-events";
import { onContentChanged } from "~/modules/live/content-events.server";
import { clientIp } from "~/modules/accounts/sign-in.server";
import { openStreamSlot } from "~/modules/live/stream-slots.server";

const PING_MS = 25_000;

/**
 * Server-sent events: "content-changed" whenever articles, categories or ebooks change in any app process.
 * The event carries no content, only the changed table names; pages reload their own (gated) data.
 */
export function loader({ request }: Route.LoaderArgs) {
  // A HEAD (or any non-GET) gets the headers only and never holds a stream or a slot.
  if (request.method !== "GET") {
    return new Response(null, { headers: { "Content-Type": "text/event-stream; charset=utf-8" } });
  }
  // Each open stream holds a connection and a listener: a client gets a few (tabs), not thousands.
  const slot = openStreamSlot(clientIp(request));
  if (!slot) {
    return new Response("Too many open live-refresh connections from this address.", {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
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
        slot.release();
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
