import type { ReactNode } from "react";
import { useT } from "~/lib/i18n/use-t";

/**
 * The summary card at the top of a checkout (the reader's own order and a gift): the cover, the title and one line
 * about it, then what the page puts below (the price lines, a notice).
 */
export function OrderSummary({
  headingId,
  heading,
  coverImageUrl,
  title,
  subtitle,
  children,
}: {
  headingId: string;
  heading: string;
  coverImageUrl: string | null;
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-sm font-semibold tracking-wide text-gray-700 uppercase">
        {heading}
      </h2>
      <div className="mt-3 flex gap-4">
        {coverImageUrl ? (
          <img src={coverImageUrl} alt="" width="80" height="120" className="h-28 w-20 rounded-md object-cover" />
        ) : null}
        <div>
          <p className="text-lg font-semibold text-gray-900">{title}</p>
          <p className="text-sm text-gray-700">{subtitle}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

/** One line of a price list: what it is on the left, the amount on the right. The first line of a list has no gap above. */
export function SummaryRow({
  label,
  children,
  first = false,
  valueClassName = "text-gray-900",
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  first?: boolean;
  valueClassName?: string;
  testId?: string;
}) {
  return (
    <div className={`${first ? "" : "mt-1 "}flex justify-between gap-4`}>
      <dt className="text-gray-700">{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The last two lines of every checkout's price list: the amount in shillings and where the receipt goes. */
export function ChargedAndReceiptRows({ charged, email }: { charged: string; email: string }) {
  const t = useT();
  return (
    <>
      <SummaryRow label={t("checkout.chargedInKes")}>{charged}</SummaryRow>
      <SummaryRow label={t("checkout.receiptTo")} valueClassName="break-all text-gray-900">
        {email}
      </SummaryRow>
    </>
  );
}

/** Why the prices are another country's than the one she chose (she pays from there). */
export function ChargingCountryNotice({
  notice,
  testId,
}: {
  notice: { checkout: string; reason: string };
  testId?: string;
}) {
  return (
    <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid={testId}>
      <p className="font-semibold">{notice.checkout}</p>
      <p className="mt-1">{notice.reason}</p>
    </div>
  );
}
