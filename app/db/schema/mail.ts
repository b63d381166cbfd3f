import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, uuidId, timestamptz } from "./columns";

/** Mail captured by the development/test stand-in mailer instead of being sent. Never used in production. */
export const devOutbox = pgTable("dev_mail_outbox", {
  id: uuidId(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  // Headers beyond to/subject (List-Unsubscribe and the like), so a person can check what a mail carried.
  headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
  // The whole message as an SMTP server would have received it (RFC 5322, CRLF lines), offered as a .eml file.
  raw: text("raw").notNull().default(""),
  createdAt: createdAt(),
});

// Transactional mail after a change (issue 47 item 4, ADR 046): receipts, refund notices and gift claim mails. One row
// per mail, written in the transaction that causes it (so a crash between the commit and the send loses none, a
// rolled-back change sends none), then sent by the request right after its commit and, failing that, by the "mail"
// job from any app process (rows are claimed with SKIP LOCKED, so two processes never send one twice). The message is
// composed when it is sent, by the composer its kind's module registered (lib/mail/mail-queue.server.ts).
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: uuidId(),
    // What the mail is for, once: 'receipt:<orderId>', 'refund:<refundId>', 'gift:<giftId>:<sendCount>'.
    key: text("key").notNull(),
    // Which composer makes the message: 'receipt', 'refund', 'gift'.
    kind: text("kind").notNull(),
    // What the composer needs: ids and words only, never a claim token, an address or a PDF (all read or made at
    // send time).
    facts: jsonb("facts").$type<Record<string, unknown>>().notNull().default({}),
    // queued: waiting (or waiting for a retry); sending: claimed by a worker; sent: the mailer took it; skipped: there
    // was nothing to send any more (the gift was refunded, the order is gone); failed: gave up retrying.
    status: text("status", { enum: ["queued", "sending", "sent", "skipped", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    claimedUntil: timestamptz("claimed_until"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamptz("sent_at"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("mail_messages_key_idx").on(t.key), index("mail_messages_due_idx").on(t.status, t.nextAttemptAt)],
);
