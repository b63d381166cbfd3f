/** Pesapal's payment_method as a reader knows it: 'MpesaKE' is M-Pesa; card brands ('Visa') stay as they are. */
export function paymentMethodLabel(method: string | null | undefined): string | null {
  if (!method) return null;
  if (/^m-?pesa/i.test(method)) return "M-Pesa";
  if (/^airtel/i.test(method)) return "Airtel Money";
  return method;
}
