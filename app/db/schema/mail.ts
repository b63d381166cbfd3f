import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Mail captured by the development/test stand-in mailer instead of being sent. Never used in production. */
export const devOutbox = pgTable("dev_mail_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  // Headers beyond to/subject (List-Unsubscribe and the like), so a person can check what a mail carried.
  headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
  // The whole message as an SMTP server would have received it (RFC 5322, CRLF lines), offered as a .eml file.
  raw: text("raw").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
