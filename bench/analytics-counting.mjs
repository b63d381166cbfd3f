// npm run bench:analytics-counting [-- --no-build] [-- --rounds=N] [-- --swap]: what counting page views (issue 35, ADR 034)
// costs a guest page. Builds, creates a throwaway PostgreSQL database (BENCH_DATABASE_URL's server, default
// 127.0.0.1:5432, user postgres), starts two app processes on it from the same build: one counting
// (ANALYTICS_COUNTING=true, the default) and one not (ANALYTICS_COUNTING=false). Then autocannon (10 connections,
// BENCH_SECONDS, default 10 s, with a phone browser's user agent, as counted pages come from people) on a guest
// article page (the guest page cache) and the home page, alternating counting / not counting round by round so both
// see the same machine load. Results go to bench/results/analytics-counting.json. Traffic goes only to 127.0.0.1.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { buildUnlessAsked, root, until } from "./local-app.mjs";

const args = process.argv.slice(2);
const ROUNDS = Number(args.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? 3);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `nuru_bench_counting_${Date.now().toString(36)}`;
const dbUrl = serverUrl.replace(/\/[^/]*$/, `/${dbName}`);
const BROWSER =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

buildUnlessAsked();

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);

function start(port, counting) {
  return spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: dbUrl,
      ANALYTICS_COUNTING: counting ? "true" : "false",
      JOBS_ENABLED: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

function round(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 10, duration: DURATION, headers: { "user-agent": BROWSER } }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}
const figures = (r) => ({
  requestsPerSecond: Math.round(r.requests.average),
  latencyMs: { p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99 },
  non2xx: r.non2xx,
});

// A first process migrates and seeds the database and is stopped; then both measured processes start fresh (a
// process that seeded carries a bigger heap, which alone slowed its pages by half in a first try).
const seeder = start(3995, false);
await until("the seeding app", async () => (await fetch(`http://127.0.0.1:3995/healthz`)).status === 200, 180_000);
seeder.kill("SIGTERM");
await new Promise((r) => seeder.once("exit", r));
// --swap starts the not-counting process first and on the other port, to rule out start order and port.
const [countingPort, otherPort] = args.includes("--swap") ? [3994, 3995] : [3995, 3994];
const notCounting0 = args.includes("--swap") ? { port: otherPort, app: start(otherPort, false) } : undefined;
const counting = { port: countingPort, app: start(countingPort, true) };
const notCounting = notCounting0 ?? { port: otherPort, app: start(otherPort, false) };
try {
  for (const side of [counting, notCounting])
    await until(
      `the app on ${side.port}`,
      async () => (await fetch(`http://127.0.0.1:${side.port}/healthz`)).status === 200,
      180_000,
    );
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const { rows } = await db.query(
    "select id from articles where published = true and access_type = 'free' order by created_at desc limit 1",
  );
  await db.end();
  const pages = [`/article/${rows[0].id}`, "/"];
  const results = {};
  for (const page of pages) {
    results[page] = { counting: [], notCounting: [] };
    for (const side of [counting, notCounting]) await round(`http://127.0.0.1:${side.port}${page}`); // warm-up
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which goes first, so neither always meets the same moment of the machine's load.
      const order = i % 2 === 0 ? [counting, notCounting] : [notCounting, counting];
      for (const side of order) {
        const f = figures(await round(`http://127.0.0.1:${side.port}${page}`));
        results[page][side === counting ? "counting" : "notCounting"].push(f);
        console.log(page, side === counting ? "counting" : "not counting", JSON.stringify(f));
      }
    }
  }
  // The counting process really counted: its views reach the database at the next flush (shutdown flushes).
  counting.app.kill("SIGTERM");
  await new Promise((r) => counting.app.once("exit", r));
  const check = new pg.Client({ connectionString: dbUrl });
  await check.connect();
  const { rows: counted } = await check.query("select coalesce(sum(views), 0)::bigint as n from content_daily_counts");
  await check.end();
  const result = {
    at: new Date().toISOString(),
    roundSeconds: DURATION,
    rounds: ROUNDS,
    viewsCountedByTheCountingProcess: Number(counted[0].n),
    results,
  };
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(
    path.join(
      root,
      `bench/results/analytics-counting${process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : ""}.json`,
    ),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify({ viewsCounted: result.viewsCountedByTheCountingProcess }));
} finally {
  for (const side of [counting, notCounting])
    if (side && side.app.exitCode === null) {
      side.app.kill("SIGTERM");
      await new Promise((r) => side.app.once("exit", r));
    }
  await admin.query(`drop database if exists ${dbName}`).catch(() => {});
  await admin.end();
}
