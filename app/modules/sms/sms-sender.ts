// The one interface the shop sends SMS through (ADR 044): Africa's Talking in production, the local stand-in of it
// outside production, both over HTTP with the same client.

export interface SmsToSend {
  /** International digits, '2547XXXXXXXX'. */
  to: string;
  body: string;
}

/**
 * What became of one send, in the shop's terms:
 * - accepted: the provider took it (AT 101 Sent, 102 Queued); a delivery report may follow;
 * - rejected: refused for good for this number (AT 403 InvalidPhoneNumber, 404, 406 UserInBlacklist, 409 DND):
 *   recorded, never retried;
 * - retry: may work later (a timeout, a 5xx, 405 InsufficientBalance, a bad key or sender ID the owner can fix).
 */
export type SmsOutcome =
  | { kind: "accepted"; statusCode: number; status: string; messageId: string; cost: string | null }
  | { kind: "rejected"; statusCode: number; status: string }
  | { kind: "retry"; statusCode: number | null; status: string };

export interface SmsSender {
  /** Shown to the admin: "Africa's Talking", "Africa's Talking stand-in". */
  readonly name: string;
  send(message: SmsToSend): Promise<SmsOutcome>;
}
