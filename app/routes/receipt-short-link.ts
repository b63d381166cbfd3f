// The short receipt link in an SMS (/r/<token>, issue 49): redirects to her receipt, which asks her to sign in and
// shows it to its owner only, as today. A token without our signature or naming no SMS answers 404.
import { data, redirect } from "react-router";
import type { Route } from "./+types/receipt-short-link";
import { orderOfReceiptLink } from "~/modules/sms/sms-reads.server";

export async function loader({ params }: Route.LoaderArgs) {
  const orderId = await orderOfReceiptLink(params.token);
  if (!orderId) throw data(null, { status: 404 });
  return redirect(`/receipts/${orderId}`, { headers: { "Cache-Control": "private, no-store" } });
}
