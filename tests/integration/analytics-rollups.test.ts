// The analytics screen's faster paths (issue 35: under 200 ms with a year at 100,000 views a day) on PGlite and on
// PostgreSQL: the per-day totals the flush writes beside the daily rows always equal those rows (a second flush to a
// day already counted adds to both), and members per month, computed from merged ranges of instants, equal a count
// made member by member from the subscription periods, on periods that overlap, touch, lapse and come back within a
// month, end on a month's first instant, never end, last no time, or do not count (revoked, pending).
import { EventEmitter } from "node:events";
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { appTestDatabase } from "../setup/app-test-database";
import { userSubscriptions } from "~/db/schema";
import { createArticle, createCategory, createEbook, createPlan, createUser } from "~/db/seed/factories";
import { pageEventScope } from "~/lib/page-events.server";
import { loadAdmin } from "../setup/admin-viewer";
import { countServedPage, flushCounts, noteContentView } from "~/modules/analytics/counter.server";
import { nairobiDate } from "~/lib/nairobi-time";
import { analyticsReport, type AnalyticsReport } from "~/modules/analytics/report.server";
import { monthEnd, monthStart, periodRange } from "~/modules/analytics/periods";
import type { Rows } from "~/db/client.server";

const database = appTestDatabase();
const target = process.env.DB_TARGET ?? "pglite";
const BROWSER =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

function servePage(load: () => void, at: Date) {
  const res = Object.assign(new EventEmitter(), { statusCode: 200 }) as unknown as ExpressResponse;
  const req = { method: "GET", headers: { "user-agent": BROWSER } } as unknown as ExpressRequest;
  pageEventScope((events, request) => countServedPage(events, request, at))(req, res, () => load());
  (res as unknown as EventEmitter).emit("finish");
}

function table(report: AnalyticsReport, id: string) {
  const found = report.tables.find((t) => t.id === id);
  if (!found) throw new Error(`no table ${id}`);
  return found;
}

describe(`the per-day totals (${target})`, () => {
  it("equal the daily rows summed over pages, after a second flush adds to a day already counted", async () => {
    const db = database.db();
    const rows = async <T>(statement: ReturnType<typeof sql>) =>
      ((await db.execute(statement)) as unknown as Rows<T>).rows;
    const totalsAndSums = async () => ({
      totals: await rows(sql`
        select to_char(day, 'YYYY-MM-DD') as day, kind, views, paywall_views, offer_views, signups
        from content_daily_totals order by day, kind`),
      sums: await rows(sql`
        select to_char(day, 'YYYY-MM-DD') as day, kind, sum(views)::int as views,
               sum(paywall_views)::int as paywall_views, sum(offer_views)::int as offer_views,
               sum(signups)::int as signups
        from content_daily_counts group by day, kind order by day, kind`),
    });
    const first = await createArticle(db, { accessType: "premium" });
    const second = await createArticle(db, { accessType: "free" });
    const ebook = await createEbook(db);
    const category = await createCategory(db, { name: "Totals", slug: `totals-${randomBytes(3).toString("hex")}` });
    const day = new Date("2026-09-10T07:00:00Z");
    const nextDay = new Date("2026-09-11T07:00:00Z");

    servePage(() => noteContentView("article", first.id, { paywall: true }), day);
    servePage(() => noteContentView("article", second.id), day);
    servePage(() => noteContentView("ebook", ebook.id), day);
    // A page that does not exist is dropped from the daily rows, so from the totals too.
    servePage(() => noteContentView("article", randomUUID()), day);
    await flushCounts(db);
    let { totals, sums } = await totalsAndSums();
    expect(totals).toEqual(sums);
    expect(totals.filter((t) => (t as { day: string }).day === "2026-09-10")).toEqual([
      { day: "2026-09-10", kind: "article", views: 2, paywall_views: 1, offer_views: 0, signups: 0 },
      { day: "2026-09-10", kind: "ebook", views: 1, paywall_views: 0, offer_views: 0, signups: 0 },
    ]);

    // The same day again (new pages and pages already counted) and the next day, in one flush.
    servePage(() => noteContentView("article", first.id, { paywall: true }), day);
    servePage(() => noteContentView("article", first.id), day);
    servePage(() => noteContentView("category", category.id), day);
    servePage(() => noteContentView("article", second.id), nextDay);
    await flushCounts(db);
    ({ totals, sums } = await totalsAndSums());
    expect(totals).toEqual(sums);
    expect(totals.filter((t) => (t as { day: string }).day >= "2026-09-10")).toEqual([
      { day: "2026-09-10", kind: "article", views: 4, paywall_views: 2, offer_views: 0, signups: 0 },
      { day: "2026-09-10", kind: "category", views: 1, paywall_views: 0, offer_views: 0, signups: 0 },
      { day: "2026-09-10", kind: "ebook", views: 1, paywall_views: 0, offer_views: 0, signups: 0 },
      { day: "2026-09-11", kind: "article", views: 1, paywall_views: 0, offer_views: 0, signups: 0 },
    ]);

    // The screen's per-day chart reads the totals: the same numbers as the daily rows.
    const admin = await loadAdmin(
      await createUser(db, { email: `owner-${randomBytes(3).toString("hex")}@example.com`, role: "admin" }),
    );
    const report = await analyticsReport(admin, "7d", new Date("2026-09-12T09:00:00Z"));
    const views = table(report, "views");
    const daily = new Map(
      (sums as { day: string; kind: string; views: number }[]).map((s) => [`${s.day}|${s.kind}`, s.views]),
    );
    for (const [dayLabel, articles, ebooks, categories, total] of views.rows) {
      expect([articles, ebooks, categories].map(Number)).toEqual(
        ["article", "ebook", "category"].map((kind) => daily.get(`${dayLabel}|${kind}`) ?? 0),
      );
      expect(Number(total)).toBe(Number(articles) + Number(ebooks) + Number(categories));
    }
    expect(views.rows.find((r) => r[0] === "2026-09-10")).toEqual(["2026-09-10", "4", "1", "1", "6"]);
  });
});

