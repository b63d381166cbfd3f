import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { orders } from "./commerce";
import { createdAt, updatedAt, uuidId, timestamptz } from "./columns";

// Transactional SMS (issue 49 item 5, ADR 044): one row per message, written in the transaction that grants an M-Pesa
// order (so a crash loses no receipt), then sent by the "sms" job from any app process (rows are claimed with SKIP
// LOCKED, so two processes never send one twice). Receipts only: nothing else is ever sent.
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: uuidId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // What the message is for; 'receipt' is the only kind (transactional only). One receipt per order.
    kind: text("kind", { enum: ["receipt"] })
      .notNull()
      .default("receipt"),
    // International digits, '2547XXXXXXXX' (the order's receipt_phone when it was queued).
    to: text("to").notNull(),
    // The text as sent: at most 160 GSM-7 characters (sms/receipt-sms.ts).
    body: text("body").notNull(),
    // What the text was made from (amount, generic item words, until, receipt number, M-Pesa code), so the text can
    // be made again when M-Pesa's code arrives after the grant (a prompt settled by the STK query, whose answer
    // carries no receipt): the message waits for the code a few minutes before going without it.
    facts: jsonb("facts").$type<{
      mpesaCode: string;
      amountCents: number;
      item: string;
      until: string | null;
      receiptNumber: string;
      /** The buyer's language when it was queued (issue 50); English when absent. */
      locale?: "en" | "sw";
    }>(),
    // The short receipt link's token (/r/<token>): random part + signature, unique.
    linkToken: text("link_token").notNull(),
    // queued: waiting (or waiting for a retry); sending: claimed by a worker; sent: the provider took it (101/102);
    // rejected: refused for good (403 invalid number, 406 blacklisted, ...: never retried); failed: gave up retrying.
    status: text("status", { enum: ["queued", "sending", "sent", "rejected", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    claimedUntil: timestamptz("claimed_until"),
    // The provider's answer for this recipient: its status code (101 Sent, 102 Queued, 403, 406, ...) and words.
    providerStatusCode: integer("provider_status_code"),
    providerStatus: text("provider_status"),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    // What the provider says the message cost, as it says it ('KES 0.8000'): its evidence, shown to the admin and
    // never added to the shop's money.
    cost: text("cost"),
    // The delivery report posted to our callback: Success, Failed, Rejected, Buffered, Sent, Submitted, ...
    deliveryStatus: text("delivery_status"),
    deliveryFailureReason: text("delivery_failure_reason"),
    deliveredAt: timestamptz("delivered_at"),
    createdAt: createdAt(),
    sentAt: timestamptz("sent_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sms_messages_order_kind_idx").on(t.orderId, t.kind),
    uniqueIndex("sms_messages_link_token_idx").on(t.linkToken),
    uniqueIndex("sms_messages_provider_id_idx").on(t.providerMessageId),
    index("sms_messages_due_idx").on(t.status, t.nextAttemptAt),
    check("sms_messages_to_digits", sql`${t.to} ~ '^[0-9]{9,15}$'`),
    check("sms_messages_body_length", sql`char_length(${t.body}) <= 160`),
  ],
);
