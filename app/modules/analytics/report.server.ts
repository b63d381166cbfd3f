// The owner's analytics screen (issue 35): every number on it, as charts and tables, for one period. The screen and
// the CSV export read the same tables, cell for cell, so an export always matches what the owner saw. Everything here
// is aggregate: counts per day and page (counter.server.ts), and sums over orders, payments and subscriptions; no
// table names a reader.
import { and, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { getDb, type Rows } from "~/db/client.server";
import { articles, orders, subscriptionPlans } from "~/db/schema";
import type { AdminViewer } from "~/modules/access/policy";
import { centsToDecimal } from "~/modules/pricing/money";
import { PAID_STATUSES } from "~/modules/orders/order-transitions";
import { isCardPayment } from "~/modules/orders/payment-method";
import { revenueLines, type RevenueLine } from "~/modules/payments/revenue.server";
import { csvCell } from "~/modules/receipts/receipt-rules";
import { flushCounts } from "./counter.server";
import { failureReason } from "./failure-reasons";
import { monthEnd, monthStart, monthsAndEdges, periodRange, type PeriodId, type PeriodRange } from "./periods";

/** How many rows the top lists show. */
export const TOP_ROWS = 20;

export type TableId =
  | "views"
  | "sources"
  | "funnel"
  | "articles"
  | "plans"
  | "ebooks"
  | "categories"
  | "revenue"
  | "revenue-items"
  | "revenue-methods"
  | "members"
  | "payment-failures"
  | "searches"
  | "searches-empty";

export interface ReportTable {
  id: TableId;
  title: string;
  /** What the numbers are, in a sentence under the title. */
  note: string;
  columns: string[];
  rows: string[][];
}

export interface ChartSeries {
  id: string;
  title: string;
  /** Words for the value axis and screen readers ("views", "KES"). */
  unit: string;
  points: { label: string; value: number }[];
}

export interface AnalyticsReport {
  period: Pick<PeriodRange, "id" | "label" | "granularity" | "firstDay" | "lastDay">;
  charts: ChartSeries[];
  tables: ReportTable[];
}

/**
 * The report's statements are planned on every run, not kept as named statements (ADR 023): a kept statement gets
 * a generic plan after five runs, which guesses how many rows a date range holds (0.5 %), while these ranges hold
 * from a week to a year of rows. Measured with the bench's year (`--explain`, server CPU per run, 2026-11-27): most
 * viewed pages for 90 days 47.5 ms generic, 19.5 ms planned per run; planning takes under a millisecond. The
 * leading comment is what keeps a statement unnamed (`PREPARABLE` in db/named-statements.server.ts).
 */
async function query<T>(statement: SQL): Promise<T[]> {
  return ((await getDb().execute(sql`/* planned per run */ ${statement}`)) as unknown as Rows<T>).rows;
}

const money = (cents: number) => centsToDecimal(cents);
const int = (value: unknown) => Number(value ?? 0);
const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : "n/a");

