import { Form, Link } from "react-router";
import type { ProviderComparisons } from "~/modules/payments/reconcile-report.server";

interface Row {
  key: string;
  kind?: string;
  reference: string;
  orderId: string | null;
  recorded: string;
  says: string;
  action: string;
}

/**
 * What Pesapal and M-Pesa (Daraja) say against what the shop recorded, asked on demand: each comparison calls the
 * providers (a status question per order that can still change), so the page does it when the admin asks, and the
 * scheduled check and `npm run reconcile` do the same (ADR 027, ADR 043).
 */
export function ProviderComparisons({
  from,
  to,
  compared,
  className,
}: {
  from: string;
  to: string;
  compared: ProviderComparisons | null;
  className: string;
}) {
  return (
    <section aria-labelledby="reconcile-providers" className={className}>
      <h2 id="reconcile-providers" className="text-lg font-semibold text-gray-900">
        Compared with Pesapal and M-Pesa
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        Asks Pesapal about every order that can still change and every refund with an unknown outcome, and M-Pesa
        (Daraja) about every recent prompt, then lists where they disagree with the shop&apos;s records. Nothing is
        changed.
      </p>
      <Form method="get" className="mt-3">
        <input type="hidden" name="from" value={from} />
        <input type="hidden" name="to" value={to} />
        <input type="hidden" name="compare" value="providers" />
        <button
          type="submit"
          className="min-h-11 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {compared ? "Compare again" : "Compare now"}
        </button>
      </Form>
      {compared ? (
        <>
          <ProviderResult
            name="Pesapal"
            summary={
              compared.pesapal.reached
                ? `${compared.pesapal.ordersAsked} orders that can still change, ${compared.pesapal.refundsAsked} refunds with an unknown outcome asked.`
                : null
            }
            problem={compared.pesapal.reached ? null : compared.pesapal.problem}
            rows={compared.pesapal.differences.map((d) => ({ ...d, key: `p-${d.orderId}`, says: d.pesapal }))}
          />
          {compared.daraja ? (
            <ProviderResult
              name="M-Pesa"
              summary={
                compared.daraja.reached
                  ? `${compared.daraja.ordersCompared} M-Pesa direct orders compared, ${compared.daraja.promptsAsked} prompts asked.`
                  : null
              }
              problem={compared.daraja.reached ? null : compared.daraja.problem}
              rows={compared.daraja.differences.map((d, i) => ({ ...d, key: `d-${i}`, says: d.mpesa }))}
            />
          ) : (
            <p className="mt-3 text-sm text-gray-700">M-Pesa direct has not been used: nothing to compare.</p>
          )}
        </>
      ) : null}
    </section>
  );
}

function ProviderResult({
  name,
  summary,
  problem,
  rows,
}: {
  name: string;
  summary: string | null;
  problem: string | null;
  rows: Row[];
}) {
  return (
    <div className="mt-4" data-testid={`compared-${name === "Pesapal" ? "pesapal" : "mpesa"}`}>
      <h3 className="text-base font-semibold text-gray-900">{name}</h3>
      {problem ? (
        <p role="alert" className="mt-1 text-sm text-red-800">
          Not compared: {problem}
        </p>
      ) : (
        <p className="mt-1 text-sm text-gray-700">
          {summary}{" "}
          {rows.length === 0
            ? "No differences."
            : `${rows.length} ${rows.length === 1 ? "difference" : "differences"}:`}
        </p>
      )}
      {rows.length > 0 ? (
        <ul className="mt-2 divide-y divide-gray-100 text-sm">
          {rows.map((d) => (
            <li key={d.key} className="py-2" data-testid="provider-difference">
              <p className="break-words text-gray-900">
                {d.orderId ? (
                  <Link to={`/admin/orders/${d.orderId}`} className="font-mono text-brand-700 underline">
                    {d.reference}
                  </Link>
                ) : (
                  <span className="font-mono">{d.reference}</span>
                )}
                : we recorded {d.recorded}; {name} says {d.says}.
              </p>
              <p className="break-words text-gray-700">To do: {d.action}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
