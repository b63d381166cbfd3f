// The mails of payments: the receipt, the refund, and the admins' alerts. The reader's mails are written in her
// language (issue 50, ADR 048; words in app/locales/*/receipts.po), English when none is given; admins' in English.
import { translator } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";
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
  /** Her language; English when not given. The item, access and addresses come in it already. */
  locale?: Locale;
}

export function receiptMail(input: ReceiptMailInput): MailMessage {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const paidWith = [
    input.method,
    input.confirmationCode && t("receipts.mail.confirmation", { code: input.confirmationCode }),
  ]
    .filter(Boolean)
    .join(", ");
  return linkMail(input.to, t("receipts.mail.subject", { item: input.item }), {
    name: input.name,
    intro: t("receipts.mail.intro", {
      amount: input.amount,
      item: input.item,
      paidWith: paidWith ? ` (${paidWith})` : "",
      reference: input.reference,
      access: input.access,
    }),
    action: t("receipts.mail.action"),
    url: input.url,
    ...(input.receiptUrl ? { also: { label: t("receipts.mail.also"), url: input.receiptUrl } } : {}),
    outro: t("receipts.mail.outro"),
    locale,
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
  /** Her language; English when not given. */
  locale?: Locale;
}

/** Sent when Pesapal accepted an admin's refund request for one of her payments. */
export function refundMail(input: RefundMailInput & { note?: string }): MailMessage {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const item = { item: input.item };
  const asked = t("receipts.refund.intro", { amount: input.amount, item: input.item, reference: input.reference });
  const access = input.full ? t("receipts.refund.full", item) : t("receipts.refund.part", item);
  return linkMail(input.to, t("receipts.refund.subject", { amount: input.amount }), {
    name: input.name,
    intro: `${input.note ? `${input.note} ` : ""}${asked} ${access}`,
    action: t("receipts.refund.action"),
    url: input.url,
    outro: t("receipts.refund.outro"),
    locale,
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
