/** Pesapal's payment_method as a reader knows it: 'MpesaKE' is M-Pesa; card brands ('Visa') stay as they are. */
export function paymentMethodLabel(method: string | null | undefined): string | null {
  if (!method) return null;
  if (/^m-?pesa/i.test(method)) return "M-Pesa";
  if (/^airtel/i.test(method)) return "Airtel Money";
  return method;
}

/**
 * A card payment by Pesapal's payment_method (Visa, MasterCard, Amex or "card"): refundable in part (ADR 018) and the
 * only kind that can renew by itself (ADR 019). Anything else (M-Pesa, other mobile money, unknown) is not.
 */
export function isCardPayment(paymentMethod: string | null | undefined): boolean {
  return /visa|master|card|amex|american express/i.test(paymentMethod ?? "");
}
