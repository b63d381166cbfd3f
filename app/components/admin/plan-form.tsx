import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { planFormSchema, type PlanFormValues } from "~/modules/membership/plan-form";
import {
  CompactFormErrors,
  CompactInput,
  CompactTextArea,
  ErrorText,
  compactDescription,
  compactHint,
  compactLabel,
} from "~/components/forms/fields";
import { useSchemaForm, type FormResult } from "~/lib/forms";

// The admin's create / edit form of a plan (routes/admin/plan-edit.tsx): conform with the plan's schema
// (membership/plan-form.ts, checkPlanForm's messages), checked in the browser and again by the action; it works
// without JavaScript, and a refused post comes back with what was typed and each field's message.

export function PlanForm({
  values,
  lastResult,
  isNew,
  busy,
}: {
  values: PlanFormValues;
  lastResult?: FormResult | null;
  isNew: boolean;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(planFormSchema(isNew), { id: "plan", lastResult, defaultValue: values });
  const periodCount = fields.periodCount;
  const periodUnit = fields.periodUnit;
  const { key: activeKey, ...active } = getInputProps(fields.isActive, { type: "checkbox" });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <CompactFormErrors form={form} />
      <CompactInput meta={fields.name} label="Name" maxLength={80} />
      {isNew ? (
        <CompactInput
          meta={fields.slug}
          label="Slug"
          maxLength={60}
          controlClassName="font-mono"
          hint="Used in links (/checkout/plan/…); it cannot be changed later."
        />
      ) : (
        <div>
          <p className={compactLabel}>Slug</p>
          <p className="mt-1 font-mono text-sm break-all text-gray-900">{values.slug}</p>
          <p className={compactHint}>Set when the plan was made.</p>
        </div>
      )}
      <CompactTextArea
        meta={fields.description}
        label="Description (optional)"
        maxLength={500}
        rows={2}
        className="sm:col-span-2"
      />
      <CompactInput
        meta={fields.price}
        label="Price in KES"
        inputMode="decimal"
        hint="Like 1500 or 1,500.00. Other countries pay the regional price worked out from it."
      />
      <fieldset>
        <legend className={compactLabel}>Period</legend>
        <div className="mt-1 flex gap-2">
          <input
            key={periodCount.key}
            id={periodCount.id}
            name={periodCount.name}
            defaultValue={typeof periodCount.initialValue === "string" ? periodCount.initialValue : ""}
            inputMode="numeric"
            aria-label="Number of days, weeks or months"
            className="min-h-11 w-20 rounded-md border border-gray-300 bg-white px-3 text-sm"
            {...compactDescription(periodCount)}
          />
          <select
            key={periodUnit.key}
            id={periodUnit.id}
            name={periodUnit.name}
            defaultValue={typeof periodUnit.initialValue === "string" ? periodUnit.initialValue : "month"}
            aria-label="Unit of the period"
            className="min-h-11 rounded-md border border-gray-300 bg-white px-2 text-sm"
            {...compactDescription(periodUnit)}
          >
            <option value="day">days</option>
            <option value="week">weeks</option>
            <option value="month">months</option>
          </select>
        </div>
        <ErrorText id={periodCount.errorId} message={periodCount.errors?.[0]} />
        <ErrorText id={periodUnit.errorId} message={periodUnit.errors?.[0]} />
        <p className={compactHint}>How long one payment lasts.</p>
      </fieldset>
      <CompactInput
        meta={fields.ebookLimit}
        label="Ebooks per period"
        inputMode="numeric"
        hint="Leave empty for unlimited."
      />
      <CompactInput meta={fields.trialDays} label="Free trial days" inputMode="numeric" hint="0 for none." />
      <CompactTextArea
        meta={fields.features}
        label="Features (one per line)"
        rows={4}
        className="sm:col-span-2"
        hint="Shown on /pricing as written: change a line that names the period when the period changes."
      />
      <CompactInput
        meta={fields.badge}
        label="Badge (optional)"
        maxLength={30}
        hint="A short label on the card, like “Most popular”."
      />
      <CompactInput
        meta={fields.sortKey}
        label="Sort key"
        inputMode="numeric"
        hint="Lower is listed first on /pricing."
      />
      <div className="sm:col-span-2">
        <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
          <input key={activeKey} {...active} className="h-5 w-5" />
          Active: offered on /pricing
        </label>
        <p className={compactHint}>
          A plan switched off is no longer offered; readers who have it keep it until their period ends.
        </p>
      </div>
      <p className="rounded-md bg-amber-50 p-3 text-sm text-gray-900 sm:col-span-2">
        Changes apply to new orders only. Orders already made keep the price they were made at.
      </p>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-full bg-brand-600 px-6 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {isNew ? "Create plan" : "Save plan"}
        </button>
      </div>
    </Form>
  );
}
