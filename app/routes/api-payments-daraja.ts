// Daraja's asynchronous calls to the shop (ADR 043): the STK callback, C2B validation and confirmation, and the
// results of transaction status and reversal. Daraja signs nothing, so every URL we give it carries our token (?t=),
// and a body without it changes nothing. Each handler is idempotent (keyed on CheckoutRequestID or the M-Pesa
// receipt); Daraja is always answered with its own "accepted" shape so it does not retry forever.
import type { Route } from "./+types/api-payments-daraja";
import type { RouteFacts } from "~/lib/route-facts";
import {
  answerC2bValidation,
  callbackTokenValid,
  handleAsyncResult,
  handleC2bConfirmation,
  handleStkCallback,
} from "~/modules/payments/mpesa-payments.server";

export const handle: RouteFacts = { crossSitePosts: true };

const accepted = () => Response.json({ ResultCode: 0, ResultDesc: "Accepted" });

export function loader() {
  return new Response("Not Found", { status: 404 });
}

export async function action({ request, params }: Route.ActionArgs) {
  const url = new URL(request.url);
  if (!callbackTokenValid(url.searchParams.get("t"))) return new Response("Forbidden", { status: 403 });
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return Response.json({ ResultCode: 1, ResultDesc: "Unreadable" }, { status: 400 });
  }
  try {
    switch (params.kind) {
      case "stk":
        await handleStkCallback(body);
        return accepted();
      case "validation":
        return Response.json(answerC2bValidation());
      case "confirmation":
        await handleC2bConfirmation(body);
        return accepted();
      case "result":
        await handleAsyncResult(body, {
          order: url.searchParams.get("order"),
          kind: url.searchParams.get("kind"),
          payment: url.searchParams.get("payment"),
          refund: url.searchParams.get("refund"),
        });
        return accepted();
      case "timeout":
        // The queue timed out at Daraja: nothing was done; the page and the admin may ask again.
        return accepted();
      default:
        return new Response("Not Found", { status: 404 });
    }
  } catch (error) {
    // Not recorded (the database failed): Daraja retries a callback it saw fail; the re-checks settle it anyway.
    console.error(`Daraja ${params.kind} could not be recorded:`, error);
    return Response.json({ ResultCode: 1, ResultDesc: "Try again" }, { status: 500 });
  }
}
