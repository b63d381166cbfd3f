// The short receipt link in an SMS (/r/<token>, issue 49): redirects to her receipt, which asks her to sign in and
// shows it to its owner only, as today. A token without our signature or naming no SMS answers 404. A Swahili SMS's
// link leads to the Swahili receipt (issue 50).
import { data, redirect } from "react-router";
import type { Route } from "./+types/receipt-short-link";
import { localeHref } from "~/lib/locale";
import { receiptOfLink } from "~/modules/sms/sms-reads.server";

export async function loader({ params }: Route.LoaderArgs) {
  const receipt = await receiptOfLink(params.token);
  if (!receipt) throw data(null, { status: 404 });
  return redirect(localeHref(`/receipts/${receipt.orderId}`, receipt.locale), {
    headers: { "Cache-Control": "private, no-store" },
  });
}
