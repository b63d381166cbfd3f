import type { Transporter } from "nodemailer";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";
import { loadStandIns } from "~/lib/stand-ins.server";

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

/** The app's mailer: SMTP when SMTP_URL is set, otherwise the dev outbox on the app database. */
export function getMailer(): Mailer {
  return singleton("mailer", () => {
    const env = getEnv();
    if (env.SMTP_URL) return createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM });
    // Outside production: the dev outbox (app/stand-ins), loaded with the first mail. Production never gets here
    // (it refuses to start without SMTP_URL); a mail there fails rather than vanish.
    const standIns = loadStandIns();
    if (!standIns) throw new Error("No mailer: production sends mail over SMTP only; set SMTP_URL.");
    // The database is asked for at each send, so a mail sent while it is closed fails in its sender's hands, not
    // as an unhandled rejection here.
    const createOutbox = standIns.then((m) => m.createOutboxMailer);
    return { send: async (message) => (await createOutbox)(getDb()).send(message) };
  });
}
