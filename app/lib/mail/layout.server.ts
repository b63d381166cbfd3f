// The shop's mail layout: colours, escaping, the frame and the one-button "link mail" every domain's templates are
// written with. The templates themselves live beside the domain that sends them (accounts, payments, membership,
// member-mail); this file knows no domain.
import type { MailMessage } from "./mail-message.server";
import { translator, type Translate } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, localizedHref, type Locale } from "~/lib/locale";

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
  /** The reader's language (issue 50, ADR 048): the layout's own words follow it; English when not given. */
  locale?: Locale;
}

/** "Hello Wanjiku," / "Habari Wanjiku,": the greeting of every mail in `locale`. */
export function greeting(name: string, t: Translate = translator(DEFAULT_LOCALE)): string {
  const trimmed = name.trim();
  return trimmed ? t("mail.greeting", { name: trimmed }) : t("mail.greetingNoName");
}

/**
 * The shop's address `url` for a reader of `locale`: the Swahili page's address when that page has one (ADR 048,
 * `localizedHref`), else the address as given (the confirmation and reset pages have a single address yet).
 */
export function localizedUrl(url: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return url;
  try {
    const parsed = new URL(url);
    const local = localizedHref(`${parsed.pathname}${parsed.search}${parsed.hash}`, locale);
    return `${parsed.origin}${local}`;
  } catch {
    return url;
  }
}

function textBody({ name, intro, action, url, also, outro, locale = DEFAULT_LOCALE }: LayoutInput): string {
  return [
    greeting(name, translator(locale)),
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
export function mailFrame(card: string, locale: Locale = DEFAULT_LOCALE): string {
  const t = translator(locale);
  return `<!doctype html>
<html lang="${locale}">
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
          <p style="margin:16px 0 0;font-size:12px;color:${C.faint};">${escapeHtml(t("mail.footer", { shop: SHOP }))}</p>
        </td>
      </tr>
    </table>
  </body>
</html>
`;
}

function htmlBody({ name, intro, action, url, also, outro, locale = DEFAULT_LOCALE }: LayoutInput): string {
  const t = translator(locale);
  const href = escapeHtml(url);
  const second = also
    ? `
                <p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all;">${escapeHtml(also.label)}: <a href="${escapeHtml(also.url)}" style="color:${C.brand};">${escapeHtml(also.url)}</a></p>`
    : "";
  return mailFrame(
    `                <p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:${C.brand};">${SHOP}</p>
                <p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(greeting(name, t))}</p>
                <p style="margin:0 0 24px;font-size:16px;line-height:1.5;">${escapeHtml(intro)}</p>
                <p style="margin:0 0 24px;">
                  <a href="${href}" style="display:inline-block;background:${C.brand};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px;">${escapeHtml(action)}</a>
                </p>
                <p style="margin:0 0 8px;font-size:14px;line-height:1.5;color:${C.muted};">${escapeHtml(t("mail.linkFallback"))}</p>
                <p style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all;"><a href="${href}" style="color:${C.brand};">${href}</a></p>${second}
                <p style="margin:0;font-size:14px;line-height:1.5;color:${C.muted};">${escapeHtml(outro)}</p>`,
    locale,
  );
}

export function linkMail(to: string, subject: string, layout: LayoutInput): MailMessage {
  return { to, subject, text: textBody(layout), html: htmlBody(layout) };
}
