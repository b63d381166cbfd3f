// A mail as the shop composes it, and the fields nodemailer is given for it: the SMTP mailer (mailer.server.ts) and
// the development outbox (stand-ins/dev-outbox.server.ts) compose the same message from the same fields.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail over SMTP (the dev outbox keeps the text and html only). */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on member mail (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * The Message-ID, "<...@host>" (a queued mail's is made from its row id, so a re-send after a crash is the same
   * message to mail clients); without it nodemailer makes a new one.
   */
  messageId?: string;
}

/** What nodemailer's sendMail is given for a message from `from`. */
export function nodemailerFields(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    messageId: message.messageId,
    attachments: message.attachments?.map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.content),
      contentType: a.contentType,
    })),
  };
}
