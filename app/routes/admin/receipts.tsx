// Receipts for the accountant: the seller and VAT settings every new receipt records, and a month's receipts and
// refunds to look over and download as CSV (receipt-export.server.ts, ADR receipt-numbering-vat-snapshots).
import { Form, Link, useNavigation } from "react-router";
import { getFormProps, getInputProps } from "@conform-to/react";
import type { Route } from "./+types/receipts";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { refusalOf } from "~/lib/action-result";
import { useSchemaForm } from "~/lib/forms";
import { adminOf } from "~/modules/access/viewer.server";
import { monthExport } from "~/modules/receipts/receipt-export.server";
import { isMonth, nairobiMonth, VAT_RATE_PERCENT } from "~/modules/receipts/receipt-rules";
import { getReceiptSettings, saveReceiptSettings } from "~/modules/receipts/receipt-settings.server";
import { receiptSettingsSchema } from "~/modules/receipts/receipt-forms";
import { formatKesCents } from "~/modules/pricing/money";
import { redirectWithToast } from "~/modules/site/flash.server";
import { smsSettingsSummary } from "~/modules/sms/sms-config.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { SmsSettings } from "~/components/admin/sms-settings";
import { FieldError, TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { nairobiDateTime } from "~/lib/nairobi-display";

export function meta() {
  return [{ title: "Receipts | Orders | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

const LIST_LIMIT = 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const asked = new URL(request.url).searchParams.get("month") ?? "";
  // A missing or malformed month shows this month rather than failing.
  const month = isMonth(asked) ? asked : nairobiMonth(new Date());
  const [settings, report] = await Promise.all([getReceiptSettings(), monthExport(admin, month)]);
  const lines = report.lines.slice(0, LIST_LIMIT);
  return { settings, month, lines, count: report.lines.length, totals: report.totals, sms: smsSettingsSummary() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOf(context);
  const { submission } = await readSubmission(request, receiptSettingsSchema);
  if (submission.status !== "success") return refuseForm(submission);
  const v = submission.value;
  await saveReceiptSettings(admin, {
    businessName: v.businessName,
    address: v.address ?? "",
    kraPin: v.kraPin ?? "",
    vatFrom: v.vat ? (v.vatFrom ?? null) : null,
  });
  throw await redirectWithToast("/admin/orders/receipts", {
    kind: "success",
    title: "Receipt settings saved",
    message: "Receipts issued from now on name these details.",
  });
}

const card = "rounded-2xl border border-rose-100 bg-white p-4 shadow-sm sm:p-6";
const field = "mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-sm";

export default function Receipts({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, month, lines, count, totals } = loaderData;
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(receiptSettingsSchema, {
    id: "receipt-settings",
    // The fields show what to correct (the page has no toast of its own).
    lastResult: refusalOf(actionData)?.form,
    defaultValue: {
      businessName: settings.businessName,
      address: settings.address,
      kraPin: settings.kraPin,
      vat: settings.vatFrom !== null,
      vatFrom: settings.vatFrom ?? "",
    },
  });
  const { key: vatKey, ...vatProps } = getInputProps(fields.vat, { type: "checkbox" });
  const { key: vatFromKey, ...vatFromProps } = getInputProps(fields.vatFrom, { type: "date" });
  return (
    <AdminFrame title="Receipts">
      <p>
        <Link to="/admin/orders" className="text-sm font-semibold text-brand-700 underline">
          Back to Orders
        </Link>
      </p>

      <section aria-labelledby="receipts-month" className={`${card} mt-4`}>
        <h2 id="receipts-month" className="text-lg font-semibold text-gray-900">
          A month for the accountant
        </h2>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="receipts-month-input" className="block text-sm font-medium text-gray-900">
              Month
            </label>
            <input
              id="receipts-month-input"
              type="month"
              name="month"
              defaultValue={month}
              pattern="\d{4}-\d{2}"
              className={field}
            />
          </div>
          <button
            type="submit"
            className="min-h-11 rounded-full border border-brand-600 px-5 text-sm font-semibold text-brand-700"
          >
            Show
          </button>
          <a
            href={`/admin/orders/receipts/csv?month=${month}`}
            download
            className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 text-sm font-semibold text-white"
          >
            Download CSV
          </a>
        </Form>
        <p className="mt-2 text-sm text-gray-700">
          Receipts completed in the month (Nairobi time), refunds Pesapal accepted and reversals, as negative lines.
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            { label: "Receipts", value: String(totals.sales) },
            { label: "Total", value: formatKesCents(totals.amountCents) },
            { label: "VAT", value: formatKesCents(totals.vatCents) },
            { label: "Net of VAT", value: formatKesCents(totals.netCents) },
          ].map((t) => (
            <div key={t.label} className="rounded-xl bg-rose-50 p-3">
              <dt className="text-xs text-gray-700">{t.label}</dt>
              <dd className="text-base font-bold text-gray-900" data-testid={`receipts-${t.label.toLowerCase()}`}>
                {t.value}
              </dd>
            </div>
          ))}
        </dl>
        {lines.length === 0 ? (
          <p className="mt-4 text-sm text-gray-700">No receipts or refunds in this month.</p>
        ) : (
          <ul className="mt-4 divide-y divide-gray-100 text-sm">
            {lines.map((l) => (
              <li key={`${l.kind}-${l.receiptNumber}-${l.refundReference}`} className="py-2" data-testid="receipt-line">
                <p className="text-gray-900">
                  <span className="font-mono">{l.receiptNumber}</span> · {l.kind} ·{" "}
                  <span className="font-semibold">{formatKesCents(l.amountCents)}</span>
                  {l.vatCents !== 0 ? ` (VAT ${formatKesCents(l.vatCents)})` : ""}
                </p>
                <p className="text-xs break-words text-gray-600">
                  <time dateTime={l.at}>{nairobiDateTime.format(new Date(l.at))}</time> · {l.buyer || l.buyerEmail}
                  {l.buyerPin ? ` · PIN ${l.buyerPin}` : ""} · {l.item}
                </p>
              </li>
            ))}
          </ul>
        )}
        {count > lines.length ? (
          <p className="mt-2 text-sm text-gray-700">
            The first {lines.length} of {count}; the CSV has them all.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="receipts-settings" className={`${card} mt-6`}>
        <h2 id="receipts-settings" className="text-lg font-semibold text-gray-900">
          What receipts say
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          Each receipt records these details when its order is paid; changing them does not change receipts already
          issued.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <TextField meta={fields.businessName} label="Business name" maxLength={200} autoComplete="organization" />
          <TextField
            meta={fields.address}
            label="Address"
            required={false}
            maxLength={300}
            autoComplete="street-address"
          />
          <TextField
            meta={fields.kraPin}
            label="KRA PIN"
            required={false}
            maxLength={40}
            autoComplete="off"
            placeholder="P051234567Z"
          />
          <div>
            <label className="flex items-center gap-2 text-sm font-medium text-gray-900">
              <input key={vatKey} {...vatProps} className="h-5 w-5" />
              Registered for VAT: receipts show {VAT_RATE_PERCENT}% VAT included in the price
            </label>
          </div>
          <div>
            <label htmlFor={fields.vatFrom.id} className="block text-sm font-medium text-gray-900">
              VAT charged from (Nairobi date)
            </label>
            <input
              key={vatFromKey}
              {...vatFromProps}
              aria-describedby={fields.vatFrom.errors ? fields.vatFrom.errorId : undefined}
              className={field}
            />
            <FieldError meta={fields.vatFrom} />
          </div>
          <SubmitButton busy={busy} busyLabel="Saving..." label="Save receipt settings" />
        </Form>
      </section>

      <SmsSettings sms={loaderData.sms} className={`${card} mt-6`} />
    </AdminFrame>
  );
}
