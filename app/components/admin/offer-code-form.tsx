import { Form } from "react-router";
import { ErrorText, PlainFormError, PlainInput, plainLabel } from "~/components/forms/fields";
import type { FormResult } from "~/lib/forms";

// The admin's create / edit form of an offer code (routes/admin/codes.tsx and code-edit.tsx): a plain form that
// works without JavaScript; the action reads it with offerCodeFormSchema (orders/offer-code-rules.ts) and answers a
// refusal in the one shape, whose conform reply `refusedCodeForm` turns back into the form's values and errors.

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

export type OfferCodeFormErrors = Partial<Record<keyof OfferCodeFormValues | "form", string>>;

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

/**
 * A refused form as the action answered it (conform's reply, `refusal.form`): the values as posted, and the first
 * error of each field (the form's own errors under `form`). Null when nothing was refused.
 */
export function refusedCodeForm(
  reply: FormResult | undefined,
): { values: OfferCodeFormValues | null; errors: OfferCodeFormErrors } | null {
  if (!reply) return null;
  const errors: OfferCodeFormErrors = {};
  for (const [name, messages] of Object.entries(reply.error ?? {})) {
    const key = (name === "" ? "form" : name) as keyof OfferCodeFormErrors;
    if (messages?.[0]) errors[key] ??= messages[0];
  }
  const input = reply.initialValue ?? {};
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const list = (v: unknown) =>
    typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  return {
    errors,
    // CASE: not the form's own post (a tampered intent) -> nothing typed to give back.
    values:
      input.intent !== "save"
        ? null
        : {
            code: text(input.code),
            description: text(input.description),
            kind: input.kind === "fixed" ? "fixed" : "percent",
            amount: text(input.amount),
            appliesTo: input.appliesTo === "plans" || input.appliesTo === "ebooks" ? input.appliesTo : "all",
            planIds: list(input.planIds),
            ebookIds: list(input.ebookIds),
            startsAt: text(input.startsAt),
            endsAt: text(input.endsAt),
            totalLimit: text(input.totalLimit),
            perReaderLimit: text(input.perReaderLimit),
            firstPeriodOnly: input.firstPeriodOnly === "on",
            isActive: input.isActive === "on",
          },
  };
}

export function OfferCodeForm({
  values,
  errors,
  targets,
  submitLabel,
  busy,
}: {
  values: OfferCodeFormValues;
  errors?: OfferCodeFormErrors;
  targets: { plans: { id: string; name: string }[]; ebooks: { id: string; name: string }[] };
  submitLabel: string;
  busy: boolean;
}) {
  const e = errors ?? {};
  /** A field named as the form posts it, with its value and message. */
  const field = (
    id: string,
    name: Exclude<keyof OfferCodeFormValues, "planIds" | "ebookIds" | "firstPeriodOnly" | "isActive">,
  ) => ({
    id,
    name,
    defaultValue: values[name],
    error: e[name],
  });
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
      <input type="hidden" name="intent" value="save" />
      <PlainFormError message={e.form} />
      <PlainInput
        {...field("code-code", "code")}
        label="Code"
        required
        maxLength={32}
        autoCapitalize="characters"
        controlClassName="font-mono uppercase"
        hint="Letters, digits and dashes. Shared as /pricing?code=…"
      />
      <PlainInput {...field("code-description", "description")} label="Note for admins (optional)" maxLength={200} />
      <fieldset>
        <legend className={plainLabel}>Discount</legend>
        <div className="mt-1 flex gap-2">
          <select
            name="kind"
            defaultValue={values.kind}
            aria-label="Kind of discount"
            className="min-h-11 rounded-md border border-gray-300 bg-white px-2 text-sm"
          >
            <option value="percent">% off</option>
            <option value="fixed">KES off</option>
          </select>
          <input
            name="amount"
            defaultValue={values.amount}
            inputMode="decimal"
            aria-label="Amount off"
            className="min-h-11 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 text-sm"
            aria-invalid={e.amount ? true : undefined}
            aria-describedby={e.amount ? "code-amount-error" : undefined}
          />
        </div>
        <ErrorText id="code-amount-error" message={e.amount} />
      </fieldset>
      <div>
        <label htmlFor="code-applies" className={plainLabel}>
          For
        </label>
        <select
          id="code-applies"
          name="appliesTo"
          defaultValue={values.appliesTo}
          className="mt-1 block min-h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-sm"
        >
          <option value="all">Everything</option>
          <option value="plans">Plans (all, or the ones ticked below)</option>
          <option value="ebooks">Ebooks (all, or the ones ticked below)</option>
        </select>
      </div>
      <fieldset className="sm:col-span-2">
        <legend className={plainLabel}>Only these plans (when “Plans”; none ticked: every plan)</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {targets.plans.map((plan) => (
            <label key={plan.id} className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
              <input
                type="checkbox"
                name="planIds"
                value={plan.id}
                defaultChecked={values.planIds.includes(plan.id)}
                className="h-5 w-5 accent-brand-600"
              />
              {plan.name}
            </label>
          ))}
        </div>
      </fieldset>
      {targets.ebooks.length ? (
        <details className="sm:col-span-2" open={values.ebookIds.length > 0}>
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-gray-900">
            Only these ebooks (when “Ebooks”; none ticked: every ebook)
          </summary>
          <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
            {targets.ebooks.map((book) => (
              <label key={book.id} className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
                <input
                  type="checkbox"
                  name="ebookIds"
                  value={book.id}
                  defaultChecked={values.ebookIds.includes(book.id)}
                  className="h-5 w-5 shrink-0 accent-brand-600"
                />
                <span className="min-w-0 break-words">{book.name}</span>
              </label>
            ))}
          </div>
        </details>
      ) : null}
      <PlainInput
        {...field("code-starts", "startsAt")}
        type="datetime-local"
        label="Starts (Nairobi time; empty: now)"
      />
      <PlainInput {...field("code-ends", "endsAt")} type="datetime-local" label="Ends (empty: never)" />
      <PlainInput {...field("code-total", "totalLimit")} inputMode="numeric" label="Uses in total (empty: no limit)" />
      <PlainInput
        {...field("code-per-reader", "perReaderLimit")}
        inputMode="numeric"
        label="Uses per reader (empty: no limit)"
      />
      <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
        <input
          type="checkbox"
          name="firstPeriodOnly"
          value="on"
          defaultChecked={values.firstPeriodOnly}
          className="h-5 w-5 accent-brand-600"
        />
        First period only (card renewals pay the full price)
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
        <input
          type="checkbox"
          name="isActive"
          value="on"
          defaultChecked={values.isActive}
          className="h-5 w-5 accent-brand-600"
        />
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
