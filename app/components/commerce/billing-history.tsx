import { Link } from "react-router";
import { formatKesCents, formatMinorUnits } from "~/modules/pricing/money";
import { formatDate } from "~/lib/format";
import type { BillingEntry } from "~/modules/membership/library.server";
import { useLocale, useLocalHref, useT } from "~/lib/i18n/use-t";
import type { Translate } from "~/lib/i18n/i18n";
import { methodWordsSw } from "./checkout-words";

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

/** A status's label in Swahili (issue 50): English keeps STATUS's labels. */
function statusWords(t: Translate, status: string): string | null {
  switch (status) {
    case "completed":
      return t("billing.status.completed");
    case "pending":
      return t("billing.status.pending");
    case "review":
      return t("billing.status.review");
    case "failed":
      return t("billing.status.failed");
    case "cancelled":
      return t("billing.status.cancelled");
    case "abandoned":
      return t("billing.status.abandoned");
    case "reversed":
      return t("billing.status.reversed");
    case "refunded":
      return t("billing.status.refunded");
    case "partially_refunded":
      return t("billing.status.partlyRefunded");
    default:
      return null;
  }
}

/** Orders that were paid at some point have a receipt. */
const HAS_RECEIPT = new Set(["completed", "reversed", "refunded", "partially_refunded"]);

const amountOf = (cents: number, currency: string) =>
  currency === "KES" ? formatKesCents(cents) : formatMinorUnits(cents, currency, "en-KE");

/** Every order, newest first: what, when, how much (and what she was shown), how paid, and its receipt. */
export function BillingHistory({ entries }: { entries: BillingEntry[] }) {
  const t = useT();
  const localHref = useLocalHref();
  const locale = useLocale();
  const sw = locale === "sw";
  return (
    <section
      aria-labelledby="billing-title"
      className="rounded-2xl border border-rose-100 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="billing-title" className="text-xl font-semibold text-gray-900">
        {t("billing.title")}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-gray-700">{t("billing.none")}</p>
      ) : (
        <ol className="mt-4 divide-y divide-gray-100">
          {entries.map((e) => {
            const known = STATUS[e.status] ?? { label: e.status, className: "bg-gray-100 text-gray-800" };
            const status = sw ? { ...known, label: statusWords(t, e.status) ?? known.label } : known;
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
                    <dt className="inline">{t("billing.date")}</dt>
                    <dd className="inline">{formatDate(e.date, locale)}</dd>
                  </div>
                  <div>
                    <dt className="inline">{t("billing.status")}</dt>
                    <dd className="inline">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.className}`}>
                        {status.label}
                      </span>
                    </dd>
                  </div>
                  {e.paymentMethod ? (
                    <div>
                      <dt className="inline">{t("billing.paidWith")}</dt>
                      <dd className="inline">
                        {/* Said as the payment return page says it ("Kadi ya Visa"). */}
                        {sw ? methodWordsSw(t, e.paymentMethod) : e.paymentMethod}
                        {e.confirmationCode ? ` · ${e.confirmationCode}` : ""}
                      </dd>
                    </div>
                  ) : null}
                  <div>
                    <dt className="inline">{t("billing.reference")}</dt>
                    <dd className="inline wrap-anywhere">{e.merchantReference}</dd>
                  </div>
                </dl>
                {HAS_RECEIPT.has(e.status) ? (
                  <p className="mt-2 flex flex-wrap gap-4 text-sm font-semibold">
                    <Link to={localHref(`/receipts/${e.orderId}`)} className="text-brand-700 underline">
                      {t("billing.receipt")}
                      {sw ? (
                        <span className="sr-only">
                          {t("billing.receiptFor", { item: e.itemName, date: formatDate(e.date, locale) })}
                        </span>
                      ) : (
                        <span className="sr-only">
                          {" "}
                          for {e.itemName}, {formatDate(e.date)}
                        </span>
                      )}
                    </Link>
                    <a href={localHref(`/receipts/${e.orderId}/pdf`)} className="text-brand-700 underline" download>
                      PDF
                      {sw ? (
                        <span className="sr-only">
                          {t("billing.pdfFor", { item: e.itemName, date: formatDate(e.date, locale) })}
                        </span>
                      ) : (
                        <span className="sr-only">
                          {" "}
                          receipt for {e.itemName}, {formatDate(e.date)}
                        </span>
                      )}
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
