import { desc, eq, sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { devOutbox } from "~/db/schema/mail";

// The development outbox: outside production without SMTP_URL, mail is kept in the dev_mail_outbox table (and shown
// at /dev/mail) instead of being sent, so sign-up and password resets work without a mail server.

export type OutboxMail = typeof devOutbox.$inferSelect;

/** The shop's Mailer (modules/mail), as the outbox keeps it: attachments are not kept. */
interface OutboxMailer {
  send(message: {
    to: string;
    subject: string;
    text: string;
    html: string;
    headers?: Record<string, string>;
  }): Promise<void>;
}

/** Keeps every mail in the dev_mail_outbox table instead of sending it. Refuses to exist in production. */
export function createOutboxMailer(db: Database): OutboxMailer {
  if (process.env.NODE_ENV === "production") {
    throw new Error("The dev mail outbox is a development stand-in and cannot be used in production; set SMTP_URL.");
  }
  return {
    async send(message) {
      await db.insert(devOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ?? {},
      });
    },
  };
}

/** Newest mails first. */
export async function listOutbox(db: Database, limit = 50): Promise<OutboxMail[]> {
  return db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt)).limit(limit);
}

/** The most recent mail to an address (compared case-insensitively), or null. */
export async function latestOutboxMailTo(db: Database, to: string): Promise<OutboxMail | null> {
  const rows = await db
    .select()
    .from(devOutbox)
    .where(eq(sql`lower(${devOutbox.to})`, to.trim().toLowerCase()))
    .orderBy(desc(devOutbox.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

/** What the /dev/mail page shows. */
export function readOutbox() {
  return listOutbox(getDb(), 50);
}