interface Period {
  id: string;
  user_id: string;
  status: string;
  start_date: Date;
  end_date: Date | null;
  is_trial: boolean;
  cancelled_at: Date | null;
}

/** Members per month counted the slow, obvious way: the set of members at each instant, member by member. */
function membersOneByOne(periods: Period[], months: string[], now: Date) {
  const counting = periods.filter((p) => p.status !== "revoked" && p.status !== "pending");
  const activeAt = (t: Date) =>
    new Set(counting.filter((p) => p.start_date <= t && (p.end_date === null || p.end_date > t)).map((p) => p.user_id));
  const nth = new Map<string, number>();
  const byMember = Map.groupBy(counting, (p) => p.user_id);
  for (const own of byMember.values()) {
    own.sort((a, b) => a.start_date.getTime() - b.start_date.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    own.forEach((p, i) => nth.set(p.id, i + 1));
  }
  const first = monthStart(months[0]!);
  const monthOf = (at: Date) => nairobiDate(at).slice(0, 7);
  return months.map((month) => {
    const end = monthEnd(month) > now ? now : monthEnd(month);
    const atStart = activeAt(monthStart(month));
    const atEnd = activeAt(end);
    const startedHere = counting.filter((p) => p.start_date >= first && monthOf(p.start_date) === month);
    const cancelled = periods.filter(
      (p) => p.cancelled_at && p.cancelled_at >= first && monthOf(p.cancelled_at) === month,
    );
    const churned = [...atStart].filter((u) => !atEnd.has(u)).length;
    return [
      month,
      String(atEnd.size),
      String(startedHere.filter((p) => nth.get(p.id) === 1).length),
      String(startedHere.filter((p) => nth.get(p.id)! > 1 && !p.is_trial).length),
      String(cancelled.length),
      String(churned),
      atStart.size > 0 ? `${((churned / atStart.size) * 100).toFixed(1)}%` : "n/a",
    ];
  });
}

describe(`members per month (${target})`, () => {
  it("equal a count made member by member, for periods that overlap, touch, lapse, return and never end", async () => {
    const db = database.db();
    const admin = await loadAdmin(
      await createUser(db, { email: `owner-${randomBytes(3).toString("hex")}@example.com`, role: "admin" }),
    );
    const plan = await createPlan(db, {
      slug: `members-${randomBytes(3).toString("hex")}`,
      name: "Members",
      priceCents: 50_000,
    });
    const now = new Date("2027-04-17T10:00:00Z");
    const at = (iso: string) => new Date(iso);
    // Month boundaries are Nairobi midnights: 21:00 UTC the day before.
    const mayStarts = monthStart("2027-05");
    const marchStarts = monthStart("2027-03");
    const cases: { name: string; periods: Partial<Period>[] }[] = [
      {
        name: "one period, inside a month",
        periods: [{ start_date: at("2026-06-03T10:00:00Z"), end_date: at("2026-06-20T10:00:00Z") }],
      },
      {
        name: "renewed back to back (the next starts when the last ends), then a trial after",
        periods: [
          { start_date: at("2026-05-05T00:00:00Z"), end_date: at("2026-07-05T00:00:00Z") },
          { start_date: at("2026-07-05T00:00:00Z"), end_date: at("2026-09-05T00:00:00Z") },
          { start_date: at("2026-11-01T00:00:00Z"), end_date: at("2026-11-15T00:00:00Z"), is_trial: true },
        ],
      },
      {
        name: "overlapping periods (an upgrade bought before the last ended) with the same start twice",
        periods: [
          { start_date: at("2026-08-01T00:00:00Z"), end_date: at("2026-10-01T00:00:00Z") },
          { start_date: at("2026-08-01T00:00:00Z"), end_date: at("2026-09-01T00:00:00Z") },
          { start_date: at("2026-09-15T00:00:00Z"), end_date: at("2026-12-15T00:00:00Z") },
        ],
      },
      {
        name: "lapses and comes back twice within one month, then lapses at its end",
        periods: [
          { start_date: at("2026-12-01T00:00:00Z"), end_date: at("2027-01-05T00:00:00Z") },
          { start_date: at("2027-01-10T00:00:00Z"), end_date: at("2027-01-12T00:00:00Z") },
          { start_date: at("2027-01-20T00:00:00Z"), end_date: at("2027-01-25T00:00:00Z") },
        ],
      },
      {
        name: "lapses within a month and is back at its end",
        periods: [
          { start_date: at("2026-10-10T00:00:00Z"), end_date: at("2026-12-10T00:00:00Z") },
          { start_date: at("2026-12-20T00:00:00Z"), end_date: at("2027-02-20T00:00:00Z") },
        ],
      },
      {
        name: "ends on a month's first instant, and another starts on one",
        periods: [
          { start_date: at("2026-09-10T00:00:00Z"), end_date: marchStarts },
          { start_date: monthStart("2027-02"), end_date: at("2027-02-02T00:00:00Z") },
        ],
      },
      { name: "never ends", periods: [{ start_date: at("2026-04-01T00:00:00Z"), end_date: null }] },
      {
        name: "lasts no time, and ends before it starts",
        periods: [
          { start_date: at("2026-07-07T00:00:00Z"), end_date: at("2026-07-07T00:00:00Z") },
          { start_date: at("2026-08-08T00:00:00Z"), end_date: at("2026-08-01T00:00:00Z") },
        ],
      },
      {
        name: "revoked and pending periods do not count; a cancelled one does",
        periods: [
          { start_date: at("2026-06-01T00:00:00Z"), end_date: at("2026-12-01T00:00:00Z"), status: "revoked" },
          { start_date: at("2026-07-01T00:00:00Z"), end_date: at("2026-09-01T00:00:00Z"), status: "pending" },
          {
            start_date: at("2026-10-01T00:00:00Z"),
            end_date: at("2027-01-01T00:00:00Z"),
            cancelled_at: at("2026-11-03T00:00:00Z"),
          },
        ],
      },
      {
        name: "running today and renewed from a day after today (this month's end is today)",
        periods: [
          { start_date: at("2027-03-20T00:00:00Z"), end_date: at("2027-04-18T00:00:00Z") },
          { start_date: at("2027-04-18T00:00:00Z"), end_date: mayStarts, status: "scheduled" },
        ],
      },
      {
        name: "ended before the year shown, came back in it",
        periods: [
          { start_date: at("2025-01-01T00:00:00Z"), end_date: at("2025-03-01T00:00:00Z") },
          { start_date: at("2026-05-20T00:00:00Z"), end_date: at("2026-06-20T00:00:00Z") },
        ],
      },
    ];
    for (const { name, periods } of cases) {
      const member = await createUser(db, {
        email: `${name.slice(0, 8).replace(/\W/g, "")}-${randomBytes(3).toString("hex")}@example.com`,
        password: null,
      });
      for (const p of periods)
        await db.insert(userSubscriptions).values({
          userId: member.id,
          planId: plan.id,
          status: (p.status ?? "expired") as "expired",
          startDate: p.start_date!,
          endDate: p.end_date ?? null,
          isTrial: p.is_trial ?? false,
          cancelledAt: p.cancelled_at ?? null,
        });
    }
    const all = (
      (await db.execute(sql`
      select id::text as id, user_id, status::text as status, start_date, end_date, is_trial, cancelled_at
      from user_subscriptions`)) as unknown as Rows<Period>
    ).rows.map((p) => ({
      ...p,
      start_date: new Date(p.start_date),
      end_date: p.end_date === null ? null : new Date(p.end_date),
      cancelled_at: p.cancelled_at === null ? null : new Date(p.cancelled_at),
    }));

    for (const periodId of ["7d", "90d", "12m"] as const) {
      const report = await analyticsReport(admin, periodId, now);
      const expected = membersOneByOne(all, periodRange(periodId, now).months, now);
      expect(table(report, "members").rows, periodId).toEqual(expected);
    }
    // The count is not empty: the cases above show in it (members, churn, new members, renewals, a cancellation).
    const year = table(await analyticsReport(admin, "12m", now), "members").rows;
    expect(year.some((r) => Number(r[5]) > 0)).toBe(true);
    expect(year.some((r) => Number(r[3]) > 0)).toBe(true);
    expect(year.some((r) => Number(r[4]) > 0)).toBe(true);
  });
});
