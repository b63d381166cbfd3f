import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { AdminOrder } from "~/modules/payments/admin-orders.server";
import { GRANT_MONTHS_MAX, grantFormSchema } from "~/modules/orders/admin-order-forms";
import { useSchemaForm, type FormResult } from "~/lib/forms";
import { FormErrors, SelectField, TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { ReasonField } from "./reason-field";

/** A period of a plan given by hand, with a reason (goodwill, a proven technical error): no order is made. */
export function GrantForm({ plans, lastResult }: { plans: AdminOrder["plans"]; lastResult: FormResult | null }) {
  const [form, fields] = useSchemaForm(grantFormSchema, { id: "grant", lastResult, defaultValue: { months: "1" } });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "grant";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="grant" />
      <FormErrors form={form} />
      <SelectField meta={fields.planId} label="Plan" defaultValue={plans[0]?.id}>
        {plans.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <TextField
        meta={fields.months}
        label="Months"
        type="number"
        inputMode="numeric"
        step="1"
        hint={`1 to ${GRANT_MONTHS_MAX}.`}
      />
      <ReasonField
        meta={fields.reason}
        hint="E.g. “Goodwill month after the outage of 3 March” or “Paid twice, see order NURU-…”."
      />
      <SubmitButton busy={busy} busyLabel="Granting..." label="Grant subscription" className="min-h-11" />
    </Form>
  );
}
