import type { AdminOrder } from "~/modules/payments/admin-orders.server";
import { formatKesCents } from "~/modules/pricing/money";
import { lastResultFor } from "./order-form-results";
import { OrderSection, When } from "./order-section";
import { RefundForm } from "./refund-form";
import { UnknownRefundForms } from "./unknown-refund-forms";
import { providerWords } from "~/modules/payments/provider-words";

function refundStatusWords(status: string, provider: string): string {
  const words: Record<string, string> = {
    requesting: "Being sent",
    accepted: `Accepted by ${provider}`,
    refused: "Refused",
    unconfirmed: "Outcome unknown",
  };
  return words[status] ?? status;
}

/** The refunds sent for this order and their outcomes; the refund form, or why no refund can be sent now. */
export function OrderRefunds({
  refunds,
  refund,
  actionData,
  gateway,
}: {
  gateway: string | null;
  refunds: AdminOrder["refunds"];
  refund: AdminOrder["refund"];
  actionData: unknown;
}) {
  const words = providerWords(gateway);
  return (
    <OrderSection id="order-refunds" title="Refund" className="mt-6">
      {gateway === "daraja" ? (
        <p className="mt-2 text-sm text-gray-700">
          This order was paid by <strong>M-Pesa direct</strong>: a refund is an M-Pesa reversal of the whole payment,
          and it ends the access this order gave as soon as M-Pesa confirms it (its answer comes a little later). The
          reader is e-mailed.
        </p>
      ) : (
        <p className="mt-2 text-sm text-gray-700">
          A <strong>full refund</strong> ends the access this order gave (the plan or the ebook), as soon as Pesapal
          accepts it. A <strong>partial refund</strong> (cards only) keeps the reader&apos;s access. M-Pesa and other
          mobile money can only be refunded in full, and Pesapal takes one refund per payment. The reader is e-mailed.
        </p>
      )}
      {refunds.length > 0 ? (
        <ul className="mt-3 divide-y divide-gray-100 text-sm">
          {refunds.map((r) => (
            <li key={r.id} className="py-2" data-testid="order-refund">
              <p className="text-gray-900">
                <span className="font-semibold">{formatKesCents(r.amountCents)}</span> ({r.full ? "full" : "partial"}
                ):{" "}
                <span className="font-semibold" data-testid="order-refund-status">
                  {r.outcomeUnknown ? "Outcome unknown" : refundStatusWords(r.status, words.name)}
                </span>
                {r.gatewayMessage ? ` — ${words.name}: ${r.gatewayMessage}` : ""}
              </p>
              <p className="text-xs break-words text-gray-700">
                {r.by ?? "A removed account"} · <When iso={r.createdAt} /> · Reason: {r.reason}
              </p>
              {r.checkedAt ? (
                <p className="text-xs break-words text-gray-700">
                  Checked <When iso={r.checkedAt} />: {r.checkMessage}
                </p>
              ) : null}
              {r.outcomeUnknown ? (
                <UnknownRefundForms
                  refundId={r.id}
                  words={words}
                  nextCheckAt={r.nextCheckAt}
                  lastResult={lastResultFor(actionData, "record-refund", r.id)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {refund ? (
        <RefundForm refund={refund} lastResult={lastResultFor(actionData, "refund")} />
      ) : (
        <p className="mt-3 text-sm text-gray-700">{whyNoRefund(refunds)}</p>
      )}
    </OrderSection>
  );
}

function whyNoRefund(refunds: AdminOrder["refunds"]): string {
  // CASE: a refund may have reached Pesapal: sending another could pay the reader twice.
  if (refunds.some((r) => r.outcomeUnknown || r.status === "unconfirmed")) {
    return "No new refund can be sent until the unknown outcome above is settled.";
  }
  if (refunds.some((r) => r.status === "accepted" || r.status === "requesting")) {
    return "This payment has been refunded.";
  }
  return "There is no verified payment to refund on this order.";
}
