// Member mail (issue 34, ADR 035): an article, whole or its opening with a link, and the weekly digest. HTML tables
// with inline styles (what mail clients read), one column up to 600 px that narrows with the phone, the shop's
// colours, alt text on every image, a plain-text part, and in the footer her preferences and unsubscribe links. No
// tracking pixel, no remote script or font.
// The frame's words (header, footer, unsubscribe, buttons) are in her language (issue 50, ADR 048; receipts.po);
// the editor's article is sent as written.
import type { BodyBlock } from "~/modules/content/article-html.server";
import { translator, type Translate } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";
import { escapeHtml, linkMail, localizedUrl, MAIL_COLORS as C, SHOP } from "~/lib/mail/layout.server";
import type { MailMessage } from "~/lib/mail/mail-message.server";

/** Mail over this many bytes is clipped by Gmail and slow on a phone: the issue's limit is 100 KB. */
export const MEMBER_MAIL_MAX_BYTES = 100_000;

export interface MemberLinks {
  /** The absolute address of her preferences page (signed token). */
  preferencesUrl: string;
  /** The absolute one-click unsubscribe address (signed token; RFC 8058 POST). */
  unsubscribeUrl: string;
  /** Why she gets it: "You follow Nuru's articles in Weight Loss." */
  reason: string;
  /** Her language (the frame's words and the links to the site); English when not given. */
  locale?: Locale;
}

/** Why she gets member mail, in her language, naming the categories she follows. */
export function followReason(categories: string[], locale: Locale = DEFAULT_LOCALE): string {
  const t = translator(locale);
  return categories.length
    ? t("receipts.member.reasonTopics", { topics: categories.join(", ") })
    : t("receipts.member.reason");
}

export interface ArticleMailInput extends MemberLinks {
  to: string;
  origin: string;
  title: string;
  articleUrl: string;
  imageUrl: string | null;
  categories: string[];
  /** The whole body, only when she may read it whole (the access policy decided). */
  blocks: BodyBlock[] | null;
  /** The opening every guest sees. */
  preview: string;
}

export interface DigestMailInput extends MemberLinks {
  to: string;
  origin: string;
  items: { title: string; url: string; excerpt: string; categories: string[] }[];
}

/** RFC 2369 and RFC 8058 headers: mail clients show their own unsubscribe button and POST to it with one click. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Site-relative addresses (/media/...) made absolute: a mail has no base address. */
function absolute(url: string, origin: string): string {
  return url.startsWith("/") && !url.startsWith("//") ? `${origin}${url}` : url;
}

