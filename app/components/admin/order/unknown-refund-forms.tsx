import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { recordRefundFormSchema } from "~/modules/orders/admin-order-forms";
import { useSchemaForm, type FormResult } from "~/lib/forms";
import { FieldError, FormErrors } from "~/components/forms/fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { When } from "./order-section";
import { ReasonField } from "./reason-field";
import type { ProviderWords } from "~/modules/payments/provider-words";

/** A refund nobody knows the outcome of: ask its provider, or record what its own records show (issues 30, 49). */
export function UnknownRefundForms({
  refundId,
  nextCheckAt,
  lastResult,
  words,
}: {
  refundId: string;
  words: ProviderWords;
  nextCheckAt: string | null;
  lastResult: FormResult | null;
}) {
  const [form, fields] = useSchemaForm(recordRefundFormSchema, { id: `record-${refundId}`, lastResult });
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("refundId") === refundId;
  return (
    <div className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 sm:p-4" data-testid="refund-unknown">
      <p className="text-sm text-amber-950">
        <strong>Outcome unknown.</strong> This refund was sent, but whether {words.name} made it is not known: the money
        may already be back with the reader. Do not refund again. Nuru asks {words.name} on its own
        {nextCheckAt ? (
          <>
            {" "}
            (next: <When iso={nextCheckAt} />)
          </>
        ) : null}
        ; you can ask now, or record what {words.records} shows for this payment.
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="check-refund" />
        <input type="hidden" name="refundId" value={refundId} />
        <SubmitButton
          busy={busy("check-refund")}
          busyLabel={`Asking ${words.name}...`}
          label={`Check with ${words.name}`}
          className="min-h-11"
        />
      </Form>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-3 border-t border-amber-200 pt-3">
        <input type="hidden" name="intent" value="record-refund" />
        <input type="hidden" name="refundId" value={refundId} />
        <FormErrors form={form} />
        <fieldset>
          <legend className="text-sm font-medium text-gray-900">Record what {words.records} shows</legend>
          <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
            <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
              <input type="radio" name={fields.outcome.name} value="refunded" required className="h-4 w-4" />
              Refunded (access ends for a full refund)
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
              <input type="radio" name={fields.outcome.name} value="not-refunded" className="h-4 w-4" />
              Not refunded (the Refund button returns)
            </label>
          </div>
          <FieldError meta={fields.outcome} />
        </fieldset>
        <ReasonField
          meta={fields.note}
          label="Note"
          rows={2}
          hint="What the dashboard shows, e.g. the refund's reference and date. Kept in the activity log."
        />
        <SubmitButton
          busy={busy("record-refund")}
          busyLabel="Recording..."
          label="Record outcome"
          className="min-h-11"
        />
      </Form>
    </div>
  );
}
