import { desc, eq, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { getDb, type Database } from "~/db/client.server";
import { devOutbox } from "~/db/schema/mail";
import { getEnv } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail over SMTP (the dev outbox keeps the text and html only). */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on member mail (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export type OutboxMail = typeof devOutbox.$inferSelect;

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465 (TLS from the start). */
  url: string;
  /** Sender, e.g. "Nuru <no-reply@nuru.co.ke>". */
  from: string;
}

/** Sends mail through an SMTP server described by a connection URL (credentials in the URL). */
export function createSmtpMailer({ url, from }: SmtpMailerOptions): Mailer {
  const protocol = url.split(":", 1)[0]?.toLowerCase();
  if (protocol !== "smtp" && protocol !== "smtps") {
    throw new Error("SMTP_URL must start with smtp:// or smtps://");
  }
  // nodemailer loads with the first mail, not at start.
  let transport: Promise<Transporter> | undefined;
  const connect = () => (transport ??= import("nodemailer").then((m) => m.createTransport(url)));
  return {
    async send(message) {
      await (
        await connect()
      ).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          content: Buffer.from(a.content),
          contentType: a.contentType,
        })),
      });
    },
  };
}

/**
 * Development and test stand-in: keeps every mail in the dev_mail_outbox table instead of sending it.
 * Refuses to exist in production.
 */
export function createOutboxMailer(db: Database): Mailer {
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

/** The app's mailer: SMTP when SMTP_URL is set, otherwise the dev outbox on the app database. */
export function getMailer(): Mailer {
  return singleton("mailer", () => {
    const env = getEnv();
    if (env.SMTP_URL) return createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM });
    return createOutboxMailer(getDb());
  });
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
