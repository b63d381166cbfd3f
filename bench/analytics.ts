// npm run bench:analytics [-- --postgres] [-- --runs=N]: the analytics screen's numbers (issue 35) with a year of data
// at 100,000 page views a day. Generates, in a fresh database (in-memory PGlite, or a throwaway PostgreSQL database
// with --postgres): 1,000 articles, 50 ebooks, 8 categories, their daily counts for 365 days (about 100,000 views a
// day, every page viewed every day: 387,000 daily rows), their per-day totals and monthly roll-up, 2,000 distinct
// searches a day (730,000 rows), 5,000 members with 18,250 paid orders (50 a day, M-Pesa and card, some failed) and their
// subscription periods. Then times the screen's loader work (analyticsReport) for each period: a warm-up, then
// --runs times (default 5); prints median and slowest per period and writes bench/results/analytics.json.
// --explain (PostgreSQL only) then prints EXPLAIN (ANALYZE, BUFFERS) of each statement a report sends, per period,
// run as the app runs it: a named (prepared) statement after six runs, so the plan shown is the one PostgreSQL's
// plan cache settled on (generic or custom), or planned for its values when the app keeps it unnamed; JIT included.
import { execFileSync } from "node:child_process";
import pg from "pg";
import { EventEmitter } from "node:events";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { appDatabase, openDatabase } from "../app/db/client.server";
import { createArticle, createCategory, createEbook, createPlan, createUser } from "../app/db/seed/factories";
import { loadViewer } from "../app/modules/access/viewer.server";
import { adminViewer } from "../app/modules/access/policy";
import { analyticsReport } from "../app/modules/analytics/report.server";
import { PERIODS } from "../app/modules/analytics/periods";
import { countServedPage, flushCounts, noteContentView } from "../app/modules/analytics/counter.server";
import { pageEventScope } from "../app/lib/page-events.server";
import { articles } from "../app/db/schema";
import { PREPARABLE } from "../app/db/named-statements.server";

const BROWSER_AGENT =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

const args = process.argv.slice(2);
const onPostgres = args.includes("--postgres");
const runs = Number(args.find((a) => a.startsWith("--runs="))?.slice(7) ?? 5);
// --keep leaves the PostgreSQL database for a look with psql; --reuse=<name> measures one kept earlier.
const reuse = args.find((a) => a.startsWith("--reuse="))?.slice(8);
const keep = args.includes("--keep") || Boolean(reuse);
const dbName = reuse ?? `nuru_bench_analytics_${process.pid}`;
const explain = onPostgres && args.includes("--explain");

// --explain: the statements of one report, as the pool sent them (installed before the pool is made).
const sent: { text: string; values: unknown[] }[] = [];
let recording = false;
if (explain) {
  const query = pg.Pool.prototype.query as (...a: unknown[]) => unknown;
  pg.Pool.prototype.query = function (this: pg.Pool, config: unknown, ...rest: unknown[]) {
    if (recording && config && typeof config === "object" && "text" in config) {
      const { text, values } = config as pg.QueryConfig;
      sent.push({ text, values: values ?? (Array.isArray(rest[0]) ? (rest[0] as unknown[]) : []) });
    }
    return query.call(this, config, ...rest);
  } as typeof pg.Pool.prototype.query;
}

