// The mails of accounts: confirm an address, reset a password, a sign-in code (sent while she waits on the page).
// Each is written in the reader's language (issue 50, ADR 048): her saved `users.language`, English when none.
import { translator } from "~/lib/i18n/i18n";
import {
  escapeHtml,
  greeting,
  linkMail,
  localizedUrl,
  mailFrame,
  MAIL_COLORS as C,
  SHOP,
} from "~/lib/mail/layout.server";
import type { MailMessage } from "~/lib/mail/mail-message.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";

export interface LinkMailInput {
  to: string;
  name: string;
  url: string;
  /** The reader's language; English when not given. */
  locale?: Locale;
}

export function confirmEmailMail({ to, name, url, locale = DEFAULT_LOCALE }: LinkMailInput): MailMessage {
  const t = translator(locale);
  const shop = { shop: SHOP };
  return linkMail(to, t("mail.confirm.subject", shop), {
    name,
    intro: t("mail.confirm.intro", shop),
    action: t("mail.confirm.action"),
    url: localizedUrl(url, locale),
    outro: t("mail.confirm.outro", shop),
    locale,
  });
}

export function resetPasswordMail({ to, name, url, locale = DEFAULT_LOCALE }: LinkMailInput): MailMessage {
  const t = translator(locale);
  const shop = { shop: SHOP };
  return linkMail(to, t("mail.reset.subject", shop), {
    name,
    intro: t("mail.reset.intro", shop),
    action: t("mail.reset.action"),
    url: localizedUrl(url, locale),
    outro: t("mail.reset.outro", shop),
    locale,
  });
}

/**
 * A sign-in code (ADR 040): the code and how to use it, nothing else (no name, no reading history, no link: the
 * code is typed on the page she asked from, which may be inside another app's browser).
 */
export function signInCodeMail({
  to,
  code,
  minutes,
  locale = DEFAULT_LOCALE,
}: {
  to: string;
  code: string;
  minutes: number;
  locale?: Locale;
}): MailMessage {
  const t = translator(locale);
  const shop = { shop: SHOP };
  const hello = greeting("", t);
  const lead = t("mail.code.lead", shop);
  const intro = t("mail.code.intro", { shop: SHOP, minutes: String(minutes) });
  const outro = t("mail.code.outro", shop);
  const text = [hello, "", lead, "", code, "", intro, "", outro, "", `— ${SHOP}`, ""].join("\n");
  const html = mailFrame(
    `                <p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:${C.brand};">${SHOP}</p>
                <p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(hello)}</p>
                <p style="margin:0 0 8px;font-size:16px;line-height:1.5;">${escapeHtml(lead)}</p>
                <p style="margin:0 0 24px;font-size:32px;font-weight:bold;letter-spacing:6px;color:${C.brand};">${escapeHtml(code)}</p>
                <p style="margin:0 0 24px;font-size:16px;line-height:1.5;">${escapeHtml(intro)}</p>
                <p style="margin:0;font-size:14px;line-height:1.5;color:${C.muted};">${escapeHtml(outro)}</p>`,
    locale,
  );
  // The code leads the subject, so the phone's notification shows it without opening the mail.
  return { to, subject: t("mail.code.subject", { code, shop: SHOP }), text, html };
}
