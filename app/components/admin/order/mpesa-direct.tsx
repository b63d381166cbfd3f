// M-Pesa direct's evidence for one order (ADR 043): the provider, each prompt's Daraja ids and result, the M-Pesa
// codes, payments by hand, and every callback, query and check in the order they happened.
import type { MpesaOrderEvidence } from "~/modules/payments/mpesa-payments.server";
import { OrderSection, When } from "./order-section";

export function MpesaDirect({ evidence }: { evidence: MpesaOrderEvidence }) {
  return (
    <OrderSection id="mpesa-direct" title="M-Pesa direct (Daraja)" className="lg:col-span-2">
      <p className="mt-2 text-sm text-gray-800">
        Provider: M-Pesa direct through Safaricom Daraja · Paybill account number{" "}
        <span className="font-mono">{evidence.accountNumber ?? "—"}</span>
      </p>
      <h3 className="mt-4 font-semibold text-gray-900">Prompts</h3>
      {evidence.pushes.length === 0 ? <p className="text-sm text-gray-700">No prompt sent.</p> : null}
      <ul className="mt-1 space-y-2 text-sm">
        {evidence.pushes.map((p) => (
          <li key={p.checkoutRequestId} data-testid="mpesa-push" className="rounded-md bg-gray-50 p-2">
            <p>
              <When iso={p.createdAt} /> to {p.phone}:{" "}
              {p.resultCode === null ? "no answer yet" : `result ${p.resultCode} ${p.resultDesc ?? ""}`}
              {p.receipt ? (
                <>
                  {" "}
                  · M-Pesa code <span className="font-mono font-semibold">{p.receipt}</span>
                </>
              ) : null}
            </p>
            <p className="font-mono text-xs break-all text-gray-700">
              CheckoutRequestID {p.checkoutRequestId} · MerchantRequestID {p.merchantRequestId}
            </p>
          </li>
        ))}
      </ul>
      {evidence.received.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold text-gray-900">Paid by hand or by a pasted code</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {evidence.received.map((r) => (
              <li key={r.receipt}>
                M-Pesa code <span className="font-mono font-semibold">{r.receipt}</span>, {r.amount} from{" "}
                {r.payerPhone ?? "unknown"}, account &quot;{r.accountNumber}&quot;: {r.status}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className="mt-4 font-semibold text-gray-900">Every call and callback</h3>
      <ol className="mt-1 space-y-1 text-sm">
        {evidence.events.map((e, i) => (
          <li key={i} data-testid="mpesa-event">
            <When iso={e.createdAt} /> · {e.kind}
            {e.reference ? <span className="font-mono text-xs"> {e.reference}</span> : null}: {e.summary}
          </li>
        ))}
      </ol>
    </OrderSection>
  );
}
