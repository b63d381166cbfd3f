import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { getFormProps } from "@conform-to/react";
import { giftCheckoutSchema } from "~/modules/membership/gift-form";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { useSchemaForm, type FormResult } from "~/lib/forms";
import { MpesaOrCardButtons } from "./pay-buttons";

// The gift checkout's form (routes/gift-checkout.tsx): conform with the gift's schema (membership/gift-form.ts),
// checked in the browser and again by the action; it works without JavaScript, and a refused post comes back with
// what she typed and each field's message. The posted names (recipientEmail, recipientPhone, note, deliverOn, method)
// are the action's.

/** What the form starts with: empty, or the details of a gift whose payment did not go through (issue 46). */
export interface GiftFormValues {
  recipientEmail: string;
  recipientPhone: string;
  note: string;
  deliverOn: string;
}

const optional = (label: string): ReactNode => (
  <>
    {label} <span className="font-normal text-gray-700">(optional)</span>
  </>
);

export function GiftDetailsForm({
  values,
  lastResult,
  today,
  charged,
  mpesaDirect,
  busy,
}: {
  values: GiftFormValues | null;
  lastResult?: FormResult | null;
  /** Nairobi's date, the earliest day she can pick. */
  today: string;
  /** The amount as the page shows it ("KSh 500.00"). */
  charged: string;
  mpesaDirect: boolean;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(giftCheckoutSchema, {
    id: "gift",
    lastResult,
    defaultValue: values ?? undefined,
  });
  const terms = (
    <Link to="/terms" className="underline">
      Terms
    </Link>
  );
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
      <TextField
        meta={fields.recipientEmail}
        label="Her e-mail address"
        type="email"
        autoComplete="off"
        hint="We e-mail her a link to claim the gift. She never sees the price."
      />
      <TextField
        meta={fields.recipientPhone}
        label={optional("Her phone number")}
        type="tel"
        required={false}
        autoComplete="off"
        placeholder="0712 345 678"
        hint="Written in the e-mail so she knows it is for her. We send no SMS."
      />
      <TextAreaField meta={fields.note} label={optional("A note")} rows={3} maxLength={500} />
      <TextField
        meta={fields.deliverOn}
        label={optional("Send it on")}
        type="date"
        required={false}
        min={today}
        hint="Leave it empty to send it as soon as you have paid. Dates are Nairobi time."
      />
      {mpesaDirect ? (
        <div>
          <MpesaOrCardButtons charged={charged} busy={busy} what=" for the gift">
            Cards on Pesapal&apos;s secure page. Your receipt says it is a gift. A gift she has not claimed can be
            refunded on request ({terms}).
          </MpesaOrCardButtons>
        </div>
      ) : (
        <>
          <button
            type="submit"
            disabled={busy}
            data-busy-label="Taking you to Pesapal..."
            className="min-h-12 w-full rounded-full bg-brand-600 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
          >
            {busy ? "Taking you to Pesapal..." : `Pay ${charged} for the gift`}
          </button>
          <p className="text-center text-sm text-gray-700">
            M-Pesa or card, on Pesapal&apos;s secure page. Your receipt says it is a gift. A gift she has not claimed
            can be refunded on request ({terms}).
          </p>
        </>
      )}
    </Form>
  );
}
