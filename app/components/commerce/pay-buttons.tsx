import type { ReactNode } from "react";
import { useLocale, useT } from "~/lib/i18n/use-t";

/**
 * M-Pesa direct beside the card (ADR 043): two submit buttons of one form, `method=mpesa` leading to the "check your
 * phone" page and `method=card` to Pesapal's page. Shown when the owner chose Daraja for M-Pesa; works without
 * JavaScript (the pressed button's value is posted).
 */
export function MpesaOrCardButtons({
  charged,
  busy,
  what = "",
  children,
}: {
  /** The amount as the page shows it ("KSh 500.00"). */
  charged: string;
  busy: boolean;
  /** Words after the amount on the M-Pesa button: " for the gift". */
  what?: string;
  /** The line under the card button (where cards are paid, and the refund terms). */
  children: ReactNode;
}) {
  const t = useT();
  const sw = useLocale() === "sw";
  return (
    <>
      <button
        type="submit"
        name="method"
        value="mpesa"
        disabled={busy}
        className="min-h-12 w-full rounded-full bg-emerald-700 px-6 py-3 text-lg font-semibold text-white hover:bg-emerald-800 disabled:opacity-70"
      >
        {sw ? (
          t("checkout.payWithMpesa", { amount: charged, what })
        ) : (
          <>
            Pay {charged}
            {what} with M-Pesa
          </>
        )}
      </button>
      <p className="mt-2 text-center text-sm text-gray-700">{t("checkout.mpesaPromptNote")}</p>
      <button
        type="submit"
        name="method"
        value="card"
        disabled={busy}
        className="mt-4 min-h-12 w-full rounded-full border border-brand-600 px-6 py-3 font-semibold text-brand-700 hover:bg-rose-50 disabled:opacity-70"
      >
        {t("checkout.payByCard")}
      </button>
      <p className="mt-3 text-center text-sm text-gray-700">{children}</p>
    </>
  );
}
