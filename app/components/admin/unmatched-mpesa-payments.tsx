// M-Pesa paid by hand (Paybill/Till) that paid no order: a wrong or missing account number, a wrong amount, or an
// order already paid (ADR 043). What was paid, by which number, and the two ways out: match it to an order (granted
// only when the amount is that order's), or refund it by M-Pesa reversal (its result comes back later).
import { Form } from "react-router";
import { nairobiDateTime } from "~/lib/nairobi-display";
import type { UnmatchedMpesaPayment } from "~/modules/payments/mpesa-payments.server";

export type UnmatchedMpesaRow = UnmatchedMpesaPayment;

export function UnmatchedMpesaPayments({
  payments,
  refused,
}: {
  payments: UnmatchedMpesaRow[];
  refused: { paymentId: string; message: string } | null;
}) {
  return (
    <section aria-labelledby="unmatched-mpesa" className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-4">
      <h2 id="unmatched-mpesa" className="font-semibold text-amber-950">
        {payments.length === 1
          ? "1 M-Pesa payment by hand matches no order"
          : `${payments.length} M-Pesa payments by hand match no order`}
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        Paid to the Paybill with an account number or amount that names no unpaid order, so nothing was granted. Match
        it to the order she meant, or refund it by M-Pesa reversal.
      </p>
      <ul className="mt-3 space-y-3">
        {payments.map((payment) => {
          const fieldId = `mpesa-order-${payment.id}`;
          const error = refused?.paymentId === payment.id ? refused.message : null;
          return (
            <li key={payment.id} data-testid="unmatched-mpesa" className="rounded-xl bg-white p-3 text-sm">
              <p className="font-semibold text-gray-900">
                {payment.amount} · M-Pesa <span className="font-mono">{payment.receipt}</span>
              </p>
              <p className="text-gray-800">
                From {payment.payerPhone ?? "an unknown number"}, account typed &quot;
                {payment.accountNumber || "(none)"}
                &quot;
              </p>
              <p className="mt-1 break-words text-gray-800">{payment.note}</p>
              <p className="text-xs text-gray-600">
                <time dateTime={payment.createdAt}>{nairobiDateTime.format(new Date(payment.createdAt))}</time>
              </p>
              {payment.status === "reversal_requested" ? (
                <p className="mt-2 font-semibold text-gray-900" role="status">
                  Reversal asked; waiting for M-Pesa&apos;s answer.
                </p>
              ) : (
                <>
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="mpesa-match" />
                    <input type="hidden" name="paymentId" value={payment.id} />
                    <label htmlFor={fieldId} className="block font-medium text-gray-900">
                      Order account number or reference
                    </label>
                    <input
                      id={fieldId}
                      name="order"
                      required
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${fieldId}-error` : undefined}
                      className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white p-2"
                    />
                    {error ? (
                      <p id={`${fieldId}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-800">
                        {error}
                      </p>
                    ) : null}
                    <button
                      type="submit"
                      className="mt-2 min-h-11 rounded-full bg-brand-600 px-5 text-sm font-semibold text-white"
                    >
                      Match to this order
                    </button>
                  </Form>
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="mpesa-reverse" />
                    <input type="hidden" name="paymentId" value={payment.id} />
                    <button
                      type="submit"
                      className="min-h-11 rounded-full border border-red-700 px-5 text-sm font-semibold text-red-800"
                    >
                      Refund by M-Pesa reversal
                    </button>
                  </Form>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