if (onPostgres && !reuse) execFileSync("createdb", ["-h", "127.0.0.1", "-U", "postgres", dbName]);
const handle = openDatabase(
  onPostgres ? { url: `postgres://postgres@127.0.0.1:5432/${dbName}` } : { dataDir: "memory://" },
);
appDatabase.handle = handle;
appDatabase.ready = true;
const db = handle.db;
const step = async (label: string, work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

try {
  await handle.migrate();
  const now = new Date();
  if (!reuse) await generate(now);
  const owner = await db.query.profiles.findFirst({ where: (p, { eq }) => eq(p.email, "owner@bench.test") });
  const admin = adminViewer(await loadViewer({ id: owner!.id, role: "admin" }))!;
  const articleIds = (await db.select({ id: articles.id }).from(articles)).map((a) => a.id);
  const scope = pageEventScope((events, request) => countServedPage(events, request));
  await db.execute(sql`analyze`);

  // What counting costs a page: the scope, the loader's note, the bot check and the in-memory count, per view.
  {
    const views = 200_000;
    const started = performance.now();
    for (let i = 0; i < views; i++) {
      const res = Object.assign(new EventEmitter(), { statusCode: 200 }) as unknown as ExpressResponse;
      const req = { method: "GET", headers: { "user-agent": BROWSER_AGENT } } as unknown as ExpressRequest;
      scope(req, res, () => noteContentView("article", articleIds[i % articleIds.length]!, { paywall: i % 2 === 0 }));
      (res as unknown as EventEmitter).emit("finish");
    }
    const perView = ((performance.now() - started) * 1000) / views;
    const flushStarted = performance.now();
    await flushCounts(db);
    console.log(
      `counting: ${perView.toFixed(2)} µs per view (${views} views); one flush of the day's counters: ${(performance.now() - flushStarted).toFixed(0)} ms`,
    );
  }

  const results: Record<string, { medianMs: number; maxMs: number; runs: number[] }> = {};
  for (const period of PERIODS) {
    await analyticsReport(admin, period.id);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await analyticsReport(admin, period.id);
      times.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    results[period.id] = {
      medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!),
      maxMs: Math.round(sorted.at(-1)!),
      runs: times.map((t) => Math.round(t)),
    };
    console.log(`${period.label}: median ${results[period.id]!.medianMs} ms, slowest ${results[period.id]!.maxMs} ms`);
  }
  if (explain) {
    for (const period of PERIODS) {
      sent.length = 0;
      recording = true;
      await analyticsReport(admin, period.id);
      recording = false;
      await explainStatements(period.label, [...sent]);
    }
  }
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(
    "bench/results/analytics.json",
    JSON.stringify({ database: onPostgres ? "postgresql" : "pglite", at: new Date().toISOString(), results }, null, 2),
  );
} finally {
  await handle.close();
  if (onPostgres && !keep) execFileSync("dropdb", ["-h", "127.0.0.1", "-U", "postgres", dbName]);
  if (onPostgres && keep) console.log(`kept database ${dbName}`);
}

