// Pesapal's IPN: GET with a query, or POST with a body in any of the shapes Pesapal may use (JSON, text, a form, no
// type, chunked; at most 8 KB). The HTTP server lets this one path skip the form-only and same-origin checks: it
// changes nothing on its own word, every order is verified with Pesapal.
import type { Route } from "./+types/api-payments-ipn";
import { answerIpn, readIpnRequest } from "~/modules/payments/ipn.server";
import type { RouteFacts } from "~/lib/route-facts";

export const handle: RouteFacts = { crossSitePosts: true };

async function answer(request: Request): Promise<Response> {
  try {
    return await answerIpn(await readIpnRequest(request));
  } catch (error) {
    // A body larger than a notification can be: readIpnRequest's 413.
    if (error instanceof Response) return error;
    throw error;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  return answer(request);
}

export async function action({ request }: Route.ActionArgs) {
  return answer(request);
}
