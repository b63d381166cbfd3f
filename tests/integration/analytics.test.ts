// The owner's analytics (issue 35) on PGlite and on PostgreSQL: page views counted in memory and added to the daily
// and monthly roll-ups in one upsert (twice adds, bots and prefetches not counted, unknown pages dropped), searches
// by their words, the screen's tables from counts, orders, payments, refunds and subscription periods, the CSV of a
// table, and the retention job deleting daily rows past their period while the monthly totals stay.
import { EventEmitter } from "node:events";
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, expectTypeOf, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { appTestDatabase } from "../setup/app-test-database";
import {
  contentDailyCounts,
  contentMonthlyCounts,
  refunds,
  searchDailyCounts,
  searchMonthlyCounts,
  userSubscriptions,
} from "~/db/schema";
import {
  createArticle,
  createCategory,
  createEbook,
  createOrder,
  createPayment,
  createPlan,
  createSubscription,
  createUser,
} from "~/db/seed/factories";
import { pageEventScope } from "~/lib/page-events.server";
import { loadViewer } from "~/modules/access/viewer.server";
import { adminViewer } from "~/modules/access/policy";
import { loadAdmin } from "../setup/admin-viewer";
import {
  countArrival,
  countServedPage,
  countSignUpFrom,
  flushCounts,
  noteContentView,
  noteOfferView,
  noteSearch,
  pendingCounters,
} from "~/modules/analytics/counter.server";
import { analyticsReport, tableCsv, type AnalyticsReport } from "~/modules/analytics/report.server";
import { ANALYTICS_DAILY_RETENTION_DAYS } from "~/modules/privacy/retention-rules";
import { applyRetention } from "~/modules/privacy/retention.server";
import { JOBS } from "~/modules/jobs/jobs.server";
import { nairobiDate } from "~/lib/nairobi-time";

const database = appTestDatabase();
const DAY = 86_400_000;
const target = process.env.DB_TARGET ?? "pglite";
const BROWSER =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

/** A page request through the real scope: `load` runs as the loader, the response ends with `status`. */
function servePage(
  load: () => void,
  { status = 200, userAgent = BROWSER, headers = {}, at = new Date(), path = "/article/x" } = {} as {
    path?: string;
    status?: number;
    userAgent?: string;
    headers?: Record<string, string>;
    at?: Date;
  },
) {
  const res = Object.assign(new EventEmitter(), { statusCode: status }) as unknown as ExpressResponse;
  const req = {
    method: "GET",
    path,
    headers: { "user-agent": userAgent, ...headers },
  } as unknown as ExpressRequest;
  pageEventScope((events, request) => countServedPage(events, request, at))(req, res, () => load());
  (res as unknown as EventEmitter).emit("finish");
}

function table(report: AnalyticsReport, id: string) {
  const found = report.tables.find((t) => t.id === id);
  if (!found) throw new Error(`no table ${id}`);
  return found;
}