/** The screen's numbers for `periodId`, ending today. This process's counts in memory are saved first. */
export async function analyticsReport(
  _admin: AdminViewer,
  periodId: PeriodId,
  now = new Date(),
): Promise<AnalyticsReport> {
  await flushCounts();
  const period = periodRange(periodId, now);
  const [views, top, purchases, starts, articleTotals, plans, sources, revenue, members, failures, searches] =
    await Promise.all([
      viewsPerBucket(period),
      topContent(period),
      purchasesPerArticle(period),
      checkoutStartsPerArticle(period),
      articleViewTotals(period),
      planFunnel(period),
      sourceCounts(period),
      revenueLines(period.from, period.to),
      membersPerMonth(period, now),
      paymentFailures(period),
      searchCounts(period),
    ]);
  const revenueTables = revenueTablesOf(period, revenue);
  const viewTable = views.table;
  return {
    period: {
      id: period.id,
      label: period.label,
      granularity: period.granularity,
      firstDay: period.firstDay,
      lastDay: period.lastDay,
    },
    charts: [
      {
        id: "views",
        title: `Page views per ${period.granularity}`,
        unit: "views",
        points: views.totals,
      },
      {
        id: "revenue",
        title: `Net revenue per ${period.granularity} (KES)`,
        unit: "KES",
        points: revenueTables.net,
      },
      {
        id: "members",
        title: "Active members at the end of each month",
        unit: "members",
        points: members.map((m) => ({ label: m.month, value: m.activeEnd })),
      },
    ],
    tables: [
      viewTable,
      sourcesTable(sources),
      funnelTable(articleTotals, starts),
      articleTable(top.article, purchases, starts),
      plansTable(plans),
      {
        id: "ebooks",
        title: "Ebooks",
        note: `The ${TOP_ROWS} most viewed ebook pages.`,
        columns: ["Ebook", "Views"],
        rows: top.ebook.map((r) => [r.title, String(r.views)]),
      },
      {
        id: "categories",
        title: "Categories",
        note: "Views of each category's page.",
        columns: ["Category", "Views"],
        rows: top.category.map((r) => [r.title, String(r.views)]),
      },
      ...revenueTables.tables,
      {
        id: "members",
        title: "Members per month",
        note: "Members with a running plan (trials included) at the end of the month (today for this month); new members, renewals (a period after an earlier one), renewals cancelled, and members who had a plan at the start of the month and none at its end.",
        columns: ["Month", "Active", "New", "Renewals", "Cancellations", "Churned", "Churn"],
        rows: members.map((m) => [
          m.month,
          String(m.activeEnd),
          String(m.started),
          String(m.renewals),
          String(m.cancellations),
          String(m.churned),
          percent(m.churned, m.activeStart),
        ]),
      },
      {
        id: "payment-failures",
        title: "Payment failures",
        note: "Payments Pesapal reported as failed, grouped by what the reason means, with the words the payment network used.",
        columns: ["Reason", "Method", "Failed payments", "What usually helps", "The gateway said"],
        rows: failures.map((f) => [f.reason, f.method, String(f.failures), f.hint, f.said]),
      },
      {
        id: "searches",
        title: "Top searches",
        note: `The ${TOP_ROWS} most frequent article searches (in lower case, spaces collapsed).`,
        columns: ["Search", "Searches", "Found nothing"],
        rows: searches.top.map((s) => [s.query, String(s.searches), String(s.empty)]),
      },
      {
        id: "searches-empty",
        title: "Searches that found nothing",
        note: "What readers looked for and the shop does not have: ideas for the next articles.",
        columns: ["Search", "Searches that found nothing"],
        rows: searches.empty.map((s) => [s.query, String(s.empty)]),
      },
    ],
  };
}

const ROLL_UPS = {
  content: {
    daily: "content_daily_counts",
    monthly: "content_monthly_counts",
    columns: "kind, item_id, views, paywall_views, offer_views, signups",
  },
  search: { daily: "search_daily_counts", monthly: "search_monthly_counts", columns: "query, searches, empty" },
} as const;

/**
 * The rows that hold a period's totals, each day once: for a year the monthly roll-up; for days, the roll-up's rows
 * of the whole months inside the period and the daily rows of the days around them (90 days read two or three
 * months of roll-ups and about a month of days, not 90 days of rows for every page and search).
 */
function periodRows(period: PeriodRange, of: keyof typeof ROLL_UPS): SQL {
  const { daily, monthly, columns } = ROLL_UPS[of];
  if (period.granularity === "month")
    return sql`select ${sql.raw(columns)} from ${sql.raw(monthly)}
      where month between ${`${period.buckets[0]}-01`}::date and ${`${period.buckets.at(-1)}-01`}::date`;
  const split = monthsAndEdges(period.firstDay, period.lastDay);
  const parts: SQL[] = split.days.map(
    ([from, to]) =>
      sql`select ${sql.raw(columns)} from ${sql.raw(daily)} where day between ${from}::date and ${to}::date`,
  );
  if (split.months)
    parts.push(
      sql`select ${sql.raw(columns)} from ${sql.raw(monthly)}
        where month between ${split.months[0]}::date and ${split.months[1]}::date`,
    );
  return sql.join(parts, sql` union all `);
}

