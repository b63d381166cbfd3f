import { escapeHtml } from "~/modules/mail/templates.server";

/** What a saved copy's response carries besides its document (the device keeps it with the copy). */
export const OFFLINE_COPY_HEADERS = {
  // A copy names her and is hers alone: never stored by anything between the shop and her browser.
  "Cache-Control": "private, no-store",
  "Content-Type": "text/html; charset=utf-8",
  // Served later by the service worker without the shop's page policy: this document runs no script at all.
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "X-Robots-Tag": "noindex",
} as const;

/**
 * One saved copy as a whole document, light enough for a phone with no connection: styles inline, no script, no web
 * font, her e-mail repeated faintly behind the text (as the ebook reader's watermark) and in the footer. Shared by
 * every kind of copy (an article; an ebook's text section later).
 */
export function offlineCopyDocument(input: {
  title: string;
  byline: string;
  /** Already sanitised (the article bodies' allow-list). */
  bodyHtml: string;
  email: string;
  savedOn: string;
}): string {
  const email = escapeHtml(input.email);
  const mark = Array.from({ length: 60 }, () => `<span>${email}</span>`).join(" ");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#be123c">
<title>${escapeHtml(input.title)} | Nuru (saved)</title>
<style>
body{margin:0;font:17px/1.65 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#fff}
header{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.75rem 1rem;background:#be123c;color:#fff}
header a{color:#fff;font-weight:600}
.brand{font-size:1.25rem;text-decoration:none}
main{position:relative;max-width:42rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-family:Georgia,"Times New Roman",serif;font-size:1.9rem;line-height:1.2;margin:.25rem 0}
.byline,.note{color:#4b5563;font-size:.9rem}
.body{position:relative;z-index:1}
.body img{max-width:100%;height:auto}
.body a{color:#9f1239}
blockquote{border-left:4px solid #ffc9d7;margin-left:0;padding-left:1rem;color:#374151;font-style:italic}
.wm{position:fixed;inset:-50%;z-index:0;pointer-events:none;user-select:none;transform:rotate(-30deg);color:#111827;opacity:.06;font-size:14px;line-height:4.5;word-spacing:3rem;overflow:hidden}
footer{border-top:1px solid #e5e7eb;margin-top:2rem;padding-top:1rem}
</style>
</head>
<body>
<header><a class="brand" href="/">Nuru</a><a href="/library/offline">Offline library</a></header>
<div class="wm" aria-hidden="true">${mark}</div>
<main>
<p class="note">Saved for offline reading</p>
<h1>${escapeHtml(input.title)}</h1>
<p class="byline">${escapeHtml(input.byline)}</p>
<div class="body">
${input.bodyHtml}
</div>
<footer class="note">Saved by ${email} on ${escapeHtml(input.savedOn)}, for her own reading. It opens without a connection for 30 days after the app last checked her access online.</footer>
</main>
</body>
</html>
`;
}
