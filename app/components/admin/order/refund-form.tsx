import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { AdminOrder } from "~/modules/payments/admin-orders.server";
import { refundFormSchema } from "~/modules/orders/admin-order-forms";
import { paymentMethodLabel } from "~/modules/orders/payment-method";
import { formatKesCents } from "~/modules/pricing/money";
import { useSchemaForm, type FormResult } from "~/lib/forms";
import { FieldError, FormErrors, TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { ReasonField } from "./reason-field";

/** Refund the verified payment through Pesapal: in full (access ends) or, for a card, in part (access kept). */
export function RefundForm({
  refund,
  lastResult,
}: {
  refund: NonNullable<AdminOrder["refund"]>;
  lastResult: FormResult | null;
}) {
  const [form, fields] = useSchemaForm(refundFormSchema, { id: "refund", lastResult, defaultValue: { mode: "full" } });
  const [mode, setMode] = useState<"full" | "partial">("full");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "refund";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="refund" />
      <p className="text-sm text-gray-900">
        Paid: <span className="font-semibold">{formatKesCents(refund.paidCents)}</span>
        {refund.method ? ` by ${paymentMethodLabel(refund.method)}` : ""}
      </p>
      <FormErrors form={form} />
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">How much</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
            <input
              type="radio"
              name={fields.mode.name}
              value="full"
              checked={mode === "full"}
              onChange={() => setMode("full")}
              className="h-4 w-4"
            />
            Full refund ({formatKesCents(refund.paidCents)}), access ends
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm text-gray-900">
            <input
              type="radio"
              name={fields.mode.name}
              value="partial"
              checked={mode === "partial"}
              disabled={!refund.partialAllowed}
              onChange={() => setMode("partial")}
              aria-describedby={refund.partialAllowed ? undefined : "refund-partial-note"}
              className="h-4 w-4"
            />
            Partial refund, access kept
          </label>
        </div>
        {refund.partialAllowed ? null : (
          <p id="refund-partial-note" className="mt-1 text-sm text-gray-600">
            Paid by mobile money: only a full refund is possible.
          </p>
        )}
        <FieldError meta={fields.mode} />
      </fieldset>
      {mode === "partial" ? (
        <TextField
          meta={fields.amount}
          label="Amount to refund (KSh)"
          inputMode="decimal"
          maxLength={13}
          placeholder="150.00"
          hint={`More than 0.00 and less than ${formatKesCents(refund.paidCents)}.`}
        />
      ) : null}
      <ReasonField meta={fields.reason} hint="Sent to Pesapal as the refund's remarks and kept in the audit log." />
      <SubmitButton busy={busy} busyLabel="Asking Pesapal..." label="Request refund" className="min-h-11" />
    </Form>
  );
}