describe(`page view counts (${target})`, () => {
  it("adds a day's views, paywall views, offer views and sign-ups to the daily and monthly rows", async () => {
    const db = database.db();
    const at = new Date("2026-03-14T22:30:00Z"); // 01:30 on 15 March in Nairobi
    const article = await createArticle(db, { accessType: "premium" });
    const ebook = await createEbook(db);
    const category = await createCategory(db, { name: "Count", slug: `count-${randomBytes(3).toString("hex")}` });

    for (let i = 0; i < 3; i++) servePage(() => noteContentView("article", article.id, { paywall: i < 2 }), { at });
    servePage(() => noteContentView("ebook", ebook.id), { at });
    servePage(() => noteContentView("category", category.id), { at });
    servePage(() => noteOfferView(article.id), { at });
    // Not counted: a bot, a prefetch, a page that was not served, no user agent at all, a page that does not exist.
    servePage(() => noteContentView("article", article.id), {
      at,
      userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)",
    });
    servePage(() => noteContentView("article", article.id), { at, headers: { "sec-purpose": "prefetch" } });
    servePage(() => noteContentView("article", article.id), { at, status: 500 });
    servePage(() => noteContentView("article", article.id), { at, userAgent: "" });
    servePage(() => noteContentView("article", randomUUID()), { at });
    // A 304 is a page she saw again (her browser had it).
    servePage(() => noteContentView("article", article.id), { at, status: 304 });
    // A sign-up sent from the sign-in page on the way back to the article.
    const signup = new Request("http://nuru.test/signin", {
      method: "POST",
      headers: { Referer: `http://nuru.test/signin?redirectTo=${encodeURIComponent(`/article/${article.id}`)}` },
    });
    countSignUpFrom(signup, at);
    // From another site: not counted.
    countSignUpFrom(
      new Request("http://nuru.test/signin", {
        method: "POST",
        headers: { Referer: `http://evil.test/article/${article.id}` },
      }),
      at,
    );
    expect(pendingCounters()).toBeGreaterThan(0);
    await flushCounts(db);
    expect(pendingCounters()).toBe(0);

    const daily = await db.select().from(contentDailyCounts).where(eq(contentDailyCounts.itemId, article.id));
    expect(daily).toEqual([
      { day: "2026-03-15", kind: "article", itemId: article.id, views: 4, paywallViews: 2, offerViews: 1, signups: 1 },
    ]);
    // The same again: added, not replaced.
    servePage(() => noteContentView("article", article.id, { paywall: true }), { at });
    await flushCounts(db);
    const monthly = await db.select().from(contentMonthlyCounts).where(eq(contentMonthlyCounts.itemId, article.id));
    expect(monthly).toEqual([
      {
        month: "2026-03-01",
        kind: "article",
        itemId: article.id,
        views: 5,
        paywallViews: 3,
        offerViews: 1,
        signups: 1,
      },
    ]);
    const others = await db
      .select({ kind: contentDailyCounts.kind, views: contentDailyCounts.views })
      .from(contentDailyCounts)
      .where(sql`${contentDailyCounts.itemId} in (${ebook.id}, ${category.id})`);
    expect(others.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: "category", views: 1 },
      { kind: "ebook", views: 1 },
    ]);
    // Nothing of who asked is stored: the tables have no column for it.
    const columns = await db.execute(sql`
      select column_name from information_schema.columns
      where table_name in ('content_daily_counts', 'content_monthly_counts', 'search_daily_counts', 'source_daily_counts')`);
    const names = (columns as unknown as { rows: { column_name: string }[] }).rows.map((r) => r.column_name);
    expect(names.some((n) => /user|ip|address|session|agent|cookie/.test(n))).toBe(false);
  });

  it("counts a page once per reader or address a day, and never a request that is not a navigation", async () => {
    const db = database.db();
    const at = new Date("2026-04-02T09:00:00Z");
    const article = await createArticle(db, { accessType: "premium" });
    const views = async () =>
      (await db.select().from(contentDailyCounts).where(eq(contentDailyCounts.itemId, article.id)))[0]?.views ?? 0;
    const open = (headers: Record<string, string>, when = at, path = `/article/${article.id}`) =>
      servePage(() => noteContentView("article", article.id, { paywall: true }), { at: when, path, headers });
    const navigate = { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" };

    // One client, one address, 50 page loads: one view (and one paywall view).
    for (let i = 0; i < 50; i++) open({ ...navigate, "x-nuru-client-ip": "203.0.113.7" });
    await flushCounts(db);
    expect(await views()).toBe(1);
    // Another address, and two signed-in readers behind the first address (their sessions tell them apart).
    open({ ...navigate, "x-nuru-client-ip": "203.0.113.8" });
    for (const session of ["token-a.sig", "token-b.sig", "token-a.sig"])
      open({ ...navigate, "x-nuru-client-ip": "203.0.113.7", cookie: `nuru.session_token=${session}` });
    await flushCounts(db);
    expect(await views()).toBe(4);
    // Not navigations: a script's fetch, a frame, an image, a link preview; never counted, from a new address either.
    open({ "sec-fetch-mode": "cors", "sec-fetch-dest": "empty", "x-nuru-client-ip": "203.0.113.20" });
    open({ "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe", "x-nuru-client-ip": "203.0.113.21" });
    open({ "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image", "x-nuru-client-ip": "203.0.113.22" });
    open({ ...navigate, "x-purpose": "preview", "x-nuru-client-ip": "203.0.113.23" });
    await flushCounts(db);
    expect(await views()).toBe(4);
    // A client-side navigation (React Router's `.data` fetch) is a page view, once per reader like any other.
    for (let i = 0; i < 3; i++)
      open(
        { "sec-fetch-mode": "cors", "sec-fetch-dest": "empty", "x-nuru-client-ip": "203.0.113.30" },
        at,
        `/article/${article.id}.data`,
      );
    await flushCounts(db);
    expect(await views()).toBe(5);
    // A navigation passed on by the service worker (ADR 033; Chromium sends it with dest "empty") is one too.
    open({ "sec-fetch-mode": "navigate", "sec-fetch-dest": "empty", "x-nuru-client-ip": "203.0.113.31" });
    await flushCounts(db);
    expect(await views()).toBe(6);
    const [row] = await db.select().from(contentDailyCounts).where(eq(contentDailyCounts.itemId, article.id));
    expect(row?.paywallViews).toBe(6);
    // The next Nairobi day, the same address counts again.
    open({ ...navigate, "x-nuru-client-ip": "203.0.113.7" }, new Date("2026-04-03T09:00:00Z"));
    await flushCounts(db);
    const next = await db
      .select({ views: contentDailyCounts.views })
      .from(contentDailyCounts)
      .where(sql`${contentDailyCounts.itemId} = ${article.id} and ${contentDailyCounts.day} = '2026-04-03'`);
    expect(next).toEqual([{ views: 1 }]);
  });

  it("counts searches by their normalized words, and those that found nothing", async () => {
    const db = database.db();
    const at = new Date("2026-03-20T10:00:00Z");
    servePage(() => noteSearch("  Flat   TUMMY ", 3), { at });
    servePage(() => noteSearch("flat tummy", 2), { at });
    servePage(() => noteSearch("Fibroids diet", 0), { at });
    servePage(() => noteSearch("   ", 0), { at });
    await flushCounts(db);
    const rows = await db
      .select({ query: searchDailyCounts.query, searches: searchDailyCounts.searches, empty: searchDailyCounts.empty })
      .from(searchDailyCounts)
      .where(eq(searchDailyCounts.day, "2026-03-20"))
      .orderBy(searchDailyCounts.query);
    expect(rows).toEqual([
      { query: "fibroids diet", searches: 1, empty: 1 },
      { query: "flat tummy", searches: 2, empty: 0 },
    ]);
  });
});