/** Views per bucket: days from the per-day totals (three rows a day), months from the monthly roll-up. */
async function viewsPerBucket(period: PeriodRange) {
  const rows =
    period.granularity === "day"
      ? await query<{ bucket: string; kind: string; views: string }>(sql`
          select to_char(day, 'YYYY-MM-DD') as bucket, kind, views from content_daily_totals
          where day between ${period.firstDay}::date and ${period.lastDay}::date`)
      : await query<{ bucket: string; kind: string; views: string }>(sql`
          select to_char(month, 'YYYY-MM') as bucket, kind, sum(views) as views from content_monthly_counts
          where month between ${`${period.buckets[0]}-01`}::date and ${`${period.buckets.at(-1)}-01`}::date
          group by 1, 2`);
  const by = new Map(rows.map((r) => [`${r.bucket}|${r.kind}`, int(r.views)]));
  const line = (bucket: string) => {
    const a = by.get(`${bucket}|article`) ?? 0;
    const e = by.get(`${bucket}|ebook`) ?? 0;
    const c = by.get(`${bucket}|category`) ?? 0;
    return { bucket, a, e, c, total: a + e + c };
  };
  const lines = period.buckets.map((bucket) => line(bucket));
  const table: ReportTable = {
    id: "views",
    title: `Page views per ${period.granularity}`,
    note: "Pages of articles, ebooks and categories served to people (bots and prefetches left out), guests' cached pages included.",
    columns: [period.granularity === "day" ? "Day" : "Month", "Articles", "Ebooks", "Categories", "Total"],
    rows: lines.map((l) => [l.bucket, String(l.a), String(l.e), String(l.c), String(l.total)]),
  };
  return { table, totals: lines.map((l) => ({ label: l.bucket, value: l.total })) };
}

interface TopRow {
  kind: "article" | "ebook" | "category";
  itemId: string;
  title: string;
  views: number;
  paywallViews: number;
  offerViews: number;
  signups: number;
}

/** The most viewed pages of each kind, with their paywall views, offer views and sign-ups. */
async function topContent(period: PeriodRange) {
  const range = sql`from (${periodRows(period, "content")}) rows_of_period`;
  const rows = await query<Record<string, string>>(sql`
    with sums as (
      select kind, item_id, sum(views) as views, sum(paywall_views) as paywall, sum(offer_views) as offer,
             sum(signups) as signups,
             row_number() over (partition by kind order by sum(views) desc, sum(signups) desc, item_id) as rank
      ${range}
      group by kind, item_id
    )
    select s.kind, s.item_id, s.views, s.paywall, s.offer, s.signups,
           coalesce(a.title, e.title, c.name, '(deleted)') as title
    from sums s
    left join articles a on s.kind = 'article' and a.id = s.item_id
    left join ebooks e on s.kind = 'ebook' and e.id = s.item_id
    left join categories c on s.kind = 'category' and c.id = s.item_id
    where s.rank <= ${TOP_ROWS}
    order by s.kind, s.rank`);
  const out: Record<TopRow["kind"], TopRow[]> = { article: [], ebook: [], category: [] };
  for (const r of rows) {
    const kind = r.kind as TopRow["kind"];
    out[kind].push({
      kind,
      itemId: r.item_id!,
      title: r.title!,
      views: int(r.views),
      paywallViews: int(r.paywall),
      offerViews: int(r.offer),
      signups: int(r.signups),
    });
  }
  return out;
}

