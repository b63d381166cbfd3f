// The shop's mail layout: colours, escaping, the frame and the one-button "link mail" every domain's templates are
// written with. The templates themselves live beside the domain that sends them (accounts, payments, membership,
// member-mail); this file knows no domain.
import type { MailMessage } from "./mail-message.server";

export const SHOP = "Nuru";

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

export interface LayoutInput {
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
export function mailFrame(card: string): string {
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

export function linkMail(to: string, subject: string, layout: LayoutInput): MailMessage {
  return { to, subject, text: textBody(layout), html: htmlBody(layout) };
}
