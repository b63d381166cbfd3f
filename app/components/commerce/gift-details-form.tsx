import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { getFormProps } from "@conform-to/react";
import { giftCheckoutSchema } from "~/modules/membership/gift-form";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { useSchemaForm, type FormResult } from "~/lib/forms";
import { MpesaOrCardButtons } from "./pay-buttons";
import { useLocalHref, useT } from "~/lib/i18n/use-t";

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

const optional = (label: string, optionalWord: string): ReactNode => (
  <>
    {label} <span className="font-normal text-gray-700">{optionalWord}</span>
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
  const t = useT();
  const localHref = useLocalHref();
  const terms = (
    <Link to={localHref("/terms")} className="underline">
      {t("checkout.terms")}
    </Link>
  );
  const opt = t("gift.optional");
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
      <TextField
        meta={fields.recipientEmail}
        label={t("gift.herEmail")}
        type="email"
        autoComplete="off"
        hint={t("gift.herEmailHint")}
      />
      <TextField
        meta={fields.recipientPhone}
        label={optional(t("gift.herPhone"), opt)}
        type="tel"
        required={false}
        autoComplete="off"
        placeholder="0712 345 678"
        hint={t("gift.herPhoneHint")}
      />
      <TextAreaField meta={fields.note} label={optional(t("gift.note"), opt)} rows={3} maxLength={500} />
      <TextField
        meta={fields.deliverOn}
        label={optional(t("gift.sendOn"), opt)}
        type="date"
        required={false}
        min={today}
        hint={t("gift.sendOnHint")}
      />
      {mpesaDirect ? (
        <div>
          <MpesaOrCardButtons charged={charged} busy={busy} what={t("gift.forTheGift")}>
            {t("gift.cardsNote")}
            {terms}).
          </MpesaOrCardButtons>
        </div>
      ) : (
        <>
          <button
            type="submit"
            disabled={busy}
            data-busy-label={t("checkout.toPesapal")}
            className="min-h-12 w-full rounded-full bg-brand-600 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
          >
            {busy ? t("checkout.toPesapal") : t("gift.pay", { amount: charged })}
          </button>
          <p className="text-center text-sm text-gray-700">
            {t("gift.mpesaOrCardNote")}
            {terms}).
          </p>
        </>
      )}
    </Form>
  );
}
