import type { ComponentProps } from "react";
import { REASON_MAX } from "~/modules/orders/admin-order-forms";
import { TextAreaField } from "~/components/forms/fields";

/** Why the admin did it: every money action asks, and the record keeps it for the other admins (ADR 018). */
export function ReasonField({
  meta,
  hint,
  label = "Reason",
  rows = 3,
}: {
  meta: ComponentProps<typeof TextAreaField>["meta"];
  hint: string;
  label?: string;
  rows?: number;
}) {
  return <TextAreaField meta={meta} label={label} required rows={rows} maxLength={REASON_MAX} hint={hint} />;
}
