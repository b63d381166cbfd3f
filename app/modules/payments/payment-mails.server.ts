// The mails of payments: the receipt, the refund, and the admins' alerts.
import { escapeHtml, linkMail, MAIL_COLORS as C, SHOP } from "~/lib/mail/layout.server";
import type { MailMessage } from "~/lib/mail/mail-message.server";

export interface ReceiptMailInput {
  to: string;
  name: string;
  /** 'Standard plan (2 months)' or the ebook's title. */
  item: string;
  /** 'KSh 500.00'. */
  amount: string;
  reference: string;
  method: string;
  confirmationCode: string;
  /** 'Your plan runs until 23 January 2027.' or similar. */
  access: string;
  url: string;
  /** The receipt page (print or download it as a PDF there; the PDF is attached too). */
  receiptUrl?: string;
}

export function receiptMail(input: ReceiptMailInput): MailMessage {
  const paidWith = [input.method, input.confirmationCode && `confirmation ${input.confirmationCode}`]
    .filter(Boolean)
    .join(", ");
  return linkMail(input.to, `Your Nuru receipt: ${input.item}`, {
    name: input.name,
    intro: `Thank you for your payment of ${input.amount} for ${input.item}${paidWith ? ` (${paidWith})` : ""}. Order reference: ${input.reference}. ${input.access}`,
    action: "Start reading",
    url: input.url,
    ...(input.receiptUrl
      ? { also: { label: "Your receipt (attached as a PDF) is also here", url: input.receiptUrl } }
      : {}),
    outro: "Keep this e-mail as your receipt. Payments are non-refundable except as our Terms say.",
  });
}

export interface RefundMailInput {
  to: string;
  name: string;
  /** 'the Standard plan' or 'the ebook "Title"'. */
  item: string;
  /** 'KSh 500.00'. */
  amount: string;
  reference: string;
  full: boolean;
  url: string;
}

/** Sent when Pesapal accepted an admin's refund request for one of her payments. */
export function refundMail(input: RefundMailInput & { note?: string }): MailMessage {
  return linkMail(input.to, `Your Nuru refund: ${input.amount}`, {
    name: input.name,
    intro: `${input.note ? `${input.note} ` : ""}We have asked Pesapal to refund ${input.amount} of your payment for ${input.item} (order ${input.reference}). The money goes back the way you paid; M-Pesa and card refunds can take a few working days to arrive. ${
      input.full
        ? `As the whole payment is refunded, the access it gave to ${input.item} has ended.`
        : `This is part of your payment, so you keep your access to ${input.item}.`
    }`,
    action: "Open your account",
    url: input.url,
    outro: "Questions about this refund? Reply to this e-mail and quote your order reference.",
  });
}

export interface AdminAlertMailInput {
  to: string;
  subject: string;
  /** One sentence: what the items are and why they need a person. */
  intro: string;
  items: { line: string; url: string }[];
  /** Items not listed (the mail names the first ones only). */
  more: number;
}

/** A short, plain alert to an admin: what needs attention, each with a link to the page where it is dealt with. */
export function adminAlertMail({ to, subject, intro, items, more }: AdminAlertMailInput): MailMessage {
  const tail = more > 0 ? [`…and ${more} more.`] : [];
  const text = [
    "Hello,",
    "",
    intro,
    "",
    ...items.flatMap((item) => [`- ${item.line}`, `  ${item.url}`]),
    ...tail,
    "",
    "You get at most one of these e-mails an hour for each kind of alert.",
    "",
    `— ${SHOP}`,
    "",
  ].join("\n");
  const list = items
    .map(
      (item) =>
        `<li style="margin:0 0 8px;">${escapeHtml(item.line)}<br><a href="${escapeHtml(item.url)}" style="color:${C.brand};">${escapeHtml(item.url)}</a></li>`,
    )
    .join("");
  const html = `<!doctype html>
<html lang="en">
  <body style="margin:0;padding:16px;font-family:Helvetica,Arial,sans-serif;color:${C.ink};font-size:15px;line-height:1.5;">
    <p style="margin:0 0 12px;">Hello,</p>
    <p style="margin:0 0 12px;">${escapeHtml(intro)}</p>
    <ul style="margin:0 0 12px;padding-left:20px;">${list}</ul>
    ${more > 0 ? `<p style="margin:0 0 12px;">…and ${more} more.</p>` : ""}
    <p style="margin:0;color:${C.muted};font-size:13px;">You get at most one of these e-mails an hour for each kind of alert.</p>
  </body>
</html>
`;
  return { to, subject, text, html };
}
