/**
 * Pesapal's payment_method as a reader knows it: 'MpesaKE' is M-Pesa, 'Visa' a Visa card. Every screen and e-mail
 * that names how she paid goes through this, so no gateway code reaches a person (issue 29).
 */
export function paymentMethodLabel(method: string | null | undefined): string | null {
  const code = method?.trim();
  if (!code) return null;
  if (/^m-?pesa/i.test(code)) return "M-Pesa";
  if (/^airtel/i.test(code)) return "Airtel Money";
  if (/^t-?kash/i.test(code)) return "T-Kash";
  if (/^equitel/i.test(code)) return "Equitel";
  if (/visa/i.test(code)) return "Visa card";
  if (/master/i.test(code)) return "Mastercard";
  if (/amex|american express/i.test(code)) return "American Express card";
  if (/card/i.test(code)) return "Card";
  return code;
}

/**
 * A card payment by Pesapal's payment_method (Visa, MasterCard, Amex or "card"): refundable in part (ADR 018) and the
 * only kind that can renew by itself (ADR 019). Anything else (M-Pesa, other mobile money, unknown) is not.
 */
export function isCardPayment(paymentMethod: string | null | undefined): boolean {
  return /visa|master|card|amex|american express/i.test(paymentMethod ?? "");
}
