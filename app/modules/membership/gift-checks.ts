// The gift checkout's checks without zod, for the checkout pages' own script (ADR 045): zod is many times that
// script's size, so the browser checks the gift's details with these and shows the messages the schema gives
// (gift-form.ts). tests/unit/gift-checks.test.ts parses a grid of inputs both ways and keeps them in step.

const PHONE = /^\+?[0-9][0-9 ]{6,18}[0-9]$/;
/** zod's own e-mail pattern (z.email()'s default). */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * A Kenyan number (07.., 01.., +254..) or an international one in + form, spaces allowed, written as +digits; null
 * when blank, undefined when it is not a phone number.
 */
export function normalizePhone(value: string): string | null | undefined {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (!PHONE.test(trimmed)) return undefined;
  const digits = trimmed.replace(/ /g, "");
  if (/^0[17][0-9]{8}$/.test(digits)) return `+254${digits.slice(1)}`;
  if (/^\+254[17][0-9]{8}$/.test(digits)) return digits;
  if (/^\+[1-9][0-9]{7,14}$/.test(digits) && !digits.startsWith("+254")) return digits;
  return undefined;
}

function emailMessage(value = ""): string | undefined {
  if (!value) return "Enter the recipient's e-mail address.";
  const v = value.trim().toLowerCase();
  return v.length > 254 || !EMAIL.test(v) ? "Enter a valid e-mail address." : undefined;
}

function dateMessage(value = ""): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return "Pick a delivery date, or leave it empty to send the gift now.";
  return Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? "Pick a real date." : undefined;
}

/** The gift form (conform's id "gift", gift-details-form.tsx): the first message per field. */
export const GIFT_CHECKS: Record<
  string,
  (values: Record<string, string | undefined>) => Partial<Record<string, string>>
> = {
  gift: (v) => {
    const messages = {
      recipientEmail: emailMessage(v.recipientEmail),
      recipientPhone:
        normalizePhone(v.recipientPhone ?? "") === undefined
          ? "Enter a Kenyan (07… or +254…) or international (+…) phone number."
          : undefined,
      note: (v.note?.trim().replace(/\r\n/g, "\n").length ?? 0) > 500 ? "Keep the note to 500 characters." : undefined,
      deliverOn: dateMessage(v.deliverOn),
    };
    return Object.fromEntries(Object.entries(messages).filter(([, message]) => message));
  },
};
