// Every route in app/routes.ts, with the concrete paths the leak and security suites call for it. The list is
// open-world: a route added to app/routes.ts without probes here fails the suites until someone says how to
// probe it (so no new page or endpoint goes untested for leaks, crashes and cache headers).
import routes from "~/routes";
import { MARKERS, PROBE_OFFER_CODE, PROBE_OFFER_CODE_ID, PROBE_ORDER_ID } from "./markers";

export interface ProbeIds {
  premium: string;
  subscription: string;
  /** A published premium or subscription ebook. */
  lockedEbook: string;
  /** Published ebooks whose PDFs carry MARKERS.pdf: premium and downloadable, and subscription-only. */
  pdfEbook: string;
  pdfSubscriptionEbook: string;
}

export interface RouteProbe {
  /** The route's path pattern as written in app/routes.ts ("" for the index route). */
  pattern: string;
  /** Paths to request for this route. */
  paths: string[];
  /** Paths of the route's data requests (React Router's `.data` twins), for page routes. */
  dataPaths: string[];
  /** True when the route takes a POST (has an action). */
  takesPosts: boolean;
}

const q = encodeURIComponent(MARKERS.premium.split("-")[0]);

type Probe = Omit<RouteProbe, "pattern">;
const page = (paths: string[], takesPosts = false): Probe => ({
  paths,
  dataPaths: paths.map((p) => dataPathOf(p)),
  takesPosts,
});
const resource = (paths: string[], takesPosts = false): Probe => ({ paths, dataPaths: [], takesPosts });

/** React Router's data URL for a page path: /a/b?x -> /a/b.data?x, / -> /_.data. */
export function dataPathOf(path: string): string {
  const url = new URL(path, "http://x");
  const pathname = url.pathname === "/" ? "/_" : url.pathname.replace(/\/$/, "");
  return `${pathname}.data${url.search}`;
}