/** User + system CPU time of a process so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function backendCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement on one connection, as a prepared statement after six runs. */
async function explainStatements(label: string, statements: { text: string; values: unknown[] }[]) {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${dbName}` });
  await client.connect();
  const pid = Number((await client.query("select pg_backend_pid() as pid")).rows[0].pid);
  try {
    for (const [i, { text, values }] of statements.entries()) {
      if (!/^\s*(\/\*.*?\*\/\s*)?(select|with)\b/is.test(text)) continue;
      // As the pool runs it: named (prepared, after six runs) unless it is one the app keeps unnamed.
      const named = PREPARABLE.test(text);
      const name = `explain_${i}`;
      const run = () =>
        named ? client.query({ name, text, values: values as unknown[] }) : client.query(text, values as unknown[]);
      for (let warm = 0; warm < 6; warm++) await run();
      const literals = values.map((v) => client.escapeLiteral(v instanceof Date ? v.toISOString() : String(v)));
      const plan = named
        ? await client.query(
            `explain (analyze, buffers) execute ${name}${literals.length ? `(${literals.join(", ")})` : ""}`,
          )
        : await client.query(`explain (analyze, buffers) ${text}`, values as unknown[]);
      console.log(
        `\n=== ${label}, statement ${i + 1}${named ? "" : " (unnamed)"}: ${text.replace(/\s+/g, " ").slice(0, 160)}`,
      );
      console.log(plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n"));
      // What the statement costs the server's CPU, which a busy machine does not inflate the way it inflates the
      // clock: the backend's user + system time over 20 runs, without parallel workers (their time is not the
      // backend's), from /proc (the server runs on this machine).
      await client.query("set max_parallel_workers_per_gather = 0");
      for (let warm = 0; warm < 2; warm++) await run();
      const cpuBefore = backendCpuMs(pid);
      for (let n = 0; n < 20; n++) await run();
      console.log(`CPU: ${((backendCpuMs(pid) - cpuBefore) / 20).toFixed(1)} ms a run (serial)`);
      await client.query("reset max_parallel_workers_per_gather");
    }
  } finally {
    await client.end();
  }
}

async function generate(now: Date) {
  await step("pages", async () => {
    for (let i = 0; i < 8; i++) await createCategory(db, { name: `Category ${i}`, slug: `category-${i}` });
    for (let i = 0; i < 1000; i++)
      await createArticle(db, { title: `Article ${i}`, accessType: i % 3 === 0 ? "free" : "premium" });
    for (let i = 0; i < 50; i++) await createEbook(db, { title: `Ebook ${i}` });
  });
  await createUser(db, { email: "owner@bench.test", role: "admin", password: null });
  const plan = await createPlan(db, { slug: "standard", name: "Standard", priceCents: 50_000 });

  await step("daily counts (365 days x 1,058 pages)", () =>
    db.execute(sql`
      insert into content_daily_counts (day, kind, item_id, views, paywall_views, offer_views, signups)
      select d::date, p.kind, p.id,
             case p.kind when 'article' then (random() * 180)::int when 'ebook' then (random() * 300)::int
                         else (random() * 600)::int end,
             case p.kind when 'article' then (random() * 60)::int else 0 end,
             case p.kind when 'article' then (random() * 6)::int else 0 end,
             case p.kind when 'article' then (random() * 2)::int else 0 end
      from generate_series(${now.toISOString()}::timestamptz - interval '364 days', ${now.toISOString()}::timestamptz,
                           interval '1 day') d
      cross join (select 'article' as kind, id from articles union all select 'ebook', id from ebooks
                  union all select 'category', id from categories) p`),
  );
  await step("per-day totals", () =>
    db.execute(sql`
      insert into content_daily_totals (day, kind, views, paywall_views, offer_views, signups)
      select day, kind, sum(views), sum(paywall_views), sum(offer_views), sum(signups)
      from content_daily_counts group by 1, 2`),
  );
  await step("monthly roll-up", () =>
    db.execute(sql`
      insert into content_monthly_counts (month, kind, item_id, views, paywall_views, offer_views, signups)
      select date_trunc('month', day)::date, kind, item_id, sum(views), sum(paywall_views), sum(offer_views),
             sum(signups)
      from content_daily_counts group by 1, 2, 3`),
  );
  await step("searches (365 days x 2,000 queries)", () =>
    db.execute(sql`
      insert into search_daily_counts (day, query, searches, empty)
      select d::date, 'search words ' || g, 1 + (random() * 20)::int, case when g % 10 = 0 then 1 else 0 end
      from generate_series(${now.toISOString()}::timestamptz - interval '364 days', ${now.toISOString()}::timestamptz,
                           interval '1 day') d
      cross join generate_series(1, 2000) g`),
  );
  await step("searches' monthly roll-up", () =>
    db.execute(sql`
      insert into search_monthly_counts (month, query, searches, empty)
      select date_trunc('month', day)::date, query, sum(searches), sum(empty) from search_daily_counts group by 1, 2`),
  );
  await step("members, orders, payments, periods", async () => {
    await db.execute(sql`
      insert into users (id, name, email, email_verified)
      select 'bench-' || g, 'Member ' || g, 'member' || g || '@bench.test', true from generate_series(1, 5000) g`);
    await db.execute(sql`
      insert into orders (merchant_reference, user_id, kind, plan_id, amount_cents, currency, base_price_cents,
                          country_code, exchange_rate, display_currency, display_amount, status, gateway,
                          gateway_tracking_id, created_at, updated_at, completed_at, from_article_id)
      select 'BENCH-' || g, 'bench-' || (1 + g % 5000), 'plan', ${plan.id}, 50000, 'KES', 50000, 'KE', 1, 'KES', 50000,
             (case when g % 12 = 0 then 'failed' else 'completed' end)::order_status, 'pesapal', 'track-' || g,
             ${now.toISOString()}::timestamptz - (g * interval '1 day' / 50),
             ${now.toISOString()}::timestamptz - (g * interval '1 day' / 50),
             case when g % 12 = 0 then null else ${now.toISOString()}::timestamptz - (g * interval '1 day' / 50) end,
             case when g % 4 = 0 then (select id from articles order by id offset (g % 1000) limit 1) end
      from generate_series(1, 18250) g`);
    await db.execute(sql`
      insert into payments (order_id, gateway, gateway_tracking_id, amount_cents, currency, status, payment_method,
                            raw, verified_at)
      select o.id, 'pesapal', o.gateway_tracking_id, o.amount_cents, 'KES', o.status,
             case when o.merchant_reference like '%3' then 'Visa' else 'MpesaKE' end,
             case when o.status = 'failed' then jsonb_build_object('description',
               case when o.merchant_reference like '%1' then 'Request cancelled by user' else 'Insufficient balance' end)
             end,
             o.created_at
      from orders o where o.merchant_reference like 'BENCH-%'`);
    await db.execute(sql`
      insert into user_subscriptions (user_id, plan_id, order_id, status, start_date, end_date, auto_renew)
      select o.user_id, o.plan_id, o.id,
             (case when o.created_at + interval '60 days' < now() then 'expired' else 'scheduled' end)::subscription_status,
             o.created_at, o.created_at + interval '60 days', true
      from orders o where o.merchant_reference like 'BENCH-%' and o.status = 'completed'`);
  });
}
