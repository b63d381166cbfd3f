// The reader's language lives in the address (issue 50, ADR 048): "/sw/..." is Swahili, every other address is English.
// Pure helpers, safe on the server and the client.
import { cookieValue } from "./cookie-value";

export const LOCALES = ["en", "sw"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "nuru_lang";

/** The Intl locale each language formats with (Kenyan usage in both). */
export const INTL_LOCALE: Record<Locale, string> = { en: "en-KE", sw: "sw-KE" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language an address is in: "/sw" and "/sw/..." are Swahili; "/swahili" is not. */
export function localeFromPath(pathname: string): Locale {
  return pathname === "/sw" || pathname.startsWith("/sw/") ? "sw" : DEFAULT_LOCALE;
}

/** The address without its language prefix: "/sw/pricing" -> "/pricing", "/sw" -> "/". */
export function stripLocale(pathname: string): string {
  if (pathname === "/sw") return "/";
  if (pathname.startsWith("/sw/")) return pathname.slice(3);
  return pathname;
}

/**
 * The same address in `locale`, keeping query and hash: localeHref("/pricing?x=1", "sw") -> "/sw/pricing?x=1".
 * Only same-site absolute paths are rewritten; anything else (full URLs, "//host", relative paths) is returned as is.
 */
export function localeHref(href: string, locale: Locale): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  const rest = cut === -1 ? "" : href.slice(cut);
  const bare = stripLocale(path);
  if (locale === DEFAULT_LOCALE) return bare + rest;
  return (bare === "/" ? "/sw" : `/sw${bare}`) + rest;
}

/**
 * Whether an Accept-Language header prefers Swahili over English (q-values honoured). Used only to offer a link
 * to the Swahili page, never to redirect or to vary a cacheable response.
 */
export function prefersSwahili(acceptLanguage: string | null | undefined): boolean {
  if (!acceptLanguage) return false;
  let sw = 0;
  let en = 0;
  for (const part of acceptLanguage.split(",")) {
    const [tag = "", ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    const base = tag.split("-")[0];
    if (base === "sw") sw = Math.max(sw, q);
    else if (base === "en") en = Math.max(en, q);
  }
  return sw > 0 && sw > en;
}

// The reader pages that also exist under "/sw" (app/routes.ts, SWAHILI_PAGES): the pages rendered without React in
// the browser (ADR 045), and about, terms and privacy (their Swahili text in app/components/legal/). Every "/sw"
// document is rendered without React in the browser (components/islands.tsx).
// One pattern a line, by area, each the English address without "/sw".
const SWAHILI_PAGES: readonly RegExp[] = [
  // The reader pages.
  /^\/(?:|home|articles|categories|ebooks|pricing|about|terms|privacy)$/,
  /^\/(?:category|article|ebook)\/[^/]+$/,
  // An ebook's text mode.
  /^\/ebook\/[^/]+\/text$/,
  // The PDF reader, and its Download PDF (the refusals in the page's language).
  /^\/ebook\/[^/]+\/(?:read|download)$/,
  // Sign-in and her address.
  /^\/(?:signin|reset-password|confirm-email)$/,
  // Checkout and payment.
  /^\/(?:checkout|gift)\/[^/]+\/[^/]+$/,
  /^\/(?:gift\/[^/]+|payment\/return|payment-success|pay\/mpesa\/[^/]+|country)$/,
  // Her account.
  /^\/(?:dashboard|account|account\/gifts|account\/delete|bookmarks|library\/offline|data-saver)$/,
  /^\/newsletter(?:|\/confirm|\/(?:preferences|unsubscribe)\/[^/]+)$/,
  // Receipts.
  /^\/receipts\/[^/]+(?:\/pdf)?$/,
];

/** Whether the page at `pathname` (in either language) has a Swahili version, so alternates and switch links exist. */
export function hasSwahiliVersion(pathname: string): boolean {
  const bare = stripLocale(pathname);
  const path = bare.length > 1 && bare.endsWith("/") ? bare.slice(0, -1) : bare;
  return SWAHILI_PAGES.some((page) => page.test(path));
}

/**
 * `href` for a reader of `locale`: the Swahili address when that page has a Swahili version, else the English one
 * (sign-in, account, checkout keep their single address). Query and hash are kept.
 */
export function localizedHref(href: string, locale: Locale): string {
  if (!href.startsWith("/") || href.startsWith("//")) return href;
  if (locale === DEFAULT_LOCALE) return localeHref(href, locale);
  const path = href.split(/[?#]/, 1)[0];
  return hasSwahiliVersion(path) ? localeHref(href, locale) : href;
}

/** The language a reader chose (the switch link, app/routes/language.ts), or null when she has not chosen. */
export function chosenLocale(cookieHeader: string | null | undefined): Locale | null {
  const value = cookieValue(cookieHeader, LOCALE_COOKIE);
  return isLocale(value) ? value : null;
}

/**
 * Whether this request gets the one-line offer of the Swahili page: an English page that has a Swahili version, asked
 * for by a browser that prefers Swahili, from a reader who has not chosen a language. Such a response is personal
 * (`private, no-store`) and bypasses the guest page cache (ADR 048): no other visitor ever receives the offer, and no
 * cacheable response varies on Accept-Language.
 */
export function offersSwahili(
  pathname: string,
  headers: { acceptLanguage: string | null | undefined; cookie: string | null | undefined },
): boolean {
  return (
    localeFromPath(pathname) === DEFAULT_LOCALE &&
    hasSwahiliVersion(pathname) &&
    chosenLocale(headers.cookie) === null &&
    prefersSwahili(headers.acceptLanguage)
  );
}

/** Query parameters the language switch does not carry along (Pesapal's order reference on the payment return). */
const NOT_CARRIED = ["OrderMerchantReference", "OrderNotificationType"];

/**
 * The address the language switch returns to: this page with its query, less what names an order. A page echoes
 * nothing about an order it does not show (a stranger opening another reader's return address); the tracking id
 * alone still finds her own order in the other language.
 */
export function switchNext(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  if (!NOT_CARRIED.some((name) => params.has(name))) return pathname + search;
  for (const name of NOT_CARRIED) params.delete(name);
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * The `lang` to put on content written in `language` (English when absent: card data leaves it out for English) on
 * a page in `locale`: the language when they differ, so a screen reader reads it in its own voice; else nothing.
 */
export function langIfOther(language: string | undefined, locale: Locale): string | undefined {
  const written = language ?? DEFAULT_LOCALE;
  return written === locale ? undefined : written;
}