describe(`the analytics screen's tables (${target})`, () => {
  it("shows views, purchases per article, revenue by day, item and method, members, failures and searches", async () => {
    const db = database.db();
    const now = new Date("2026-06-20T09:00:00Z");
    const admin = await loadAdmin(
      await createUser(db, { email: `owner-${randomBytes(3).toString("hex")}@example.com`, role: "admin" }),
    );
    const article = await createArticle(db, { title: "Screen article", accessType: "premium" });
    const ebook = await createEbook(db, { title: "Screen ebook" });
    const plan = await createPlan(db, {
      slug: `screen-${randomBytes(3).toString("hex")}`,
      name: "Screen plan",
      priceCents: 50_000,
    });
    const today = new Date("2026-06-20T06:00:00Z");
    const yesterday = new Date(today.getTime() - DAY);
    for (let i = 0; i < 7; i++)
      servePage(() => noteContentView("article", article.id, { paywall: true }), { at: today });
    servePage(() => noteContentView("article", article.id), { at: yesterday });
    servePage(() => noteSearch("vitamin d", 0), { at: today });

    const buyer = await createUser(db, { email: `buyer-${randomBytes(3).toString("hex")}@example.com` });
    // A plan paid with M-Pesa, started at the article's paywall; an ebook paid by card and half refunded.
    const planOrder = await createOrder(db, {
      userId: buyer.id,
      item: { kind: "plan", planId: plan.id, basePriceCents: 50_000 },
      status: "completed",
      createdAt: today,
      overrides: { fromArticleId: article.id },
    });
    await createPayment(db, { order: planOrder, paymentMethod: "MpesaKE", verifiedAt: today });
    const ebookOrder = await createOrder(db, {
      userId: buyer.id,
      item: { kind: "ebook", ebookId: ebook.id, basePriceCents: 30_000 },
      status: "partially_refunded",
      createdAt: yesterday,
    });
    const cardPayment = await createPayment(db, { order: ebookOrder, paymentMethod: "Visa", verifiedAt: yesterday });
    await db.insert(refunds).values({
      orderId: ebookOrder.id,
      paymentId: cardPayment.id,
      full: false,
      amountCents: 10_000,
      currency: "KES",
      status: "accepted",
      reason: "Wrong ebook",
      requestedBy: admin.user!.id,
      answeredAt: today,
    });
    // A failed M-Pesa payment with Pesapal's reason.
    const failedOrder = await createOrder(db, {
      userId: buyer.id,
      item: { kind: "plan", planId: plan.id, basePriceCents: 50_000 },
      status: "failed",
      createdAt: today,
    });
    await createPayment(db, {
      order: failedOrder,
      status: "failed",
      paymentMethod: "MpesaKE",
      verifiedAt: today,
      overrides: { raw: { description: "Insufficient balance", statusDescription: "Failed" } },
    });
    // Members: one joined in May and renewed in June; one active in May only (churned in June).
    const stayer = await createUser(db, { email: `stay-${randomBytes(3).toString("hex")}@example.com` });
    const leaver = await createUser(db, { email: `leave-${randomBytes(3).toString("hex")}@example.com` });
    await createSubscription(db, {
      userId: stayer.id,
      planId: plan.id,
      startDate: new Date("2026-05-02T00:00:00Z"),
      endDate: new Date("2026-06-05T00:00:00Z"),
      status: "expired",
    });
    await createSubscription(db, {
      userId: stayer.id,
      planId: plan.id,
      startDate: new Date("2026-06-05T00:00:00Z"),
      endDate: new Date("2026-08-05T00:00:00Z"),
    });
    const leaving = await createSubscription(db, {
      userId: leaver.id,
      planId: plan.id,
      startDate: new Date("2026-05-10T00:00:00Z"),
      endDate: new Date("2026-06-10T00:00:00Z"),
      status: "expired",
    });
    await db
      .update(userSubscriptions)
      .set({ cancelledAt: new Date("2026-06-01T12:00:00Z") })
      .where(eq(userSubscriptions.id, leaving.id));

    const report = await analyticsReport(admin, "30d", now);
    expect(report.period).toMatchObject({
      id: "30d",
      granularity: "day",
      firstDay: "2026-05-22",
      lastDay: "2026-06-20",
    });
    const views = table(report, "views");
    expect(views.rows.at(-1)).toEqual(["2026-06-20", "7", "0", "0", "7"]);
    expect(views.rows.at(-2)).toEqual(["2026-06-19", "1", "0", "0", "1"]);
    expect(report.charts.find((c) => c.id === "views")!.points.at(-1)).toEqual({ label: "2026-06-20", value: 7 });
    expect(table(report, "articles").rows).toContainEqual(["Screen article", "8", "7", "0", "0", "1", "1", "14.3%"]);

    const revenue = table(report, "revenue");
    expect(revenue.rows.at(-1)).toEqual(["2026-06-20", "500.00", "100.00", "400.00"]);
    expect(revenue.rows.at(-2)).toEqual(["2026-06-19", "300.00", "0.00", "300.00"]);
    expect(table(report, "revenue-items").rows).toEqual([
      ["Screen plan", "Plan", "500.00", "0.00", "500.00"],
      ["Screen ebook", "Ebook", "300.00", "100.00", "200.00"],
    ]);
    expect(table(report, "revenue-methods").rows).toEqual([
      ["M-Pesa", "500.00", "0.00", "500.00"],
      ["Card", "300.00", "100.00", "200.00"],
    ]);
    expect(table(report, "payment-failures").rows).toEqual([
      ["Not enough money in the account", "M-Pesa", "1", "She can top up and try again.", "Insufficient balance"],
    ]);
    expect(table(report, "searches-empty").rows).toEqual([["vitamin d", "1"]]);

    const members = table(report, "members");
    expect(members.columns).toEqual(["Month", "Active", "New", "Renewals", "Cancellations", "Churned", "Churn"]);
    // May: both joined; at its end both have a plan. June (to today): the stayer renewed, the leaver cancelled and
    // her plan ended, so one of the two members at the start of June churned.
    expect(members.rows).toEqual([
      ["2026-05", "2", "2", "0", "0", "0", "n/a"],
      ["2026-06", "1", "0", "1", "1", "1", "50.0%"],
    ]);

    // The CSV holds the same cells as the screen.
    const csv = tableCsv(table(report, "revenue-items"));
    expect(csv).toBe(
      "Item,Kind,Payments (KES),Refunds (KES),Net (KES)\r\nScreen plan,Plan,500.00,0.00,500.00\r\nScreen ebook,Ebook,300.00,100.00,200.00\r\n",
    );

    // A year: months from the monthly roll-up.
    const year = await analyticsReport(admin, "12m", now);
    expect(table(year, "views").rows.at(-1)).toEqual(["2026-06", "8", "0", "0", "8"]);
    expect(table(year, "views").rows).toHaveLength(12);
    expect(table(year, "revenue").rows.at(-1)).toEqual(["2026-06", "800.00", "100.00", "700.00"]);
    expect(table(year, "searches-empty").rows).toContainEqual(["vitamin d", "1"]);
  });

  it("totals 90 days from the monthly roll-ups of whole months and the daily rows around them, each day once", async () => {
    const db = database.db();
    const now = new Date("2026-09-20T09:00:00Z"); // 90 days: 2026-06-23 to 2026-09-20, July and August whole
    const admin = await loadAdmin(
      await createUser(db, { email: `owner90-${randomBytes(3).toString("hex")}@example.com`, role: "admin" }),
    );
    const article = await createArticle(db, { title: "Ninety days article", accessType: "premium" });
    const words = `ninety ${randomBytes(3).toString("hex")}`;
    const visits: [string, number][] = [
      ["2026-06-22T09:00:00Z", 100], // the day before the period: not counted
      ["2026-06-23T09:00:00Z", 40], // the first day (an edge)
      ["2026-07-01T09:00:00Z", 30], // whole July
      ["2026-08-31T09:00:00Z", 20], // whole August, its last day
      ["2026-09-01T09:00:00Z", 10], // September to today (an edge)
      ["2026-09-20T06:00:00Z", 5], // today
    ];
    for (const [at, n] of visits)
      for (let i = 0; i < n; i++)
        servePage(
          () => {
            noteContentView("article", article.id, { paywall: i % 2 === 0 });
            noteSearch(words, 0);
          },
          { at: new Date(at) },
        );
    const report = await analyticsReport(admin, "90d", now);
    expect(report.period).toMatchObject({ firstDay: "2026-06-23", lastDay: "2026-09-20" });
    expect(table(report, "articles").rows).toContainEqual([
      "Ninety days article",
      "105",
      "53",
      "0",
      "0",
      "0",
      "0",
      "0.0%",
    ]);
    expect(table(report, "searches").rows).toContainEqual([words, "105", "105"]);
    expect(table(report, "searches-empty").rows).toContainEqual([words, "105"]);
    // Per day, from the daily rows.
    const views = table(report, "views");
    expect(views.rows).toHaveLength(90);
    expect(views.rows[0]![0]).toBe("2026-06-23");
    expect(Number(views.rows[0]![1])).toBeGreaterThanOrEqual(40);
    expect(views.rows.find((r) => r[0] === "2026-08-31")![1]).not.toBe("0");
  });

  it("shows where readers came from (domain and campaign only), the funnel per article and plan, and failures in words", async () => {
    const db = database.db();
    const now = new Date("2025-02-15T09:00:00Z");
    const at = new Date("2025-02-14T08:00:00Z");
    const admin = await loadAdmin(
      await createUser(db, { email: `owner46-${randomBytes(3).toString("hex")}@example.com`, role: "admin" }),
    );
    const campaign = `march-${randomBytes(3).toString("hex")}`;
    const page = (query = "") => new URL(`https://nuru.example/article/x${query}`);
    const arrive = (url: URL, headers: Record<string, string>) =>
      countArrival({ url, headers: { "user-agent": BROWSER, "sec-fetch-mode": "navigate", ...headers } }, at);
    // Two readers from a Google search (its path and words never kept), one from WhatsApp's campaign link, one with
    // only a campaign; an older browser without Sec-Fetch headers asking for HTML.
    arrive(page(), { referer: "https://www.google.com/search?q=menopause+symptoms" });
    arrive(page(), { referer: "https://www.google.com/search?q=period+pain" });
    arrive(page(`?utm_source=WhatsApp&utm_medium=social&utm_campaign=${campaign}`), {
      referer: "https://l.facebook.com/l.php?u=secret",
    });
    arrive(page(`?utm_campaign=${campaign}`), {});
    countArrival(
      { url: page(), headers: { "user-agent": BROWSER, accept: "text/html", referer: "https://bing.com/search?q=x" } },
      at,
    );
    // Not arrivals: a page of the shop itself, a bot, a prefetch, a script's fetch, a client navigation's data.
    arrive(page(), { referer: "https://nuru.example/articles" });
    arrive(page(), {
      referer: "https://www.google.com/",
      "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)",
    });
    arrive(page(), { referer: "https://www.google.com/", "sec-purpose": "prefetch" });
    arrive(page(), { referer: "https://www.google.com/", "sec-fetch-mode": "cors" });
    arrive(new URL("https://nuru.example/article/x.data"), { referer: "https://www.google.com/" });
    await flushCounts();
    const stored = await db.execute(sql`select * from source_daily_counts where day = '2025-02-14'`);
    expect(JSON.stringify(stored)).toContain("google.com");
    expect(JSON.stringify(stored)).not.toMatch(/search|menopause|secret|l\.php/);

    // The funnel: a premium article read 10 times, 4 met the paywall; two checkouts begun there (one paid, one
    // failed); a third checkout for the plan came from the pricing page.
    const article = await createArticle(db, { title: "Funnel article", accessType: "premium" });
    for (let i = 0; i < 10; i++) servePage(() => noteContentView("article", article.id, { paywall: i < 4 }), { at });
    const plan = await createPlan(db, {
      slug: `funnel-${randomBytes(3).toString("hex")}`,
      name: "Funnel plan",
      priceCents: 30_000,
    });
    const buyer = await createUser(db, { email: `funnel-${randomBytes(3).toString("hex")}@example.com` });
    const item = { kind: "plan" as const, planId: plan.id, basePriceCents: 30_000 };
    await createOrder(db, {
      userId: buyer.id,
      item,
      status: "completed",
      createdAt: at,
      overrides: { fromArticleId: article.id },
    });
    const failed = await createOrder(db, {
      userId: buyer.id,
      item,
      status: "failed",
      createdAt: at,
      overrides: { fromArticleId: article.id },
    });
    const another = await createOrder(db, { userId: buyer.id, item, status: "failed", createdAt: at });
    const fails: [typeof failed, string, string][] = [
      [failed, "MpesaKE", "Insufficient balance"],
      [another, "MpesaKE", "The balance is insufficient for the transaction"],
      [another, "MpesaKE", "Request cancelled by user 254712345678"],
      [another, "Visa", "Do not honour"],
    ];
    for (const [order, method, description] of fails)
      await createPayment(db, {
        order,
        status: "failed",
        paymentMethod: method,
        verifiedAt: at,
        overrides: { raw: { description, statusDescription: "Failed" } },
      });

    const report = await analyticsReport(admin, "7d", now);
    expect(table(report, "sources").columns).toEqual(["Site", "Campaign", "Arrivals"]);
    expect(table(report, "sources").rows).toEqual(
      expect.arrayContaining([
        ["google.com", "none", "2"],
        ["l.facebook.com", `whatsapp / social / ${campaign}`, "1"],
        ["(campaign link)", `- / - / ${campaign}`, "1"],
        ["bing.com", "none", "1"],
      ]),
    );
    expect(table(report, "sources").rows.reduce((sum, r) => sum + Number(r[2]), 0)).toBe(5);
    expect(table(report, "funnel").rows).toEqual([
      ["Article views", "10", "n/a", "100.0%"],
      ["Paywall views", "4", "40.0%", "40.0%"],
      ["Checkout starts", "2", "50.0%", "20.0%"],
      ["Payments done", "1", "50.0%", "10.0%"],
    ]);
    expect(table(report, "articles").rows).toContainEqual(["Funnel article", "10", "4", "0", "0", "2", "1", "25.0%"]);
    expect(table(report, "plans").rows).toEqual([["Funnel plan", "3", "1", "33.3%"]]);
    // Two wordings of "not enough money" are one line; a phone number a network repeated is never shown.
    const failures = table(report, "payment-failures").rows;
    expect(failures[0]).toEqual([
      "Not enough money in the account",
      "M-Pesa",
      "2",
      "She can top up and try again.",
      "Insufficient balance; The balance is insufficient for the transaction",
    ]);
    expect(failures).toContainEqual([
      "She cancelled the prompt",
      "M-Pesa",
      "1",
      "She chose not to pay at the prompt.",
      "Request cancelled by user …",
    ]);
    expect(failures).toContainEqual([
      "Declined by her bank",
      "Card",
      "1",
      "Her bank refused the card payment.",
      "Do not honour",
    ]);
    expect(JSON.stringify(report)).not.toContain("254712345678");
  });

  it("is for admins only", async () => {
    const db = database.db();
    const reader = await loadViewer(await createUser(db, { email: `r-${randomBytes(3).toString("hex")}@example.com` }));
    expect(adminViewer(reader)).toBeNull();
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(analyticsReport).toBeCallableWith(reader, "7d");
  });
});

