import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import {
  CompactFormErrors,
  CompactInput,
  ErrorText,
  compactDescription,
  compactLabel,
} from "~/components/forms/fields";
import { useSchemaForm, type FormResult } from "~/lib/forms";
import { offerCodeEditSchema, offerCodeFormSchema } from "~/modules/orders/offer-code-rules";

// The admin's create / edit form of an offer code (routes/admin/codes.tsx and code-edit.tsx): conform with the
// code's schema (orders/offer-code-rules.ts), checked in the browser and again by the action; it works without
// JavaScript, and a refused post comes back with what was typed and each field's message.

export interface OfferCodeFormValues {
  code: string;
  description: string;
  kind: "percent" | "fixed";
  /** '20' (percent) or '100.00' (KES). */
  amount: string;
  appliesTo: "all" | "plans" | "ebooks";
  planIds: string[];
  ebookIds: string[];
  /** 'YYYY-MM-DDTHH:mm' in Nairobi time, as a datetime-local field shows it. */
  startsAt: string;
  endsAt: string;
  totalLimit: string;
  perReaderLimit: string;
  firstPeriodOnly: boolean;
  isActive: boolean;
}

export const EMPTY_CODE_FORM: OfferCodeFormValues = {
  code: "",
  description: "",
  kind: "percent",
  amount: "",
  appliesTo: "all",
  planIds: [],
  ebookIds: [],
  startsAt: "",
  endsAt: "",
  totalLimit: "",
  perReaderLimit: "1",
  firstPeriodOnly: false,
  isActive: true,
};

/** What a refused post shows again: only the form's own (a save); a refused switch on the edit page shows nothing here. */
function ownResult(reply: FormResult | null | undefined): FormResult | null {
  return reply?.initialValue?.intent === "save" ? reply : null;
}

/** The posted value(s) of a list of checkboxes, as conform gives them back. */
function ticked(value: unknown): string[] {
  return typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === "string") : [];
}

export function OfferCodeForm({
  values,
  lastResult,
  editing,
  targets,
  submitLabel,
  busy,
}: {
  values: OfferCodeFormValues;
  lastResult?: FormResult | null;
  /** The edit page posts other intents too (offerCodeEditSchema); the list page only creates. */
  editing: boolean;
  targets: { plans: { id: string; name: string }[]; ebooks: { id: string; name: string }[] };
  submitLabel: string;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(editing ? offerCodeEditSchema : offerCodeFormSchema, {
    id: "code",
    lastResult: ownResult(lastResult),
    defaultValue: { ...values, intent: "save" },
  });
  const text = (meta: { initialValue?: unknown }, fallback: string) =>
    typeof meta.initialValue === "string" ? meta.initialValue : fallback;
  const planIds = ticked(fields.planIds.initialValue);
  const ebookIds = ticked(fields.ebookIds.initialValue);
  const { key: firstKey, ...firstPeriodOnly } = getInputProps(fields.firstPeriodOnly, { type: "checkbox" });
  const { key: activeKey, ...isActive } = getInputProps(fields.isActive, { type: "checkbox" });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="save" />
      <CompactFormErrors form={form} />
      <CompactInput
        meta={fields.code}
        label="Code"
        required
        maxLength={32}
        autoCapitalize="characters"
        controlClassName="font-mono uppercase"
        hint="Letters, digits and dashes. Shared as /pricing?code=…"
      />
      <CompactInput meta={fields.description} label="Note for admins (optional)" maxLength={200} />
      <fieldset>
        <legend className={compactLabel}>Discount</legend>
        <div className="mt-1 flex gap-2">
          <select
            key={fields.kind.key}
            id={fields.kind.id}
            name={fields.kind.name}
            defaultValue={text(fields.kind, "percent")}
            aria-label="Kind of discount"
            className="min-h-11 rounded-md border border-gray-300 bg-white px-2 text-sm"
          >
            <option value="percent">% off</option>
            <option value="fixed">KES off</option>
          </select>
          <input
            key={fields.amount.key}
            id={fields.amount.id}
            name={fields.amount.name}
            defaultValue={text(fields.amount, "")}
            inputMode="decimal"
            aria-label="Amount off"
            className="min-h-11 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 text-sm"
            {...compactDescription(fields.amount)}
          />
        </div>
        <ErrorText id={fields.amount.errorId} message={fields.amount.errors?.[0]} />
      </fieldset>
      <div>
        <label htmlFor={fields.appliesTo.id} className={compactLabel}>
          For
        </label>
        <select
          key={fields.appliesTo.key}
          id={fields.appliesTo.id}
          name={fields.appliesTo.name}
          defaultValue={text(fields.appliesTo, "all")}
          className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-sm"
          {...compactDescription(fields.appliesTo)}
        >
          <option value="all">Everything</option>
          <option value="plans">Plans (all, or the ones ticked below)</option>
          <option value="ebooks">Ebooks (all, or the ones ticked below)</option>
        </select>
        <ErrorText id={fields.appliesTo.errorId} message={fields.appliesTo.errors?.[0]} />
      </div>
      <fieldset className="sm:col-span-2">
        <legend className={compactLabel}>Only these plans (when “Plans”; none ticked: every plan)</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {targets.plans.map((plan) => (
            <label key={plan.id} className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
              <input
                type="checkbox"
                name={fields.planIds.name}
                value={plan.id}
                defaultChecked={planIds.includes(plan.id)}
                className="h-5 w-5 accent-brand-600"
              />
              {plan.name}
            </label>
          ))}
        </div>
        <ErrorText id={fields.planIds.errorId} message={fields.planIds.errors?.[0]} />
      </fieldset>
      {targets.ebooks.length ? (
        <details className="sm:col-span-2" open={ebookIds.length > 0}>
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-gray-900">
            Only these ebooks (when “Ebooks”; none ticked: every ebook)
          </summary>
          <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
            {targets.ebooks.map((book) => (
              <label key={book.id} className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
                <input
                  type="checkbox"
                  name={fields.ebookIds.name}
                  value={book.id}
                  defaultChecked={ebookIds.includes(book.id)}
                  className="h-5 w-5 shrink-0 accent-brand-600"
                />
                <span className="min-w-0 break-words">{book.name}</span>
              </label>
            ))}
          </div>
          <ErrorText id={fields.ebookIds.errorId} message={fields.ebookIds.errors?.[0]} />
        </details>
      ) : null}
      <CompactInput meta={fields.startsAt} type="datetime-local" label="Starts (Nairobi time; empty: now)" />
      <CompactInput meta={fields.endsAt} type="datetime-local" label="Ends (empty: never)" />
      <CompactInput meta={fields.totalLimit} inputMode="numeric" label="Uses in total (empty: no limit)" />
      <CompactInput meta={fields.perReaderLimit} inputMode="numeric" label="Uses per reader (empty: no limit)" />
      <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
        <input key={firstKey} {...firstPeriodOnly} className="h-5 w-5 accent-brand-600" />
        First period only (card renewals pay the full price)
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
        <input key={activeKey} {...isActive} className="h-5 w-5 accent-brand-600" />
        On (readers can use it)
      </label>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-full bg-brand-600 px-6 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
        >
          {busy ? "Saving..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}