/** Orders paid in the period that began at an article's paywall, per article. */
async function purchasesPerArticle(period: PeriodRange) {
  return getDb()
    .select({
      articleId: orders.fromArticleId,
      title: articles.title,
      purchases: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(articles, eq(articles.id, orders.fromArticleId))
    .where(
      and(
        isNotNull(orders.fromArticleId),
        inArray(orders.status, [...PAID_STATUSES]),
        gte(orders.completedAt, period.from),
        lt(orders.completedAt, period.to),
      ),
    )
    .groupBy(orders.fromArticleId, articles.title);
}

/**
 * Checkouts begun from each article's paywall: orders made at checkout (she pressed Pay; scheduled card charges are
 * not checkouts) in the period that name the article, and how many of those are paid.
 */
async function checkoutStartsPerArticle(period: PeriodRange) {
  return getDb()
    .select({
      articleId: orders.fromArticleId,
      starts: sql<number>`count(*)`.mapWith(Number),
      paid: sql<number>`count(*) filter (where ${inArray(orders.status, [...PAID_STATUSES])})`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        isNotNull(orders.fromArticleId),
        isNull(orders.cardRenewalId),
        gte(orders.createdAt, period.from),
        lt(orders.createdAt, period.to),
      ),
    )
    .groupBy(orders.fromArticleId);
}

/** All articles' views and paywall views in the period (not only the most viewed ones'). */
async function articleViewTotals(period: PeriodRange) {
  const [row] = await query<{ views: string | null; paywall: string | null }>(sql`
    select sum(views) as views, sum(paywall_views) as paywall
    from (${periodRows(period, "content")}) rows_of_period where kind = 'article'`);
  return { views: int(row?.views), paywallViews: int(row?.paywall) };
}

/** Per plan: checkouts begun in the period (orders made at checkout) and how many of them are paid. */
async function planFunnel(period: PeriodRange) {
  return getDb()
    .select({
      plan: subscriptionPlans.name,
      starts: sql<number>`count(*)`.mapWith(Number),
      paid: sql<number>`count(*) filter (where ${inArray(orders.status, [...PAID_STATUSES])})`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, orders.planId))
    .where(and(isNull(orders.cardRenewalId), gte(orders.createdAt, period.from), lt(orders.createdAt, period.to)))
    .groupBy(subscriptionPlans.id, subscriptionPlans.name)
    .orderBy(sql`count(*) desc`, subscriptionPlans.name);
}

function funnelTable(
  totals: Awaited<ReturnType<typeof articleViewTotals>>,
  starts: Awaited<ReturnType<typeof checkoutStartsPerArticle>>,
): ReportTable {
  const started = starts.reduce((sum, s) => sum + s.starts, 0);
  const paid = starts.reduce((sum, s) => sum + s.paid, 0);
  const steps: [string, number][] = [
    ["Article views", totals.views],
    ["Paywall views", totals.paywallViews],
    ["Checkout starts", started],
    ["Payments done", paid],
  ];
  return {
    id: "funnel",
    title: "From article to payment",
    note: "All articles together: pages read, pages that met the paywall, checkouts begun from a paywall (she pressed Pay) and those of them that are paid. Each step as a share of the step before it and of the article views.",
    columns: ["Step", "Count", "Of the step before", "Of article views"],
    rows: steps.map(([step, count], i) => [
      step,
      String(count),
      i === 0 ? "n/a" : percent(count, steps[i - 1]![1]),
      percent(count, totals.views),
    ]),
  };
}

function plansTable(plans: Awaited<ReturnType<typeof planFunnel>>): ReportTable {
  return {
    id: "plans",
    title: "Plans: checkout to payment",
    note: "For each plan, checkouts begun in the period (she pressed Pay; scheduled card renewals left out) and how many of them are paid.",
    columns: ["Plan", "Checkout starts", "Payments done", "Paid"],
    rows: plans.map((p) => [p.plan, String(p.starts), String(p.paid), percent(p.paid, p.starts)]),
  };
}

/** Arrivals from other sites and campaigns in the period, most first (counts per day, summed). */
async function sourceCounts(period: PeriodRange) {
  const rows = await query<{ domain: string; source: string; medium: string; campaign: string; arrivals: string }>(sql`
    select domain, utm_source as source, utm_medium as medium, utm_campaign as campaign, sum(arrivals) as arrivals
    from source_daily_counts
    where day between ${period.firstDay}::date and ${period.lastDay}::date
    group by 1, 2, 3, 4
    order by sum(arrivals) desc, 1, 2, 3, 4
    limit ${TOP_ROWS}`);
  return rows.map((r) => ({ ...r, arrivals: int(r.arrivals) }));
}

function sourcesTable(sources: Awaited<ReturnType<typeof sourceCounts>>): ReportTable {
  const campaign = (r: (typeof sources)[number]) =>
    [r.source, r.medium, r.campaign].some(Boolean)
      ? [r.source || "-", r.medium || "-", r.campaign || "-"].join(" / ")
      : "none";
  return {
    id: "sources",
    title: "Where readers come from",
    note: `The ${TOP_ROWS} sites and campaigns that sent the most readers to a public page: the other site's domain only (never the page she came from), and the campaign named in the link (its source, medium and campaign tags). Counted per day, never per person.`,
    columns: ["Site", "Campaign", "Arrivals"],
    rows: sources.map((r) => [r.domain || "(campaign link)", campaign(r), String(r.arrivals)]),
  };
}

function articleTable(
  top: TopRow[],
  purchases: Awaited<ReturnType<typeof purchasesPerArticle>>,
  starts: Awaited<ReturnType<typeof checkoutStartsPerArticle>>,
): ReportTable {
  const bought = new Map(purchases.map((p) => [p.articleId!, p]));
  const started = new Map(starts.map((s) => [s.articleId!, s.starts]));
  const rows = top.map((r) => ({ ...r, purchases: bought.get(r.itemId)?.purchases ?? 0 }));
  // An article that sold but is not among the most viewed still shows: a sale is worth a line.
  for (const p of purchases) {
    if (!rows.some((r) => r.itemId === p.articleId))
      rows.push({
        kind: "article",
        itemId: p.articleId!,
        title: p.title,
        views: 0,
        paywallViews: 0,
        offerViews: 0,
        signups: 0,
        purchases: p.purchases,
      });
  }
  return {
    id: "articles",
    title: "Articles",
    note: `The ${TOP_ROWS} most viewed articles (and any that led to a purchase): views, views that met the paywall, sign-ups from the article, visits to the plans from its paywall, checkouts begun from it (she pressed Pay), paid orders that began there, and paid orders per paywall view.`,
    columns: [
      "Article",
      "Views",
      "Paywall views",
      "Sign-ups",
      "Offer views",
      "Checkout starts",
      "Purchases",
      "Paid per paywall view",
    ],
    rows: rows.map((r) => [
      r.title,
      String(r.views),
      String(r.paywallViews),
      String(r.signups),
      String(r.offerViews),
      String(started.get(r.itemId) ?? 0),
      String(r.purchases),
      percent(r.purchases, r.paywallViews),
    ]),
  };
}

/** How a payment method is grouped on the screen: M-Pesa, card, or other mobile money. */
export function methodGroup(method: string | null): string {
  if (/^m-?pesa/i.test(method ?? "")) return "M-Pesa";
  if (isCardPayment(method)) return "Card";
  return method?.trim() ? "Other" : "Unknown";
}

function revenueTablesOf(period: PeriodRange, lines: RevenueLine[]) {
  const bucketOf = (day: string) => (period.granularity === "day" ? day : day.slice(0, 7));
  type Sum = { payments: number; refunds: number };
  const add = (map: Map<string, Sum>, key: string, l: RevenueLine) => {
    const sum = map.get(key) ?? { payments: 0, refunds: 0 };
    sum.payments += l.paymentsCents;
    sum.refunds += l.refundsCents;
    map.set(key, sum);
  };
  const byBucket = new Map<string, Sum>();
  const byItem = new Map<string, Sum>();
  const byMethod = new Map<string, Sum>();
  for (const l of lines) {
    add(byBucket, bucketOf(l.day), l);
    add(byItem, `${l.label}|${l.item}`, l);
    add(byMethod, methodGroup(l.method), l);
  }
  const moneyCells = (s: Sum) => [money(s.payments), money(s.refunds), money(s.payments - s.refunds)];
  const byNet = (a: [string, Sum], b: [string, Sum]) =>
    b[1].payments - b[1].refunds - (a[1].payments - a[1].refunds) || a[0].localeCompare(b[0]);
  const zero = { payments: 0, refunds: 0 };
  const tables: ReportTable[] = [
    {
      id: "revenue",
      title: `Revenue per ${period.granularity}`,
      note: "KES from verified, completed payments, less refunds Pesapal accepted (by the Nairobi day each happened).",
      columns: [period.granularity === "day" ? "Day" : "Month", "Payments (KES)", "Refunds (KES)", "Net (KES)"],
      rows: period.buckets.map((b) => [b, ...moneyCells(byBucket.get(b) ?? zero)]),
    },
    {
      id: "revenue-items",
      title: "Revenue by plan and ebook",
      note: "The same revenue by what was bought.",
      columns: ["Item", "Kind", "Payments (KES)", "Refunds (KES)", "Net (KES)"],
      rows: [...byItem].sort(byNet).map(([key, s]) => {
        const [kind, item] = key.split(/\|(.*)/s) as [string, string];
        return [item, kind, ...moneyCells(s)];
      }),
    },
    {
      id: "revenue-methods",
      title: "Revenue by payment method",
      note: "The same revenue by how it was paid.",
      columns: ["Method", "Payments (KES)", "Refunds (KES)", "Net (KES)"],
      rows: [...byMethod].sort(byNet).map(([method, s]) => [method, ...moneyCells(s)]),
    },
  ];
  const net = period.buckets.map((b) => {
    const s = byBucket.get(b) ?? zero;
    return { label: b, value: (s.payments - s.refunds) / 100 };
  });
  return { tables, net };
}

interface MonthMembers {
  month: string;
  activeStart: number;
  activeEnd: number;
  started: number;
  renewals: number;
  cancellations: number;
  churned: number;
}

/**
 * Members per Nairobi month of the period, from the subscription periods themselves (each paid or trial period is a
 * row, ADR 015): a member is someone with a period running at that instant (revoked periods never count).
 *
 * Only a few instants matter: the start of the first month and the end of each month (today for this month), t0..tn.
 * Each period becomes the range of those instants it covers, [ks, ke) by index (width_bucket: ks instants come
 * before its start, ke before its end); a member's ranges are merged where they overlap or touch, so each member has
 * at most one range at any instant and the ranges of one member never touch. Then, with no (month, member) pairs:
 * members at instant i = ranges begun at or before i less those ended at or before i (a running sum over n+1 steps),
 * and the members who churned in month j (had a plan at t(j-1), none at tj) = the merged ranges that end at j.
 */
async function membersPerMonth(period: PeriodRange, now: Date): Promise<MonthMembers[]> {
  const n = period.months.length;
  const instants = [
    monthStart(period.months[0]!),
    ...period.months.map((month) => {
      const end = monthEnd(month);
      return end > now ? now : end;
    }),
  ];
  // One array parameter, not an array[...] of parameters: a prepared statement's generic plan would build that
  // array again for every period it reads.
  const thresholds = sql`${`{${instants.map((at) => at.toISOString()).join(",")}}`}::timestamptz[]`;
  const months = sql.join(
    period.months.map((month, i) => sql`(${month}, ${i + 1}::int)`),
    sql`, `,
  );
  const firstMonth = monthStart(period.months[0]!).toISOString();
  // Month j of the period (1..n) for an instant: width_bucket over the months' first instants and the next month's
  // (the Nairobi month, without formatting a date for every period); 0 before the period, n+1 after it.
  const monthStarts = `{${[...period.months.map((m) => monthStart(m)), monthEnd(period.months.at(-1)!)]
    .map((at) => at.toISOString())
    .join(",")}}`;
  const monthOf = (column: SQL) => sql`width_bucket(${column}, ${monthStarts}::timestamptz[])`;
  // The instants a timestamp comes after: width_bucket counts the thresholds <= its argument, so one microsecond less
  // counts those strictly before it. A period covers instant i when ks <= i < ke.
  const before = (column: SQL) => sql`width_bucket(${column} - interval '1 microsecond', ${thresholds})`;
  // The periods that cover an instant (ke > ks), sorted by member and start: how far the member's earlier ones reach
  // and where her next one starts. A range that starts beyond the reach begins a merged range; a range the next one
  // does not reach (or touch) ends one. Only these periods are sorted (for 7 days, the few thousand still running).
  const rows = await query<Record<string, string>>(sql`
    with b(month, j) as (values ${months}),
    p as (
      select user_id, start_date, ks, ke from (
        select user_id, start_date, ${before(sql`start_date`)} as ks,
               coalesce(${before(sql`end_date`)}, ${n + 1}) as ke
        from user_subscriptions where status not in ('revoked', 'pending')
      ) periods where ke > ks
    ),
    r as (
      select ks, max(ke) over (w rows between unbounded preceding and 1 preceding) as reach,
             greatest(ke, max(ke) over (w rows between unbounded preceding and 1 preceding)) as reach_after,
             lead(ks) over w as next_ks
      from p window w as (partition by user_id collate "C" order by start_date, ks, ke)
    ),
    edges as (
      select ks as i, 1 as opened, 0 as closed from r where reach is null or ks > reach
      union all
      select reach_after, 0, 1 from r where next_ks is null or next_ks > reach_after
    ),
    steps as (select i, sum(opened) - sum(closed) as delta, sum(closed) as closed from edges group by i),
    line as (
      select g.i, sum(coalesce(steps.delta, 0)) over (order by g.i) as active, coalesce(steps.closed, 0) as closed
      from generate_series(0, ${n}) as g(i) left join steps on steps.i = g.i
    ),
    -- New members: a member's first period (by start, then id); renewals: her later ones, trials aside. Found by
    -- looking for an earlier period of hers (an anti-join), not by numbering every period she ever had.
    counted as (select id, user_id, start_date, is_trial from user_subscriptions
                where status not in ('revoked', 'pending') and start_date >= ${firstMonth}::timestamptz),
    firsts as (
      select c.start_date, c.is_trial from counted c
      where not exists (select 1 from user_subscriptions e
                        where e.user_id = c.user_id and e.status not in ('revoked', 'pending')
                          and (e.start_date, e.id) < (c.start_date, c.id))
    ),
    starts as (
      select j, sum(firsts) as started, sum(paid) - sum(paid_firsts) as renewals from (
        select ${monthOf(sql`start_date`)} as j, 0 as firsts, count(*) filter (where not is_trial) as paid,
               0 as paid_firsts
        from counted group by 1
        union all
        select ${monthOf(sql`start_date`)}, count(*), 0, count(*) filter (where not is_trial) from firsts group by 1
      ) per_month group by j
    ),
    cancels as (
      select ${monthOf(sql`cancelled_at`)} as j, count(*) as cancellations from user_subscriptions
      where cancelled_at >= ${firstMonth}::timestamptz group by 1
    )
    select b.month, at_start.active as active_start, at_end.active as active_end, at_end.closed as churned,
           st.started, st.renewals, c.cancellations
    from b
    join line at_start on at_start.i = b.j - 1
    join line at_end on at_end.i = b.j
    left join starts st on st.j = b.j
    left join cancels c on c.j = b.j
    order by b.j`);
  return rows.map((r) => ({
    month: r.month!,
    activeStart: int(r.active_start),
    activeEnd: int(r.active_end),
    started: int(r.started),
    renewals: int(r.renewals),
    cancellations: int(r.cancellations),
    churned: int(r.churned),
  }));
}

const NO_REASON = "";

/** Failed payments in the period by Pesapal's reason (its `description`, else its status text) and method. */
async function paymentFailures(period: PeriodRange) {
  const rows = await query<{ reason: string; method: string | null; failures: string }>(sql`
    select coalesce(nullif(trim(p.raw->>'description'), ''), nullif(trim(p.raw->>'statusDescription'), ''),
                    ${NO_REASON}) as reason,
           p.payment_method as method, count(*) as failures
    from payments p
    where p.status = 'failed' and p.verified_at >= ${period.from.toISOString()}::timestamptz
      and p.verified_at < ${period.to.toISOString()}::timestamptz
    group by 1, 2`);
  // Grouped by what the reason means (failure-reasons.ts) and the method; the gateway's own words stay beside them,
  // most frequent first.
  const merged = new Map<
    string,
    { reason: string; hint: string; method: string; failures: number; said: Map<string, number> }
  >();
  for (const r of rows) {
    const reason = failureReason(r.reason === NO_REASON ? null : r.reason);
    const method = methodGroup(r.method);
    const key = `${reason.words}|${method}`;
    const line = merged.get(key) ?? { reason: reason.words, hint: reason.hint, method, failures: 0, said: new Map() };
    line.failures += int(r.failures);
    if (r.reason !== NO_REASON) line.said.set(r.reason, (line.said.get(r.reason) ?? 0) + int(r.failures));
    merged.set(key, line);
  }
  return [...merged.values()]
    .map((line) => ({
      ...line,
      said: [...line.said]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 3)
        // A long run of digits could be a phone or card number some networks repeat: never shown.
        .map(([words]) => words.replace(/\d{6,}/g, "…").slice(0, 80))
        .join("; "),
    }))
    .sort((a, b) => b.failures - a.failures || a.reason.localeCompare(b.reason) || a.method.localeCompare(b.method));
}

/** Searches: whole months from the monthly roll-up, the other days from the daily rows; one scan for both lists. */
async function searchCounts(period: PeriodRange) {
  const rows = await query<{ list: string; query: string; searches: string; empty: string }>(sql`
    with sums as (select query, sum(searches) as searches, sum(empty) as empty
                  from (${periodRows(period, "search")}) rows_of_period group by query)
    (select 'top' as list, query, searches, empty from sums order by searches desc, query limit ${TOP_ROWS})
    union all
    (select 'empty', query, searches, empty from sums where empty > 0 order by empty desc, query limit ${TOP_ROWS})`);
  const top = rows.filter((r) => r.list === "top");
  const empty = rows.filter((r) => r.list === "empty");
  return {
    top: top.map((r) => ({ query: r.query, searches: int(r.searches), empty: int(r.empty) })),
    empty: empty.map((r) => ({ query: r.query, empty: int(r.empty) })),
  };
}

/** A table as CSV: the header row and the same cells the screen shows (formula-looking text defused). */
export function tableCsv(table: ReportTable): string {
  return [table.columns, ...table.rows].map((row) => row.map((cell) => csvCell(cell)).join(",")).join("\r\n") + "\r\n";
}
