// How a gateway's refund answers read (pure): shared by the refunds and the Pesapal provider.

/**
 * Pesapal's refusal of a second refund of one payment. Its wording is unconfirmed (research 2.6), so any refusal
 * saying "duplicate", "already" or "exists" counts: it means a refund exists, never that ours was refused.
 */
export function isDuplicateRefundAnswer(message: string): boolean {
  return /duplicate|already|exist/i.test(message);
}

/**
 * Whether the payment's status shows the money went back: REVERSED (status_code 3, presumably how Pesapal reports an
 * effected refund), or a description naming a refund or reversal whatever its code and casing ("Refunded",
 * "REVERSED", "Partially Refunded").
 */
export function statusShowsRefund(status: { statusCode: number; statusDescription: string }): boolean {
  return status.statusCode === 3 || /refund|revers/i.test(status.statusDescription);
}