describe(`analytics retention (${target})`, () => {
  it("the retention job deletes daily counts and search words past their period, and keeps the monthly totals", async () => {
    const db = database.db();
    const now = new Date("2027-09-01T12:00:00Z");
    const article = await createArticle(db);
    const oldDay = nairobiDate(new Date(now.getTime() - (ANALYTICS_DAILY_RETENTION_DAYS + 2) * DAY));
    const oldMonth = nairobiDate(new Date(now.getTime() - (ANALYTICS_DAILY_RETENTION_DAYS + 62) * DAY)).slice(0, 7);
    const keptDay = nairobiDate(new Date(now.getTime() - (ANALYTICS_DAILY_RETENTION_DAYS - 2) * DAY));
    await db.insert(contentDailyCounts).values([
      { day: oldDay, kind: "article", itemId: article.id, views: 5 },
      { day: keptDay, kind: "article", itemId: article.id, views: 3 },
    ]);
    await db
      .insert(contentMonthlyCounts)
      .values({ month: `${oldDay.slice(0, 7)}-01`, kind: "article", itemId: article.id, views: 5 });
    await db.insert(searchDailyCounts).values([
      { day: oldDay, query: "my neighbour's name", searches: 1, empty: 1 },
      { day: keptDay, query: "hips", searches: 2 },
    ]);
    await db.insert(searchMonthlyCounts).values([
      // A month whose every day is past the period (a month's words go with its last day).
      { month: `${oldMonth}-01`, query: "my neighbour's name", searches: 1, empty: 1 },
      { month: `${keptDay.slice(0, 7)}-01`, query: "hips", searches: 2 },
    ]);
    const job = JOBS.find((j) => j.name === "retention")!;
    // Earlier tests in this file left rows from 2026 too: they are past the period as well.
    expect(await job.run({ db, now })).toMatch(/analytics day rows [1-9]\d*, mail deliveries \d+$/);
    const days = await db
      .select({ day: contentDailyCounts.day })
      .from(contentDailyCounts)
      .where(eq(contentDailyCounts.itemId, article.id));
    expect(days).toEqual([{ day: keptDay }]);
    const words = (await db.select({ query: searchDailyCounts.query }).from(searchDailyCounts)).map((r) => r.query);
    expect(words).toContain("hips");
    expect(words).not.toContain("my neighbour's name");
    const monthWords = (await db.select({ query: searchMonthlyCounts.query }).from(searchMonthlyCounts)).map(
      (r) => r.query,
    );
    expect(monthWords).toContain("hips");
    expect(monthWords).not.toContain("my neighbour's name");
    const months = await db
      .select({ views: contentMonthlyCounts.views })
      .from(contentMonthlyCounts)
      .where(eq(contentMonthlyCounts.itemId, article.id));
    expect(months).toEqual([{ views: 5 }]);
    expect((await applyRetention(db, now)).analyticsDays).toBe(0);
  });
});
