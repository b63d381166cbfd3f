import { planTitle } from "~/modules/membership/plan-period";
import type { MailMessage } from "./mailer.server";

export interface LinkMailInput {
  to: string;
  name: string;
  url: string;
}

const SHOP = "Nuru";

/**
 * The site's colours (app.css: --color-brand-700 and -50, Tailwind's gray-800 and gray-600), written out because
 * mail clients read no stylesheet: a mail from the shop looks like the shop (issue 29: mails were green).
 */
export const MAIL_COLORS = {
  brand: "#9f1239",
  wash: "#fff1f4",
  ink: "#1f2937",
  muted: "#4b5563",
  faint: "#6b7280",
} as const;
const C = MAIL_COLORS;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

interface LayoutInput {
  name: string;
  intro: string;
  action: string;
  url: string;
  /** A second address worth keeping (the receipt page): a link of its own in HTML, the full URL on its own line in
   *  text, so every mail client shows it as a link (issue 46 item 12: it was words inside a sentence). */
  also?: { label: string; url: string };
  outro: string;
}

function greeting(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `Hello ${trimmed},` : "Hello,";
}

function textBody({ name, intro, action, url, also, outro }: LayoutInput): string {
  return [
    greeting(name),
    "",
    intro,
    "",
    `${action}:`,
    url,
    "",
    ...(also ? [`${also.label}:`, also.url, ""] : []),
    outro,
    "",
    `— ${SHOP}`,
    "",
  ].join("\n");
}

/** The frame every mail of the shop's shares: a centred white card on a wash, the shop's line under it. */
function mailFrame(card: string): string {
  return `<!doctype html>
<html lang="en">
  <body style="margin:0;padding:0;background:${C.wash};font-family:Helvetica,Arial,sans-serif;color:${C.ink};">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.wash};padding:24px 0;">
      <tr>
        <td align="center">
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:8px;padding:32px;">
            <tr>
              <td>
${card}
              </td>
            </tr>
          </table>
          <p style="margin:16px 0 0;font-size:12px;color:${C.faint};">${SHOP} · wellness reading from Kenya</p>
        </td>
      </tr>
    </table>
  </body>
</html>
`;
}

function htmlBody({ name, intro, action, url, also, outro }: LayoutInput): string {
  const href = escapeHtml(url);
  const second = also
    ? `
                <p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all;">${escapeHtml(also.label)}: <a href="${escapeHtml(also.url)}" style="color:${C.brand};">${escapeHtml(also.url)}</a></p>`
    : "";
  return mailFrame(`                <p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:${C.brand};">${SHOP}</p>
                <p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(greeting(name))}</p>
                <p style="margin:0 0 24px;font-size:16px;line-height:1.5;">${escapeHtml(intro)}</p>
                <p style="margin:0 0 24px;">
                  <a href="${href}" style="display:inline-block;background:${C.brand};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px;">${escapeHtml(action)}</a>
                </p>
                <p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:${C.muted};">If the button does not work, copy this link into your browser:</p>
                <p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all;"><a href="${href}" style="color:${C.brand};">${href}</a></p>${second}
                <p style="margin:0;font-size:14px;line-height:1.5;color:${C.muted};">${escapeHtml(outro)}</p>`);
}

function linkMail(to: string, subject: string, layout: LayoutInput): MailMessage {
  return { to, subject, text: textBody(layout), html: htmlBody(layout) };
}

export function confirmEmailMail({ to, name, url }: LinkMailInput): MailMessage {
  return linkMail(to, "Confirm your Nuru account", {
    name,
    intro: `Welcome to ${SHOP}. Please confirm your e-mail address to finish creating your account.`,
    action: "Confirm my e-mail",
    url,
    outro: `If you did not sign up for ${SHOP}, you can ignore this e-mail.`,
  });
}

export function resetPasswordMail({ to, name, url }: LinkMailInput): MailMessage {
  return linkMail(to, "Reset your Nuru password", {
    name,
    intro: `We received a request to reset the password of your ${SHOP} account.`,
    action: "Choose a new password",
    url,
    outro: "If you did not ask for this, you can ignore this e-mail; your password stays the same.",
  });
}