function absoluteHtml(html: string, origin: string): string {
  return html.replace(/\b(src|href)="\/(?!\/)/g, `$1="${origin}/`);
}

/** Plain text of a block's HTML, keeping paragraphs and list items apart. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, text: string) => `${text} (${href})`)
    .replace(/<li[^>]*>/gi, "\n- ")
    .replace(/<\/(p|h[1-6]|li|blockquote|ul|ol|figure|div)>|<br\s*\/?>/gi, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+/g, " ")
    .replace(/\n[ \t]+/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function button(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;background:${C.brand};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px;">${escapeHtml(label)}</a>`;
}

function layout({
  title,
  preheader,
  content,
  links,
}: {
  title: string;
  preheader: string;
  content: string;
  links: MemberLinks;
}) {
  const t = translator(links.locale ?? DEFAULT_LOCALE);
  return `<!doctype html>
<html lang="${links.locale ?? DEFAULT_LOCALE}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light">
    <title>${escapeHtml(title)}</title>
    <style>
      img { max-width: 100%; height: auto; }
      @media (max-width: 620px) { .card { padding: 20px !important; border-radius: 0 !important; } }
    </style>
  </head>
  <body style="margin:0;padding:0;background:${C.wash};font-family:Helvetica,Arial,sans-serif;color:${C.ink};">
    <div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${C.wash};padding:16px 0;">
      <tr>
        <td align="center">
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="card" style="max-width:600px;background:#ffffff;border-radius:8px;padding:32px;">
            <tr>
              <td style="font-size:16px;line-height:1.6;">
                <p style="margin:0 0 20px;font-size:22px;font-weight:bold;color:${C.brand};">Nuru</p>
${content}
              </td>
            </tr>
          </table>
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;">
            <tr>
              <td style="padding:16px;font-size:13px;line-height:1.5;color:${C.muted};text-align:center;">
                ${escapeHtml(links.reason)}<br>
                <a href="${escapeHtml(links.preferencesUrl)}" style="color:${C.brand};">${escapeHtml(t("receipts.member.change"))}</a> ·
                <a href="${escapeHtml(links.unsubscribeUrl)}" style="color:${C.brand};">${escapeHtml(t("receipts.member.unsubscribe"))}</a><br>
                ${escapeHtml(t("mail.footer", { shop: SHOP }))}
              </td>
            </tr>
          </table>
        </td>
      </tr>
    </table>
  </body>
</html>
`;
}

function textFooter(links: MemberLinks): string[] {
  const t = translator(links.locale ?? DEFAULT_LOCALE);
  return [
    "",
    "--",
    links.reason,
    `${t("receipts.member.change")}: ${links.preferencesUrl}`,
    `${t("receipts.member.unsubscribe")}: ${links.unsubscribeUrl}`,
    t("mail.footer", { shop: SHOP }),
    "",
  ];
}

function blockHtml(block: BodyBlock, origin: string, title: string, t: Translate): string {
  if (block.type === "html") return absoluteHtml(block.html, origin);
  if (block.type === "image") {
    const caption = block.caption
      ? `<p style="margin:4px 0 16px;font-size:14px;color:${C.muted};">${escapeHtml(block.caption)}</p>`
      : "";
    return `<img src="${escapeHtml(absolute(block.src, origin))}" alt="${escapeHtml(block.caption ?? title)}" width="536" style="display:block;width:100%;max-width:100%;height:auto;border:0;">${caption}`;
  }
  return `<p><a href="${escapeHtml(block.url)}" style="color:${C.brand};">${escapeHtml(t("receipts.member.video"))}${block.caption ? `: ${escapeHtml(block.caption)}` : ""}</a></p>`;
}

function blockText(block: BodyBlock, origin: string, t: Translate): string {
  if (block.type === "html") return htmlToText(absoluteHtml(block.html, origin));
  if (block.type === "image") return block.caption ? t("receipts.member.picture", { caption: block.caption }) : "";
  return `${t("receipts.member.video")}: ${block.url}`;
}

function byteLength(message: Pick<MailMessage, "text" | "html">): number {
  return Buffer.byteLength(message.text) + Buffer.byteLength(message.html);
}

/**
 * An article by e-mail: the whole article when `blocks` is given (she may read it), otherwise its opening and a link.
 * A whole article that would pass 100 KB goes as its opening and a link too.
 */
export function articleMail(input: ArticleMailInput): MailMessage {
  const full = input.blocks ? articleMailOf(input, input.blocks) : null;
  if (full && byteLength(full) <= MEMBER_MAIL_MAX_BYTES) return full;
  return articleMailOf(input, null);
}

function articleMailOf(input: ArticleMailInput, blocks: BodyBlock[] | null): MailMessage {
  const { origin, title } = input;
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const articleUrl = localizedUrl(input.articleUrl, locale);
  const image = input.imageUrl
    ? `<img src="${escapeHtml(absolute(input.imageUrl, origin))}" alt="${escapeHtml(title)}" width="536" style="display:block;width:100%;max-width:100%;height:auto;border:0;border-radius:6px;margin:0 0 16px;">`
    : "";
  const categories = input.categories.length
    ? `<p style="margin:0 0 8px;font-size:13px;font-weight:bold;text-transform:uppercase;letter-spacing:0.05em;color:${C.brand};">${escapeHtml(input.categories.join(" · "))}</p>`
    : "";
  const heading = `<h1 style="margin:0 0 16px;font-family:Georgia,serif;font-size:26px;line-height:1.25;color:${C.ink};">${escapeHtml(title)}</h1>`;
  const body = blocks
    ? `${blocks.map((b) => blockHtml(b, origin, title, t)).join("\n")}
<p style="margin:24px 0 0;">${button(articleUrl, t("receipts.member.readIt"))}</p>`
    : `<p style="margin:0 0 16px;">${escapeHtml(input.preview)}</p>
<p style="margin:0 0 16px;color:${C.muted};">${escapeHtml(t("receipts.member.forMembers"))}</p>
<p style="margin:0;">${button(articleUrl, t("receipts.member.continue"))}</p>`;
  const html = layout({
    title,
    preheader: input.preview,
    content: [image, categories, heading, body].join("\n"),
    links: input,
  });
  const text = [
    title,
    input.categories.length ? input.categories.join(" · ") : "",
    "",
    ...(blocks
      ? [
          blocks
            .map((b) => blockText(b, origin, t))
            .filter(Boolean)
            .join("\n\n"),
          "",
          `${t("receipts.member.readIt")}: ${articleUrl}`,
        ]
      : [input.preview, "", t("receipts.member.forMembers"), `${t("receipts.member.continue")}: ${articleUrl}`]),
    ...textFooter(input),
  ].join("\n");
  return { to: input.to, subject: title, html, text, headers: unsubscribeHeaders(input.unsubscribeUrl) };
}

/** The weekly digest: the week's new articles in her categories, each as its title, opening and link. */
export function digestMail(input: DigestMailInput): MailMessage {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const subject = t("receipts.member.digestSubject", {
    title: input.items[0]?.title ?? t("receipts.member.newArticles"),
  });
  const items = input.items
    .map((item) => ({ ...item, url: localizedUrl(item.url, locale) }))
    .map(
      (item) => `<tr><td style="padding:0 0 20px;">
  ${item.categories.length ? `<p style="margin:0 0 4px;font-size:12px;font-weight:bold;text-transform:uppercase;color:${C.brand};">${escapeHtml(item.categories.join(" · "))}</p>` : ""}
  <p style="margin:0 0 6px;font-family:Georgia,serif;font-size:20px;line-height:1.3;"><a href="${escapeHtml(item.url)}" style="color:${C.ink};text-decoration:none;">${escapeHtml(item.title)}</a></p>
  <p style="margin:0 0 6px;color:${C.muted};">${escapeHtml(item.excerpt)}</p>
  <a href="${escapeHtml(item.url)}" style="color:${C.brand};font-weight:bold;">${escapeHtml(t("receipts.member.readOn"))}</a>
</td></tr>`,
    )
    .join("\n");
  const html = layout({
    title: subject,
    preheader: input.items.map((i) => i.title).join(" · "),
    content: `<h1 style="margin:0 0 20px;font-family:Georgia,serif;font-size:24px;">${escapeHtml(t("receipts.member.newThisWeek"))}</h1>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${items}</table>`,
    links: input,
  });
  const text = [
    t("receipts.member.newThisWeekOn"),
    "",
    ...input.items.flatMap((item) => [item.title, item.excerpt, localizedUrl(item.url, locale), ""]),
    ...textFooter(input),
  ].join("\n");
  return { to: input.to, subject, html, text, headers: unsubscribeHeaders(input.unsubscribeUrl) };
}

/**
 * The follow mails' words by kind. `confirm`: double opt-in (issue 34), a guest asked to follow the shop by e-mail and
 * nothing is sent to her until she confirms. `manage`: someone asked to follow with an address that already follows,
 * so her preferences link, and nothing changed.
 */
const FOLLOW_MAILS = {
  confirm: {
    subject: "receipts.member.followSubject",
    intro: "receipts.member.followIntro",
    action: "receipts.member.followAction",
    outro: "receipts.member.followOutro",
  },
  manage: {
    subject: "receipts.member.manageSubject",
    intro: "receipts.member.manageIntro",
    action: "receipts.member.manageAction",
    outro: "receipts.member.manageOutro",
  },
} as const;

/** A follow mail of `kind` (FOLLOW_MAILS): its words around the one link. */
export function followMail(
  kind: keyof typeof FOLLOW_MAILS,
  { to, url, locale = DEFAULT_LOCALE }: { to: string; url: string; locale?: Locale },
): MailMessage {
  const t = translator(locale);
  const words = FOLLOW_MAILS[kind];
  return linkMail(to, t(words.subject), {
    name: "",
    intro: t(words.intro, { shop: SHOP }),
    action: t(words.action),
    url,
    outro: t(words.outro),
    locale,
  });
}
