import { desc, eq, sql } from "drizzle-orm";
import { createTransport } from "nodemailer";
import { getDb, type Database } from "~/db/client.server";
import { devOutbox } from "~/db/schema/mail";
import { nodemailerFields, type MailMessage } from "~/lib/mail/mail-message.server";

// The development outbox: outside production without SMTP_URL, mail is kept in the dev_mail_outbox table (and shown
// at /dev/mail) instead of being sent, so sign-up and password resets work without a mail server.

export type OutboxMail = typeof devOutbox.$inferSelect;

/** The shop's Mailer (lib/mail), as the outbox keeps it. */
interface OutboxMailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Keeps every mail in the dev_mail_outbox table instead of sending it. Refuses to exist in production. The raw
 * message is composed by nodemailer's stream transport from the same fields the SMTP mailer gives it (from, to,
 * subject, text, html, headers, attachments), so the .eml a person downloads is what an SMTP server would receive.
 */
export function createOutboxMailer(db: Database, from = "Nuru <no-reply@nuru.test>"): OutboxMailer {
  if (process.env.NODE_ENV === "production") {
    throw new Error("The dev mail outbox is a development stand-in and cannot be used in production; set SMTP_URL.");
  }
  const composer = createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const composed = await composer.sendMail(nodemailerFields(from, message));
      await db.insert(devOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers ?? {},
        raw: (composed.message as Buffer).toString("utf8"),
      });
    },
  };
}

/** The header section of a raw message (up to the first empty line), folded lines joined. */
export function headerLines(raw: string): string[] {
  const end = raw.search(/\r?\n\r?\n/);
  return (end < 0 ? raw : raw.slice(0, end))
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)
    .filter(Boolean);
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

/** What the /dev/mail page shows: each mail with the header lines it was sent with. */
export async function readOutbox() {
  return (await listOutbox(getDb(), 50)).map(({ raw, ...mail }) => ({ ...mail, headerLines: headerLines(raw) }));
}

/** One mail's raw message (RFC 5322), or null (unknown id, or a mail kept before raw messages were). */
export async function readOutboxRaw(id: string): Promise<string | null> {
  const [row] = await getDb().select({ raw: devOutbox.raw }).from(devOutbox).where(eq(devOutbox.id, id));
  return row?.raw ? row.raw : null;
}
