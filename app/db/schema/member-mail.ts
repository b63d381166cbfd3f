import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { articles } from "./content";
import { createdAt, updatedAt, uuidId, timestamptz } from "./columns";

// Member e-mail (issue 34, ADR 035): who follows the shop by e-mail, what she agreed to and when, and the queue of
// mails sent to followers. Kept apart from the account: a guest follows without one, and withdrawing consent leaves
// the account alone.

/** One address that follows the shop (or once did). The address is stored lowercased. */
export const mailSubscribers = pgTable(
  "mail_subscribers",
  {
    id: uuidId(),
    email: text("email").notNull(),
    // Her account, when she has one (a guest gets a password-less one when she confirms).
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // pending: waiting for the confirmation link; active: mailed; unsubscribed: never mailed again until she opts in.
    status: text("status", { enum: ["pending", "active", "unsubscribed"] })
      .notNull()
      .default("pending"),
    // each: one mail per article; weekly: one digest a week instead.
    frequency: text("frequency", { enum: ["each", "weekly"] })
      .notNull()
      .default("each"),
    // The categories she follows; empty means all of them.
    categoryIds: uuid("category_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    confirmedAt: timestamptz("confirmed_at"),
    unsubscribedAt: timestamptz("unsubscribed_at"),
    // When she was last sent a weekly digest (the next one covers what was published since).
    lastDigestAt: timestamptz("last_digest_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("mail_subscribers_email_idx").on(t.email),
    index("mail_subscribers_user_idx").on(t.userId),
    index("mail_subscribers_status_idx").on(t.status, t.frequency),
  ],
);

/** Every consent given, changed or withdrawn: when, from where, and the exact words she saw. */
export const mailConsents = pgTable(
  "mail_consents",
  {
    id: uuidId(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => mailSubscribers.id, { onDelete: "cascade" }),
    action: text("action", { enum: ["asked", "confirmed", "changed", "withdrawn"] }).notNull(),
    // The wording she agreed to (or the withdrawal's description), as shown to her.
    wording: text("wording").notNull(),
    // home, article, account, subscribe, preferences, one-click, confirm-link.
    source: text("source").notNull(),
    at: timestamptz("at").notNull().defaultNow(),
  },
  (t) => [index("mail_consents_subscriber_idx").on(t.subscriberId, t.at)],
);

/** One send: an article mailed to its audience, or a week's digests. */
export const mailSends = pgTable(
  "mail_sends",
  {
    id: uuidId(),
    kind: text("kind", { enum: ["article", "digest"] }).notNull(),
    articleId: uuid("article_id").references(() => articles.id, { onDelete: "set null" }),
    // followers: everyone following its categories; paying: those of them with a running plan; digest: weekly readers.
    audience: text("audience", { enum: ["followers", "paying", "digest"] }).notNull(),
    subject: text("subject").notNull(),
    // The digest's week (its Monday, yyyy-mm-dd), so a week is queued once however many processes try.
    week: text("week"),
    total: integer("total").notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [
    // An article is mailed once, however often it is saved or published again.
    uniqueIndex("mail_sends_article_idx")
      .on(t.articleId)
      .where(sql`${t.kind} = 'article'`),
    uniqueIndex("mail_sends_week_idx")
      .on(t.week)
      .where(sql`${t.kind} = 'digest'`),
    index("mail_sends_created_idx").on(t.createdAt),
  ],
);

/** One recipient of one send: the queue row and the record of what happened to it. */
export const mailDeliveries = pgTable(
  "mail_deliveries",
  {
    id: uuidId(),
    sendId: uuid("send_id")
      .notNull()
      .references(() => mailSends.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => mailSubscribers.id, { onDelete: "cascade" }),
    // queued -> sending (claimed by one worker until claimed_until) -> sent | failed | bounced | skipped.
    status: text("status", { enum: ["queued", "sending", "sent", "failed", "bounced", "skipped"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    claimedUntil: timestamptz("claimed_until"),
    sentAt: timestamptz("sent_at"),
    // The SMTP server's answer for a failure or bounce, or why it was skipped.
    lastError: text("last_error"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("mail_deliveries_send_subscriber_idx").on(t.sendId, t.subscriberId),
    index("mail_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("mail_deliveries_sent_idx").on(t.sentAt),
    check("mail_deliveries_attempts_positive", sql`${t.attempts} >= 0`),
  ],
);
