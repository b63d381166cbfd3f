/**
 * Why a payment failed, in her words (issue 46, item 16): Pesapal's texts ("Unable to Authorize Transaction.Kindly
 * contact your bank for assistance", payment_status_code "request_terminated_by_user") never reach a reader as they
 * are. Known causes are matched on the gateway's own text; anything else gets a plain sentence, never the raw one.
 */
export interface FailureReason {
  /** What happened, e.g. "Your M-Pesa balance was not enough for this payment." */
  reason: string;
  /** What to do next. */
  next: string;
}

/** What the payments row keeps of GetTransactionStatus (its `raw`), as far as a failure's reason goes. */
export interface GatewayFailureReport {
  description?: string | null;
  paymentStatusCode?: string | null;
  statusDescription?: string | null;
  paymentMethod?: string | null;
}

const RULES: { test: RegExp; reason: string; next: string }[] = [
  {
    test: /insufficient|not enough|balance/i,
    reason: "Your balance was not enough for this payment.",
    next: "Top up your M-Pesa or use another card, then try again.",
  },
  {
    test: /terminated_by_user|cancel+ed by (the )?user|user cancel|request cancel+ed|cancel/i,
    reason: "The payment was cancelled before it finished.",
    next: "Try again and accept the M-Pesa prompt on your phone with your PIN.",
  },
  {
    test: /time ?out|timed out|expired|no response|ds timeout|unreachable/i,
    reason: "The M-Pesa prompt timed out before the payment was confirmed.",
    next: "Keep your phone unlocked and nearby, try again, and enter your PIN within a minute.",
  },
  {
    test: /\bpin\b|initiator information is invalid|credentials/i,
    reason: "The PIN entered was not accepted.",
    next: "Try again and enter your M-Pesa PIN carefully.",
  },
  {
    test: /limit/i,
    reason: "The payment is over a limit on your account.",
    next: "Try another card or M-Pesa, or ask your bank or Safaricom to raise the limit.",
  },
  {
    test: /unable to authori[sz]e|declined|do not honou?r|contact your bank|not authori[sz]ed|card/i,
    reason: "Your bank declined the card payment.",
    next: "Try another card or M-Pesa, or ask your bank why the payment was declined.",
  },
];

/** Her words for the reason Pesapal gave, and what to do next; a general sentence when Pesapal said nothing known. */
export function failureReasonOf(report: GatewayFailureReport | null | undefined): FailureReason {
  const texts = [report?.paymentStatusCode, report?.description, report?.statusDescription]
    .map((text) => text?.trim() ?? "")
    // "Failed" / "INVALID" say only what the status already says.
    .filter((text) => text && !/^(failed|invalid)$/i.test(text));
  for (const text of texts) {
    const rule = RULES.find((r) => r.test.test(text));
    if (rule) return { reason: rule.reason, next: rule.next };
  }
  return {
    reason: "Pesapal could not complete the payment.",
    next: "Try again with M-Pesa or a card.",
  };
}