function probesFor(ids: ProbeIds): Record<string, Probe> {
  return {
    "": page(["/", `/?q=${q}`]),
    home: page(["/home", `/home?q=${q}`]),
    "article/:id": page([`/article/${ids.premium}`, `/article/${ids.subscription}`]),
    articles: page([
      "/articles",
      `/articles?q=${q}`,
      "/articles?access=premium",
      "/articles?access=subscription",
      `/articles?q=${encodeURIComponent("around the estate")}`,
    ]),
    categories: page(["/categories"]),
    "category/:slug": page(["/category/weight-loss"]),
    // The Swahili addresses (issue 50, ADR 048): the same pages and gating in the other language.
    sw: page(["/sw", `/sw?q=${q}`]),
    "sw/home": page(["/sw/home", `/sw/home?q=${q}`]),
    "sw/articles": page(["/sw/articles", `/sw/articles?q=${q}`, "/sw/articles?access=premium"]),
    "sw/ebooks": page(["/sw/ebooks"]),
    "sw/categories": page(["/sw/categories"]),
    "sw/category/:slug": page(["/sw/category/weight-loss"]),
    "sw/pricing": page(["/sw/pricing"]),
    "sw/article/:id": page([`/sw/article/${ids.premium}`, `/sw/article/${ids.subscription}`]),
    "sw/ebook/:id": page([`/sw/ebook/${ids.lockedEbook}`]),
    "sw/ebook/:id/text": page(
      [
        `/sw/ebook/${ids.pdfEbook}/text`,
        `/sw/ebook/${ids.pdfSubscriptionEbook}/text?s=0`,
        `/sw/ebook/${ids.lockedEbook}/text`,
      ],
      true,
    ),
    "sw/ebook/:id/read": page([`/sw/ebook/${ids.pdfEbook}/read`, `/sw/ebook/${ids.pdfSubscriptionEbook}/read`]),
    "sw/about": page(["/sw/about"]),
    "sw/terms": page(["/sw/terms"]),
    "sw/privacy": page(["/sw/privacy"]),
    // Checkout and payment in Swahili: the same loaders and actions as the English addresses.
    "sw/checkout/:kind/:id": page(
      ["/sw/checkout/plan/standard", `/sw/checkout/ebook/${ids.lockedEbook}?code=${PROBE_OFFER_CODE}`],
      true,
    ),
    "sw/gift/:kind/:id": page(["/sw/gift/plan/standard", `/sw/gift/ebook/${ids.lockedEbook}`], true),
    "sw/gift/:token": page([`/sw/gift/${"A".repeat(43)}`], true),
    "sw/payment/return": page([
      "/sw/payment/return",
      "/sw/payment/return?OrderTrackingId=00000000-0000-0000-0000-000000000000&OrderMerchantReference=NURU-FORGED",
    ]),
    "sw/payment-success": page(["/sw/payment-success"]),
    "sw/pay/mpesa/:orderId": page([`/sw/pay/mpesa/${PROBE_ORDER_ID}`], true),
    "sw/country": page(["/sw/country"]),
    collections: resource(["/collections"]),
    beauty: resource(["/beauty"]),
    ebooks: page(["/ebooks"]),
    shop: resource(["/shop"]),
    "ebook/:id": page([`/ebook/${ids.lockedEbook}`]),
    "ebook/:id/read": page([`/ebook/${ids.pdfEbook}/read`, `/ebook/${ids.pdfSubscriptionEbook}/read`]),
    "ebook/:id/text": page(
      [`/ebook/${ids.pdfEbook}/text`, `/ebook/${ids.pdfSubscriptionEbook}/text?s=0`, `/ebook/${ids.lockedEbook}/text`],
      true,
    ),
    // The premium marker ebook's edition has picture 0 (tests/setup/seed-markers.ts); the others have none.
    "ebook/:id/text/picture/:n": resource([
      `/ebook/${ids.pdfEbook}/text/picture/0`,
      `/ebook/${ids.pdfSubscriptionEbook}/text/picture/0`,
      `/ebook/${ids.lockedEbook}/text/picture/0`,
      `/ebook/${ids.pdfEbook}/text/picture/99999`,
      `/ebook/${ids.pdfEbook}/text/picture/x`,
    ]),
    "ebook/:id/file": resource([
      `/ebook/${ids.pdfEbook}/file`,
      `/ebook/${ids.pdfSubscriptionEbook}/file?e=4102444800&s=${"A".repeat(43)}`,
      `/ebook/${ids.pdfEbook}/file?e=1&s=${"A".repeat(43)}`,
    ]),
    "ebook/:id/reading": resource([`/ebook/${ids.pdfEbook}/reading`], true),
    "ebook/:id/download": resource([`/ebook/${ids.pdfEbook}/download`, `/ebook/${ids.lockedEbook}/download`], true),
    "sw/ebook/:id/download": resource(
      [`/sw/ebook/${ids.pdfEbook}/download`, `/sw/ebook/${ids.lockedEbook}/download`],
      true,
    ),
    "ebooks/:id": resource([`/ebooks/${ids.lockedEbook}`]),
    pricing: page(["/pricing", `/pricing?code=${PROBE_OFFER_CODE}`, "/pricing?code=NO-SUCH-CODE"]),
    "checkout/:kind/:id": page(
      [
        "/checkout/plan/standard",
        `/checkout/ebook/${ids.lockedEbook}`,
        `/checkout/plan/standard?code=${PROBE_OFFER_CODE}`,
        `/checkout/ebook/${ids.lockedEbook}?code=NO-SUCH-CODE`,
      ],
      true,
    ),
    "gift/:kind/:id": page(["/gift/plan/standard", `/gift/ebook/${ids.lockedEbook}`], true),
    // A well-formed link that names no gift, and a malformed one (both answer 404 and show nothing of any gift).
    "gift/:token": page([`/gift/${"A".repeat(43)}`, "/gift/not-a-token"], true),
    "payment/return": page([
      "/payment/return",
      "/payment/return?OrderTrackingId=00000000-0000-0000-0000-000000000000&OrderMerchantReference=NURU-FORGED",
    ]),
    "payment-success": page(["/payment-success", "/payment-success?orderTrackingId=forged-id"]),
    "api/payments/ipn": resource(
      ["/api/payments/ipn?OrderTrackingId=00000000-0000-0000-0000-000000000000&OrderNotificationType=IPNCHANGE"],
      true,
    ),
    // AT's delivery reports: a wrong secret answers 404 to a GET and a post alike.
    "api/sms/delivery-reports/:secret": resource(["/api/sms/delivery-reports/not-the-secret"], true),
    "api/payments/daraja/:kind": resource(["/api/payments/daraja/stk", "/api/payments/daraja/nothing"], true),
    "pay/mpesa/:orderId": page([`/pay/mpesa/${PROBE_ORDER_ID}`, "/pay/mpesa/not-an-id"], true),
    about: page(["/about"]),
    terms: page(["/terms"]),
    privacy: page(["/privacy"]),
    signin: page(["/signin", "/signin?view=signup", "/signin?view=code", "/signin?redirectTo=%2Faccount"], true),
    signout: resource(["/signout"], true),
    "reset-password": page(["/reset-password", "/reset-password?token=not-a-token"], true),
    "confirm-email": page(["/confirm-email?token=not-a-token"], true),
    account: page(["/account"], true),
    "account/data": resource(["/account/data"]),
    "account/gifts": page(["/account/gifts"], true),
    "account/delete": page(["/account/delete"], true),
    // Member e-mail (issue 34): the follow page (with what the short forms send), and signed links with forged tokens.
    newsletter: page(["/newsletter", "/newsletter?email=probe%40nuru.test&category=weight-loss&from=article"], true),
    "newsletter/confirm": page(["/newsletter/confirm?token=not-a-token"], true),
    "newsletter/preferences/:token": page(
      ["/newsletter/preferences/00000000-0000-4000-8000-000000000000.forged"],
      true,
    ),
    "newsletter/unsubscribe/:token": page(
      ["/newsletter/unsubscribe/00000000-0000-4000-8000-000000000000.forged"],
      true,
    ),
    bookmarks: page(["/bookmarks"]),
    "library/offline": page(["/library/offline"]),
    "library/offline/check": resource([
      `/library/offline/check?item=article:${ids.premium}&item=article:${ids.subscription}`,
      "/library/offline/check?item=nonsense&item=ebook-section:00000000-0000-4000-8000-000000000000",
      `/library/offline/check?item=ebook:${ids.pdfEbook}&item=ebook:${ids.pdfSubscriptionEbook}`,
    ]),
    "library/offline/article/:id": resource([
      `/library/offline/article/${ids.premium}`,
      `/library/offline/article/${ids.subscription}`,
    ]),
    "library/offline/ebook/:id": resource([
      `/library/offline/ebook/${ids.pdfEbook}`,
      `/library/offline/ebook/${ids.pdfSubscriptionEbook}`,
      `/library/offline/ebook/${ids.lockedEbook}`,
    ]),
    dashboard: page(["/dashboard"]),
    "receipts/:id": page(["/receipts/00000000-0000-4000-8000-000000000000"], true),
    "receipts/:id/pdf": resource(["/receipts/00000000-0000-4000-8000-000000000000/pdf"], true),
    // Her receipt in Swahili (issue 50): the same loaders.
    "sw/receipts/:id": page(["/sw/receipts/00000000-0000-4000-8000-000000000000"], true),
    "sw/receipts/:id/pdf": resource(["/sw/receipts/00000000-0000-4000-8000-000000000000/pdf"], true),
    // Sign-in and her account in Swahili (issue 50): the same modules as their English addresses.
    "sw/signin": page(
      ["/sw/signin", "/sw/signin?view=signup", "/sw/signin?view=code", "/sw/signin?redirectTo=%2Fsw%2Faccount"],
      true,
    ),
    "sw/reset-password": page(["/sw/reset-password", "/sw/reset-password?token=not-a-token"], true),
    "sw/confirm-email": page(["/sw/confirm-email?token=not-a-token"], true),
    "sw/dashboard": page(["/sw/dashboard"]),
    "sw/account": page(["/sw/account"], true),
    "sw/account/gifts": page(["/sw/account/gifts"], true),
    "sw/account/delete": page(["/sw/account/delete"], true),
    "sw/bookmarks": page(["/sw/bookmarks"]),
    "sw/library/offline": page(["/sw/library/offline"]),
    // The copies a Swahili page saves (issue 50): the same gate as their English twins.
    "sw/library/offline/article/:id": resource([
      `/sw/library/offline/article/${ids.premium}`,
      `/sw/library/offline/article/${ids.subscription}`,
    ]),
    "sw/library/offline/ebook/:id": resource([
      `/sw/library/offline/ebook/${ids.pdfEbook}`,
      `/sw/library/offline/ebook/${ids.pdfSubscriptionEbook}`,
      `/sw/library/offline/ebook/${ids.lockedEbook}`,
    ]),
    "sw/newsletter": page(["/sw/newsletter"], true),
    "sw/newsletter/confirm": page(["/sw/newsletter/confirm?token=not-a-token"], true),
    "sw/newsletter/preferences/:token": page(
      ["/sw/newsletter/preferences/00000000-0000-4000-8000-000000000000.forged"],
      true,
    ),
    "sw/newsletter/unsubscribe/:token": page(
      ["/sw/newsletter/unsubscribe/00000000-0000-4000-8000-000000000000.forged"],
      true,
    ),
    "sw/data-saver": page(["/sw/data-saver", "/sw/data-saver?redirectTo=%2Fsw%2Farticles"], true),
    // A short receipt link from an SMS: a forged (unsigned) token and a malformed one answer 404.
    "r/:token": resource(["/r/AAAAAAAAAAAAAA", "/r/not-a-token"]),
    engagement: resource(["/engagement"], true),
    "api/auth/*": resource(["/api/auth/get-session", "/api/auth/list-sessions", "/api/auth/callback/google"], true),
    admin: page(["/admin", "/admin?tab=subscriptions"], true),
    "admin-dashboard": page(["/admin-dashboard"], true),
    "admin/orders": page(
      ["/admin/orders", "/admin/orders?status=review&kind=ebook&from=2026-01-01&to=2026-12-31&reader=buyer&page=2"],
      true,
    ),
    "admin/orders/reconciliation": page(
      ["/admin/orders/reconciliation", "/admin/orders/reconciliation?from=2020-01-01&to=2030-12-31"],
      true,
    ),
    "admin/orders/receipts": page(["/admin/orders/receipts", "/admin/orders/receipts?month=2026-11"], true),
    "admin/orders/payment-methods": page(["/admin/orders/payment-methods"], true),
    "admin/orders/receipts/csv": resource(["/admin/orders/receipts/csv?month=2026-11"]),
    "admin/analytics": page(["/admin/analytics", "/admin/analytics?period=12m"], true),
    "admin/analytics/csv": resource(["/admin/analytics/csv?table=articles&period=7d"]),
    "admin/orders/:id": page([`/admin/orders/${PROBE_ORDER_ID}`], true),
    "admin/gifts": page(["/admin/gifts", "/admin/gifts?status=unclaimed"], true),
    "admin/codes": page(["/admin/codes"], true),
    "admin/codes/:id": page([`/admin/codes/${PROBE_OFFER_CODE_ID}`], true),
    "admin/plans": page(["/admin/plans"]),
    "admin/plans/new": page(["/admin/plans/new"], true),
    // The seeded plan by its slug (the editor takes an id or a slug).
    "admin/plans/:id": page(["/admin/plans/basic"], true),
    "admin/users": page(["/admin/users", "/admin/users?q=nuru&page=2"], true),
    "admin/moderation": page(["/admin/moderation", "/admin/moderation?tab=comments"], true),
    "admin/categories": page(["/admin/categories"], true),
    "admin/articles": page(["/admin/articles", "/admin/articles?q=a&status=draft&access=premium&page=2"], true),
    "admin/articles/new": page(["/admin/articles/new"], true),
    "admin/articles/:id": page([`/admin/articles/${ids.premium}`], true),
    "admin/ebooks": page(["/admin/ebooks"], true),
    "admin/ebooks/new": page(["/admin/ebooks/new"], true),
    "admin/ebooks/:id": page([`/admin/ebooks/${ids.lockedEbook}`], true),
    "admin/homepage": page(
      ["/admin/homepage", "/admin/homepage?tab=hero&edit=new", "/admin/homepage?tab=testimonials"],
      true,
    ),
    "admin/media": page(["/admin/media", "/admin/media?show=unused&page=2"], true),
    "admin/media/images": resource(["/admin/media/images"], true),
    "admin/activity": page(["/admin/activity", "/admin/activity?entity=article&page=2"], true),
    "admin/mail": page(["/admin/mail"], true),
    "admin/ai-assist": resource(["/admin/ai-assist"], true),
    "admin/uploads": resource(["/admin/uploads?kind=image"], true),
    "sitemap.xml": resource(["/sitemap.xml"]),
    "rss.xml": resource(["/rss.xml"]),
    "api/content-events": resource([]),
    country: page(["/country", "/country?redirectTo=%2Fpricing"], true),
    "data-saver": page(["/data-saver", "/data-saver?redirectTo=%2Farticles"], true),
    language: page(["/language?to=sw&next=%2Farticles", "/language?to=en&next=%2Fsw%2Farticles"], true),
    "api/pricing": resource(["/api/pricing", "/api/pricing?country=US"]),
    "robots.txt": resource(["/robots.txt"]),
    // The home page's, a locked article's and ebook's images (title and category only), and addresses that must
    // answer 404.
    "og/*": resource([
      "/og/home.jpg",
      `/og/article/${ids.premium}.jpg`,
      `/og/ebook/${ids.lockedEbook}.jpg`,
      "/og/category/weight-loss.jpg",
      "/og/article/00000000-0000-4000-8000-000000000000.jpg",
      "/og/receipt/x.jpg",
      `/og/article/${ids.premium}.png`,
    ]),
    "media/*": resource(["/media/covers/nothing-here.svg", "/media/..%2F..%2Fpackage.json"]),
    "dev/error": page(["/dev/error"]),
    "dev/mail": page(["/dev/mail"]),
    "dev/sms": page(["/dev/sms"]),
    "dev/phone": page(["/dev/phone", "/dev/phone?phone=0712345678"], true),
    "dev/mail/:file": resource([
      "/dev/mail/00000000-0000-4000-8000-000000000000.eml",
      "/dev/mail/not-an-id.eml",
      "/dev/mail/00000000-0000-4000-8000-000000000000",
    ]),
    "not-found": page(["/not-found"]),
    "*": page(["/no-such-page", `/article/${ids.premium}/extra`]),
  };
}

/** Pages that fail on purpose (the development error page, 404 in production). */
export const INTENTIONAL_ERRORS = new Set(["/dev/error", "/dev/error.data"]);

/** Streams that never end are probed by their own tests (api/content-events): only their headers here. */
export const STREAMING_PATHS = ["/api/content-events"];

/** The probes for every route in app/routes.ts; throws for a route this file does not know yet. */
export function routeProbes(ids: ProbeIds): RouteProbe[] {
  const known = probesFor(ids);
  type Node = { path?: string; index?: boolean; children?: Node[] };
  const walk = (r: Node): Node[] => [r, ...(r.children ?? []).flatMap((child) => walk(child))];
  const flat = routes.flatMap((r) => walk(r));
  const unknown = flat.map((r) => r.path ?? "").filter((p) => !(p in known));
  if (unknown.length > 0) {
    throw new Error(
      `tests/setup/route-probes.ts does not know how to probe ${unknown.join(", ")}: add paths for each new route`,
    );
  }
  return [...new Set(flat.map((r) => r.path ?? ""))].map((pattern) => ({ pattern, ...known[pattern] }));
}