/**
 * A sign-in code (ADR 040): the code and how to use it, nothing else (no name, no reading history, no link: the
 * code is typed on the page she asked from, which may be inside another app's browser).
 */
export function signInCodeMail({ to, code, minutes }: { to: string; code: string; minutes: number }): MailMessage {
  const intro = `Enter this code on the ${SHOP} sign-in page. It works for ${minutes} minutes. If you asked for more than one code, use the newest.`;
  const outro = `If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without the code. ${SHOP} will never ask you for it by phone, SMS or WhatsApp.`;
  const text = [
    "Hello,",
    "",
    `Your ${SHOP} sign-in code is:`,
    "",
    code,
    "",
    intro,
    "",
    outro,
    "",
    `— ${SHOP}`,
    "",
  ].join("\n");
  const html =
    mailFrame(`                <p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:${C.brand};">${SHOP}</p>
                <p style="margin:0 0 16px;font-size:16px;line-height:1.5;">Hello,</p>
                <p style="margin:0 0 8px;font-size:16px;line-height:1.5;">Your ${SHOP} sign-in code is:</p>
                <p style="margin:0 0 24px;font-size:32px;font-weight:bold;letter-spacing:6px;color:${C.brand};">${escapeHtml(code)}</p>
                <p style="margin:0 0 24px;font-size:16px;line-height:1.5;">${escapeHtml(intro)}</p>
                <p style="margin:0;font-size:14px;line-height:1.5;color:${C.muted};">${escapeHtml(outro)}</p>`);
  // The code leads the subject, so the phone's notification shows it without opening the mail.
  return { to, subject: `${code} is your ${SHOP} sign-in code`, text, html };
}

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

export interface RenewalMailInput {
  to: string;
  name: string;
  planName: string;
  /** '23 January 2027'. */
  endDate: string;
  /** The checkout for the same plan: one click to renew (signed-out readers sign in first and come back). */
  renewUrl: string;
}

/** Why she renews by hand, which the reminder names (member-standing.ts's renewal method). */
export type HandRenewalReason = "by-hand" | "mpesa" | "card-pending";

const HAND_RENEWAL_REASON: Record<HandRenewalReason, string> = {
  "by-hand": "Renew before then to keep reading",
  mpesa: "M-Pesa cannot be charged without you, so renew before then to keep reading",
  "card-pending":
    "Pesapal has not yet confirmed your card's automatic renewal, so renew before then to be sure of no gap",
};

/** Sent 7 days and 1 day before a renewing plan ends (never after the reader cancelled renewal). */
export function renewalReminderMail(
  input: RenewalMailInput & { daysLeft: 7 | 1; reason?: HandRenewalReason },
): MailMessage {
  const when = input.daysLeft === 1 ? "tomorrow" : "in 7 days";
  return linkMail(input.to, `Your Nuru ${planTitle(input.planName)} ends ${when}`, {
    name: input.name,
    intro: `Your ${planTitle(input.planName)} is paid up to ${input.endDate}. ${HAND_RENEWAL_REASON[input.reason ?? "by-hand"]}: a renewal paid now starts on ${input.endDate}, so you lose no paid day.`,
    action: `Renew the ${planTitle(input.planName)}`,
    url: input.renewUrl,
    outro: "Do not want to renew? Cancel renewal in My Library and we will stop these reminders.",
  });
}

/** The same reminders for a plan her card renews (ADR 019): when the card is charged, and how to stop it. */
export function cardRenewalReminderMail(
  input: RenewalMailInput & { daysLeft: 7 | 1; libraryUrl: string },
): MailMessage {
  const when = input.daysLeft === 1 ? "tomorrow" : "in 7 days";
  return linkMail(input.to, `Your Nuru ${planTitle(input.planName)} renews by card ${when}`, {
    name: input.name,
    intro: `Your ${planTitle(input.planName)} renews automatically on ${input.endDate}: Pesapal charges your card that day, and your plan continues with no gap. There is nothing you need to do.`,
    action: "Open My Library",
    url: input.libraryUrl,
    outro:
      "Do not want to renew? Cancel renewal in My Library before that date; any charge that still arrives after you cancel is refunded automatically.",
  });
}

