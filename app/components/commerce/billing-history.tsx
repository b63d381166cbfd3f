import { Link } from "react-router";
import { formatKesCents, formatMinorUnits } from "~/modules/pricing/money";
import { formatDate } from "~/lib/format";
import type { BillingEntry } from "~/modules/membership/library.server";

const STATUS: Record<string, { label: string; className: string }> = {
  completed: { label: "Paid", className: "bg-emerald-100 text-emerald-900" },
  pending: { label: "Pending", className: "bg-amber-100 text-amber-900" },
  review: { label: "Being checked", className: "bg-amber-100 text-amber-900" },
  failed: { label: "Failed", className: "bg-gray-100 text-gray-800" },
  cancelled: { label: "Cancelled", className: "bg-gray-100 text-gray-800" },
  abandoned: { label: "Not paid", className: "bg-gray-100 text-gray-800" },
  reversed: { label: "Reversed", className: "bg-red-100 text-red-900" },
  refunded: { label: "Refunded", className: "bg-red-100 text-red-900" },
  partially_refunded: { label: "Partly refunded", className: "bg-red-100 text-red-900" },
};

/** Orders that were paid at some point have a receipt. */
const HAS_RECEIPT = new Set(["completed", "reversed", "refunded", "partially_refunded"]);

const amountOf = (cents: number, currency: string) =>
  currency === "KES" ? formatKesCents(cents) : formatMinorUnits(cents, currency, "en-KE");

/** Every order, newest first: what, when, how much (and what she was shown), how paid, and its receipt. */
export function BillingHistory({ entries }: { entries: BillingEntry[] }) {
  return (
    <section
      aria-labelledby="billing-title"
      className="rounded-2xl border border-rose-100 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="billing-title" className="text-xl font-semibold text-gray-900">
        Billing history
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-gray-700">No payments yet.</p>
      ) : (
        <ol className="mt-4 divide-y divide-gray-100">
          {entries.map((e) => {
            const status = STATUS[e.status] ?? { label: e.status, className: "bg-gray-100 text-gray-800" };
            return (
              <li key={e.orderId} data-testid="billing-entry" className="py-4 first:pt-0">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-semibold text-gray-900">{e.title}</p>
                  <p className="font-semibold text-gray-900">
                    {amountOf(e.amountCents, e.currency)}
                    {e.displayCurrency !== e.currency ? (
                      <span className="font-normal text-gray-700">
                        {" "}
                        (≈ {formatMinorUnits(e.displayAmount, e.displayCurrency, "en-US")})
                      </span>
                    ) : null}
                  </p>
                </div>
                <dl className="mt-1 grid grid-cols-1 gap-x-4 gap-y-0.5 text-sm text-gray-700 sm:grid-cols-2">
                  <div>
                    <dt className="inline">Date: </dt>
                    <dd className="inline">{formatDate(e.date)}</dd>
                  </div>
                  <div>
                    <dt className="inline">Status: </dt>
                    <dd className="inline">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.className}`}>
                        {status.label}
                      </span>
                    </dd>
                  </div>
                  {e.paymentMethod ? (
                    <div>
                      <dt className="inline">Paid with: </dt>
                      <dd className="inline">
                        {e.paymentMethod}
                        {e.confirmationCode ? ` · ${e.confirmationCode}` : ""}
                      </dd>
                    </div>
                  ) : null}
                  <div>
                    <dt className="inline">Reference: </dt>
                    <dd className="inline break-all">{e.merchantReference}</dd>
                  </div>
                </dl>
                {HAS_RECEIPT.has(e.status) ? (
                  <p className="mt-2 flex flex-wrap gap-4 text-sm font-semibold">
                    <Link to={`/receipts/${e.orderId}`} className="text-brand-700 underline">
                      Receipt
                      <span className="sr-only">
                        {" "}
                        for {e.itemName}, {formatDate(e.date)}
                      </span>
                    </Link>
                    <a href={`/receipts/${e.orderId}/pdf`} className="text-brand-700 underline" download>
                      PDF
                      <span className="sr-only">
                        {" "}
                        receipt for {e.itemName}, {formatDate(e.date)}
                      </span>
                    </a>
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
