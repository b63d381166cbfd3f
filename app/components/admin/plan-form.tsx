import { Form } from "react-router";
import type { PlanFormErrors, PlanFormValues } from "~/modules/membership/plan-form";
import { ErrorText, PlainFormError, PlainInput, PlainTextArea, plainHint, plainLabel } from "~/components/forms/fields";

// The admin's create / edit form of a plan (routes/admin/plan-edit.tsx): a plain form that works without
// JavaScript; the action reads it with planFormSchema (membership/plan-form.ts, checkPlanForm's messages).

export function PlanForm({
  values,
  errors,
  isNew,
  busy,
}: {
  values: PlanFormValues;
  errors?: PlanFormErrors;
  isNew: boolean;
  busy: boolean;
}) {
  const e = errors ?? {};
  /** A field named as the form posts it, with its id, value and message. */
  const field = (name: Exclude<keyof PlanFormValues, "isActive">) => ({
    id: `plan-${name}`,
    name,
    defaultValue: values[name],
    error: e[name],
  });
  const invalid = (name: keyof PlanFormValues) =>
    e[name] ? { "aria-invalid": true, "aria-describedby": `plan-${name}-error` } : {};
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
      <PlainFormError message={e.form} />
      <PlainInput {...field("name")} label="Name" maxLength={80} />
      {isNew ? (
        <PlainInput
          {...field("slug")}
          label="Slug"
          maxLength={60}
          controlClassName="font-mono"
          hint="Used in links (/checkout/plan/…); it cannot be changed later."
        />
      ) : (
        <div>
          <p className={plainLabel}>Slug</p>
          <p className="mt-1 font-mono text-sm break-all text-gray-900">{values.slug}</p>
          <p className={plainHint}>Set when the plan was made.</p>
        </div>
      )}
      <PlainTextArea
        {...field("description")}
        label="Description (optional)"
        maxLength={500}
        rows={2}
        className="sm:col-span-2"
      />
      <PlainInput
        {...field("price")}
        label="Price in KES"
        inputMode="decimal"
        hint="Like 1500 or 1,500.00. Other countries pay the regional price worked out from it."
      />
      <fieldset>
        <legend className={plainLabel}>Period</legend>
        <div className="mt-1 flex gap-2">
          <input
            id="plan-periodCount"
            name="periodCount"
            defaultValue={values.periodCount}
            inputMode="numeric"
            aria-label="Number of days, weeks or months"
            className="min-h-11 w-20 rounded-md border border-gray-300 bg-white px-3 text-sm"
            {...invalid("periodCount")}
          />
          <select
            name="periodUnit"
            defaultValue={values.periodUnit}
            aria-label="Unit of the period"
            className="min-h-11 rounded-md border border-gray-300 bg-white px-2 text-sm"
            {...invalid("periodUnit")}
          >
            <option value="day">days</option>
            <option value="week">weeks</option>
            <option value="month">months</option>
          </select>
        </div>
        <ErrorText id="plan-periodCount-error" message={e.periodCount} />
        <ErrorText id="plan-periodUnit-error" message={e.periodUnit} />
        <p className={plainHint}>How long one payment lasts.</p>
      </fieldset>
      <PlainInput
        {...field("ebookLimit")}
        label="Ebooks per period"
        inputMode="numeric"
        hint="Leave empty for unlimited."
      />
      <PlainInput {...field("trialDays")} label="Free trial days" inputMode="numeric" hint="0 for none." />
      <PlainTextArea
        {...field("features")}
        label="Features (one per line)"
        rows={4}
        className="sm:col-span-2"
        hint="Shown on /pricing as written: change a line that names the period when the period changes."
      />
      <PlainInput
        {...field("badge")}
        label="Badge (optional)"
        maxLength={30}
        hint="A short label on the card, like “Most popular”."
      />
      <PlainInput
        {...field("sortKey")}
        label="Sort key"
        inputMode="numeric"
        hint="Lower is listed first on /pricing."
      />
      <div className="sm:col-span-2">
        <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
          <input type="checkbox" name="isActive" defaultChecked={values.isActive} className="h-5 w-5" />
          Active: offered on /pricing
        </label>
        <p className={plainHint}>
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