/** Sent once when a plan has ended and no renewal follows it. */
export function subscriptionEndedMail(input: RenewalMailInput): MailMessage {
  return linkMail(input.to, `Your Nuru ${planTitle(input.planName)} has ended`, {
    name: input.name,
    intro: `Your ${planTitle(input.planName)} ended on ${input.endDate}. Premium articles and your plan's ebooks are locked until you renew; ebooks you bought stay yours.`,
    action: `Renew the ${planTitle(input.planName)}`,
    url: input.renewUrl,
    outro: "Thank you for reading with us.",
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

/** Double opt-in (issue 34): a guest asked to follow the shop by e-mail; nothing is sent to her until she confirms. */
export function followConfirmMail({ to, url }: { to: string; url: string }): MailMessage {
  return linkMail(to, "Confirm your Nuru e-mail subscription", {
    name: "",
    intro: `Someone (we hope you) asked to get new ${SHOP} articles at this address. Please confirm, and we will start sending them. Confirming also makes you a free ${SHOP} member; you can choose a password later with "Forgot your password".`,
    action: "Yes, send me articles",
    url,
    outro: "If this was not you, ignore this e-mail: we will not write to you again.",
  });
}

/** Someone asked to follow with an address that already follows: her preferences link, and nothing changed. */
export function followManageMail({ to, url }: { to: string; url: string }): MailMessage {
  return linkMail(to, "You already get Nuru articles by e-mail", {
    name: "",
    intro: `Someone (we hope you) asked to follow ${SHOP} by e-mail with this address, which already gets our articles. Nothing was changed.`,
    action: "Change what I get",
    url,
    outro: "If this was not you, you can ignore this e-mail.",
  });
}

export interface GiftMailInput {
  to: string;
  /** Who sent it, as she signed her account (her name, else her e-mail). */
  from: string;
  /** What it is: 'the Premium plan (3 months)', 'the ebook "Title"'. Never the price. */
  item: string;
  note: string | null;
  /** Written into the message only (no SMS is sent). */
  phone: string | null;
  url: string;
  expires: string;
}

/** Addresses a mail client would turn into links: with a scheme, `www.`, an e-mail address, or a bare domain. */
const LINK_LIKE =
  /\b[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.\S*|\bmailto:\S*|\S+@\S+\.[a-z]{2,}\S*|\b(?:[a-z0-9-]+\.)+[a-z]{2,24}\b(?:[/:?#]\S*)?/gi;

/**
 * Words a stranger wrote (a gift's note, the sender's name), in a mail that comes from Nuru: plain text with nothing
 * a mail client would make a link of (issue 46 item 7). The recipient trusts the shop's mail; the shop must not carry
 * someone else's link into it, in the text or the HTML part.
 */
export function withoutLinks(words: string): string {
  return words.replace(LINK_LIKE, "[link removed]");
}

/** The claim mail of a gift (ADR 038): what it is, her note, the claim link; never the price. */
export function giftMail(input: GiftMailInput): MailMessage {
  // Her verified e-mail address stands as it is (when she gave no name); a name is words like the note.
  const from = /^[^\s@]+@[^\s@]+$/.test(input.from) ? input.from : withoutLinks(input.from);
  const note = input.note ? ` Their note: "${withoutLinks(input.note)}"` : "";
  const phone = input.phone ? ` (sent for ${input.phone})` : "";
  return linkMail(input.to, `${from} sent you a gift on Nuru`, {
    name: "",
    intro: `${from} has given you ${input.item} on ${SHOP}${phone}.${note}`,
    action: "Claim your gift",
    url: input.url,
    outro: `Sign in, or create a free account with any e-mail address, to claim it. The link works once and until ${input.expires}. If you do not know the sender, you can ignore this e-mail.`,
  });
}
