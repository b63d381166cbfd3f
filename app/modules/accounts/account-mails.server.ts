// The mails of accounts: confirm an address, reset a password, a sign-in code (sent while she waits on the page).
import { escapeHtml, linkMail, mailFrame, MAIL_COLORS as C, SHOP } from "~/lib/mail/layout.server";
import type { MailMessage } from "~/lib/mail/mail-message.server";

export interface LinkMailInput {
  to: string;
  name: string;
  url: string;
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
