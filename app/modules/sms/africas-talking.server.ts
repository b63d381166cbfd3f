// Africa's Talking's SMS API called with fetch (ADR 044: the official `africastalking` SDK builds its URLs from
// module-level constants, https://api.africastalking.com or the sandbox's, with no way to point it at another address,
// so the stand-in could not be reached through it). The request is the one the SDK itself sends:
// POST {base}/version1/messaging, form-encoded username, to, message, from (the sender ID) and bulkSMSMode=1,
// header apiKey; AT answers 201 with SMSMessageData.Recipients[], one per number, each with its statusCode.
import type { SmsOutcome, SmsSender, SmsToSend } from "./sms-sender";

export const AT_LIVE_BASE_URL = "https://api.africastalking.com";
export const AT_SANDBOX_BASE_URL = "https://api.sandbox.africastalking.com";

export interface AfricasTalkingConnection {
  baseUrl: string;
  username: string;
  apiKey: string;
  /** The registered alphanumeric sender ID (a transactional one); unset in the sandbox. */
  senderId?: string;
  /** A request that takes longer is abandoned and retried later (AT may still have sent it: see the queue). */
  timeoutMs?: number;
  /** Shown to the admin. */
  name?: string;
}

/** The documented per-recipient status codes (AT "SMS: sending", statusCode). */
const ACCEPTED = new Set([100, 101, 102]);
/** Refused for this number for good: retrying cannot help. */
const FINAL = new Set([403, 404, 406, 409]);

interface AtRecipient {
  statusCode?: number;
  status?: string;
  messageId?: string;
  cost?: string;
  number?: string;
}

/** One recipient's answer in the shop's terms. */
export function outcomeOfRecipient(recipient: AtRecipient): SmsOutcome {
  const statusCode = Number(recipient.statusCode);
  const status = String(recipient.status ?? "").slice(0, 100) || `status ${statusCode}`;
  if (ACCEPTED.has(statusCode) && recipient.messageId) {
    const cost = recipient.cost && recipient.cost !== "0" ? String(recipient.cost).slice(0, 40) : null;
    return { kind: "accepted", statusCode, status, messageId: String(recipient.messageId).slice(0, 200), cost };
  }
  if (FINAL.has(statusCode)) return { kind: "rejected", statusCode, status };
  // 401 RiskHold, 402 InvalidSenderId, 405 InsufficientBalance, 407 CouldNotRoute, 5xx: may pass later.
  return { kind: "retry", statusCode: Number.isFinite(statusCode) ? statusCode : null, status };
}

export function createAfricasTalkingSender(connection: AfricasTalkingConnection): SmsSender {
  const url = `${connection.baseUrl.replace(/\/$/, "")}/version1/messaging`;
  return {
    name: connection.name ?? "Africa's Talking",
    async send(message: SmsToSend): Promise<SmsOutcome> {
      const form = new URLSearchParams({
        username: connection.username,
        to: `+${message.to}`,
        message: message.body,
        bulkSMSMode: "1",
      });
      if (connection.senderId) form.set("from", connection.senderId);
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: {
            apiKey: connection.apiKey,
            Accept: "application/json",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: form,
          signal: AbortSignal.timeout(connection.timeoutMs ?? 10_000),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        return { kind: "retry", statusCode: null, status: timedOut ? "no answer in time" : "unreachable" };
      }
      const text = await response.text().catch(() => "");
      if (response.status !== 201 && response.status !== 200) {
        // 401 (wrong key or username), 5xx: nothing was sent.
        return {
          kind: "retry",
          statusCode: response.status,
          status: `HTTP ${response.status} ${text.slice(0, 80)}`.trim(),
        };
      }
      let recipients: AtRecipient[];
      try {
        const body = JSON.parse(text) as { SMSMessageData?: { Recipients?: AtRecipient[]; Message?: string } };
        recipients = body.SMSMessageData?.Recipients ?? [];
        if (recipients.length === 0) {
          // AT names a refusal of the whole request in Message (e.g. "InvalidSenderId").
          return {
            kind: "retry",
            statusCode: null,
            status: String(body.SMSMessageData?.Message ?? "no recipient").slice(0, 100),
          };
        }
      } catch {
        return { kind: "retry", statusCode: null, status: "unreadable answer" };
      }
      return outcomeOfRecipient(recipients[0]);
    },
  };
}
