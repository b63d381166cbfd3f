// The owner's analytics screen (issue 35): every number on it, as charts and tables, for one period. The screen and
// the CSV export read the same tables, cell for cell, so an export always matches what the owner saw. Everything here
// is aggregate: counts per day and page (counter.server.ts), and sums over orders, payments and subscriptions; no
// table names a reader.
import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { articles, orders } from "~/db/schema";
import type { AdminViewer } from "~/modules/access/policy";
import { centsToDecimal } from "~/modules/pricing/money";
import { PAID_STATUSES } from "~/modules/orders/order-transitions";
import { isCardPayment } from "~/modules/orders/payment-method";
import { revenueLines, type RevenueLine } from "~/modules/payments/revenue.server";
import { csvCell } from "~/modules/receipts/receipt-rules";
import { flushCounts } from "./counter.server";
import { monthEnd, monthStart, periodRange, type PeriodId, type PeriodRange } from "./periods";

/** How many rows the top lists show. */
export const TOP_ROWS = 20;

export type TableId =
  | "views"
  | "articles"
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

type Rows<T> = { rows: T[] };
async function query<T>(statement: SQL): Promise<T[]> {
  return ((await getDb().execute(statement)) as unknown as Rows<T>).rows;
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
  const [views, top, purchases, revenue, members, failures, searches] = await Promise.all([
    viewsPerBucket(period),
    topContent(period),
    purchasesPerArticle(period),
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
      articleTable(top.article, purchases),
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
        note: "Payments Pesapal reported as failed, by the reason it gave.",
        columns: ["Reason", "Method", "Failed payments"],
        rows: failures.map((f) => [f.reason, f.method, String(f.failures)]),
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

/** Views per bucket: days from the daily rows, months from the monthly roll-up. */
async function viewsPerBucket(period: PeriodRange) {
  const rows =
    period.granularity === "day"
      ? await query<{ bucket: string; kind: string; views: string }>(sql`
          select to_char(day, 'YYYY-MM-DD') as bucket, kind, sum(views) as views from content_daily_counts
          where day between ${period.firstDay}::date and ${period.lastDay}::date group by 1, 2`)
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
  const range =
    period.granularity === "day"
      ? sql`from content_daily_counts where day between ${period.firstDay}::date and ${period.lastDay}::date`
      : sql`from content_monthly_counts where month between ${`${period.buckets[0]}-01`}::date and ${`${period.buckets.at(-1)}-01`}::date`;
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

function articleTable(top: TopRow[], purchases: Awaited<ReturnType<typeof purchasesPerArticle>>): ReportTable {
  const bought = new Map(purchases.map((p) => [p.articleId!, p]));
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
    note: `The ${TOP_ROWS} most viewed articles (and any that led to a purchase): views, views that met the paywall, sign-ups from the article, visits to the plans from its paywall, and paid orders that began there.`,
    columns: ["Article", "Views", "Paywall views", "Sign-ups", "Offer views", "Purchases"],
    rows: rows.map((r) => [
      r.title,
      String(r.views),
      String(r.paywallViews),
      String(r.signups),
      String(r.offerViews),
      String(r.purchases),
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
    add(byItem, `${l.kind === "plan" ? "Plan" : "Ebook"}|${l.item}`, l);
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
 */
async function membersPerMonth(period: PeriodRange, now: Date): Promise<MonthMembers[]> {
  const bounds = period.months.map((month) => {
    const end = monthEnd(month);
    return sql`(${month}, ${monthStart(month).toISOString()}::timestamptz, ${(end > now ? now : end).toISOString()}::timestamptz)`;
  });
  const firstMonth = monthStart(period.months[0]!).toISOString();
  const nairobiMonth = (column: SQL) => sql`to_char((${column} at time zone 'UTC') + interval '3 hours', 'YYYY-MM')`;
  // One pass over the periods for each figure (a period joins only the months it overlaps), not a scan per month.
  const rows = await query<Record<string, string>>(sql`
    with b(month, start_at, end_at) as (values ${sql.join(bounds, sql`, `)}),
    s as (
      select id, user_id, start_date, end_date, is_trial,
             row_number() over (partition by user_id order by start_date, id) as nth
      from user_subscriptions where status not in ('revoked', 'pending')
    ),
    per_user as (
      select b.month, s.user_id,
             bool_or(s.start_date <= b.start_at and (s.end_date is null or s.end_date > b.start_at)) as at_start,
             bool_or(s.start_date <= b.end_at and (s.end_date is null or s.end_date > b.end_at)) as at_end
      from b join s on s.start_date <= b.end_at and (s.end_date is null or s.end_date > b.start_at)
      group by b.month, s.user_id
    ),
    members as (
      select month, count(*) filter (where at_start) as active_start, count(*) filter (where at_end) as active_end,
             count(*) filter (where at_start and not at_end) as churned
      from per_user group by month
    ),
    starts as (
      select ${nairobiMonth(sql`start_date`)} as month, count(*) filter (where nth = 1) as started,
             count(*) filter (where nth > 1 and not is_trial) as renewals
      from s where start_date >= ${firstMonth}::timestamptz group by 1
    ),
    cancels as (
      select ${nairobiMonth(sql`cancelled_at`)} as month, count(*) as cancellations from user_subscriptions
      where cancelled_at >= ${firstMonth}::timestamptz group by 1
    )
    select b.month, m.active_start, m.active_end, m.churned, st.started, st.renewals, c.cancellations
    from b
    left join members m on m.month = b.month
    left join starts st on st.month = b.month
    left join cancels c on c.month = b.month
    order by b.month`);
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

/** Failed payments in the period by Pesapal's reason (its `description`, else its status text) and method. */
async function paymentFailures(period: PeriodRange) {
  const rows = await query<{ reason: string; method: string | null; failures: string }>(sql`
    select coalesce(nullif(trim(p.raw->>'description'), ''), nullif(trim(p.raw->>'statusDescription'), ''),
                    'No reason given') as reason,
           p.payment_method as method, count(*) as failures
    from payments p
    where p.status = 'failed' and p.verified_at >= ${period.from.toISOString()}::timestamptz
      and p.verified_at < ${period.to.toISOString()}::timestamptz
    group by 1, 2`);
  const merged = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.reason}|${methodGroup(r.method)}`;
    merged.set(key, (merged.get(key) ?? 0) + int(r.failures));
  }
  return [...merged]
    .map(([key, failures]) => {
      const [reason, method] = key.split(/\|(?=[^|]*$)/) as [string, string];
      return { reason, method, failures };
    })
    .sort((a, b) => b.failures - a.failures || a.reason.localeCompare(b.reason));
}

/** Searches: days from the daily rows, a year from the monthly roll-up; one scan for both lists. */
async function searchCounts(period: PeriodRange) {
  const source =
    period.granularity === "day"
      ? sql`search_daily_counts where day between ${period.firstDay}::date and ${period.lastDay}::date`
      : sql`search_monthly_counts where month between ${`${period.buckets[0]}-01`}::date and ${`${period.buckets.at(-1)}-01`}::date`;
  const rows = await query<{ list: string; query: string; searches: string; empty: string }>(sql`
    with sums as (select query, sum(searches) as searches, sum(empty) as empty from ${source} group by query)
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
