// Africa's Talking's SMS delivery reports (issue 49, ADR 044): a form posted by AT to the URL in its dashboard, which
// carries our secret (AT signs nothing). The HTTP server lets this path take cross-site posts; a report only updates
// the delivery status of a message we sent. A wrong secret answers 404, as if there were no such address.
import { data } from "react-router";
import type { Route } from "./+types/api-sms-delivery-reports";
import type { RouteFacts } from "~/lib/route-facts";
import { applyDeliveryReport, isDeliveryReportSecret } from "~/modules/sms/delivery-reports.server";

export const handle: RouteFacts = { crossSitePosts: true };

export function loader() {
  throw data(null, { status: 404 });
}

export async function action({ request, params }: Route.ActionArgs) {
  if (!isDeliveryReportSecret(params.secret)) throw data(null, { status: 404 });
  const text = await request.text();
  if (text.length > 4096) return new Response("Too large", { status: 413 });
  const type = request.headers.get("content-type") ?? "";
  let form: URLSearchParams;
  if (type.includes("application/json")) {
    try {
      form = new URLSearchParams(
        Object.entries(JSON.parse(text) as Record<string, string>).map(([k, v]) => [k, String(v)]),
      );
    } catch {
      return new Response("Bad request", { status: 400 });
    }
  } else form = new URLSearchParams(text);
  const result = await applyDeliveryReport(form);
  // An unknown message id is answered 200 too: AT has nothing to do about it, and a retry would not help.
  return new Response(result === "invalid" ? "Bad request" : "OK", {
    status: result === "invalid" ? 400 : 200,
    headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" },
  });
}
