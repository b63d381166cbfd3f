import type { Transporter } from "nodemailer";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";
import { loadStandIns } from "~/lib/stand-ins.server";
import { nodemailerFields, type MailMessage } from "./mail-message.server";

export type { MailMessage };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Ends a pooled mailer's SMTP connections (member mail, after a drain). */
  close?(): void;
}

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465 (TLS from the start). */
  url: string;
  /** Sender, e.g. "Nuru <no-reply@nuru.co.ke>". */
  from: string;
  /**
   * Keep SMTP connections open and send every mail through them (member mail in batches), instead of a new
   * connection per mail (transactional mail, a few a minute): at most `maxConnections` at once, at most
   * `ratePerMinute` mails a minute through this mailer.
   */
  pool?: { maxConnections: number; ratePerMinute: number };
}

/** Sends mail through an SMTP server described by a connection URL (credentials in the URL). */
export function createSmtpMailer({ url, from, pool }: SmtpMailerOptions): Mailer {
  const protocol = url.split(":", 1)[0]?.toLowerCase();
  if (protocol !== "smtp" && protocol !== "smtps") {
    throw new Error("SMTP_URL must start with smtp:// or smtps://");
  }
  // nodemailer loads with the first mail, not at start.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import("nodemailer").then((m) =>
      pool
        ? m.createTransport({
            url,
            pool: true,
            maxConnections: pool.maxConnections,
            // A connection is renewed after this many mails (servers limit mails per session).
            maxMessages: 100,
            rateDelta: 60_000,
            rateLimit: pool.ratePerMinute,
          })
        : m.createTransport(url),
    ));
  return {
    close() {
      void transport?.then((t) => t.close());
      transport = undefined;
    },
    async send(message) {
      await (await connect()).sendMail(nodemailerFields(from, message));
    },
  };
}

/**
 * A mailer for one drain of the member mail queue: over SMTP, a pool of `MAIL_SMTP_CONNECTIONS` connections kept
 * open for the whole drain (close() it afterwards) within `MAIL_RATE_PER_MINUTE`; without SMTP_URL, the app's mailer.
 */
export function openBatchMailer(): Mailer {
  const env = getEnv();
  if (!env.SMTP_URL) return getMailer();
  return createSmtpMailer({
    url: env.SMTP_URL,
    from: env.MAIL_FROM,
    pool: { maxConnections: env.MAIL_SMTP_CONNECTIONS, ratePerMinute: env.MAIL_RATE_PER_MINUTE },
  });
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
    return { send: async (message) => (await createOutbox)(getDb(), env.MAIL_FROM).send(message) };
  });
}
