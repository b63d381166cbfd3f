// npm run test:cluster (issue 48 item 4): the shop as it runs in production, on this machine only. HAProxy
// (deploy/haproxy.cfg) in front of three app processes (the build in build/, `node server.js`), PgBouncer in
// transaction mode (a copy of deploy/pgbouncer.ini) in front of the test's own PostgreSQL 15 cluster (initdb in a
// temporary directory, on a free port; the machine's shared PostgreSQL is never touched), the S3 stand-in for files
// and the Pesapal stand-in over the wire. While guest pages, signed-in pages, checkouts and IPNs run:
//   1. kill -9 of one app in the middle of payments: every order ends as the gateway says, granted at most once;
//   2. a rolling restart (SIGTERM, wait ready, next): zero failed requests;
//   3. the database goes away (a real restart of the test's own PostgreSQL: pg_ctl stop -m fast, 10 s of payments,
//      pg_ctl start): 503 with Retry-After meanwhile, full service after, nothing lost;
//   4. every scheduled job ran once per tick across the processes (scheduled_job_runs and /metrics).
// Prints the figures and exits non-zero on any violation. Every process and temporary directory it starts is
// stopped (by its own process id) and removed on exit, on failure and on Ctrl-C.
// Settings: PG_BIN (default /usr/lib/postgresql/15/bin), PGBOUNCER_BIN, HAPROXY_BIN; without initdb it falls back
// to CLUSTER_DATABASE_SERVER (default postgres://postgres@127.0.0.1:5432), which is then never restarted.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const ROOT = path.resolve(import.meta.dirname, "..");
process.chdir(ROOT);
// The stand-ins refuse production; the harness is a test. HAProxy's certificate is self-signed (loopback only).
process.env.NODE_ENV = "test";
process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
process.removeAllListeners("warning");

const SHARED_SERVER = process.env.CLUSTER_DATABASE_SERVER ?? "postgres://postgres@127.0.0.1:5432";
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
let SERVER = SHARED_SERVER; // the test's own cluster once it runs
const PGBOUNCER = process.env.PGBOUNCER_BIN ?? "/usr/sbin/pgbouncer";
const HAPROXY = process.env.HAPROXY_BIN ?? "/usr/sbin/haproxy";
const DEMO_PASSWORD = "nuru-demo-2026";
const METRICS_TOKEN = randomBytes(24).toString("hex");
const AUTH_SECRET = randomBytes(32).toString("hex");
// Buyers per fault: each reader buys one premium ebook once.
const BUYERS = { kill: 20, rolling: 10, databaseAway: 10 };
const READERS = BUYERS.kill + BUYERS.rolling + BUYERS.databaseAway;
const started = Date.now();

// ---------------------------------------------------------------------------------------------------- cleanup
const children = new Set(); // every process we started (ours to stop, by pid)
const dirs = [];
let database;
let ownCluster; // { dataDir, ... } while the test's own PostgreSQL may run
let cleaning;
async function cleanup() {
  cleaning ??= (async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    if (ownCluster) {
      // Its database goes with its directory: nothing to drop.
      asPostgres(path.join(PG_BIN, "pg_ctl"), ["-D", ownCluster.dataDir, "-m", "immediate", "stop"]);
      ownCluster = undefined;
      database = undefined;
    }
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    if (database) {
      const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
      await admin.connect().catch(() => {});
      await admin.query(`drop database if exists ${database} with (force)`).catch(() => {});
      await admin.end().catch(() => {});
    }
    await Promise.all(standIns.map((s) => s.close().catch(() => {})));
  })();
  return cleaning;
}
const standIns = [];
process.on("unhandledRejection", (error) => {
  console.error("cluster test: unexpected error, cleaning up:", error);
  void cleanup().then(() => process.exit(1));
});
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    console.error(`\ncluster test: ${signal}, cleaning up`);
    void cleanup().then(() => process.exit(130));
  });

const tempDir = (prefix) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function waitForPort(port, child, what) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${child.output()}`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await sleep(50);
  }
  throw new Error(`${what} did not listen on ${port}:\n${child.output()}`);
}

function startProcess(command, args, env = {}) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (d) => (output = (output + d).slice(-20_000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.output = () => output;
  child.exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal)));
  children.add(child);
  void child.exited.then(() => children.delete(child));
  return child;
}

// ---------------------------------------------------------------------------------------------------- the parts
const asRoot = process.getuid?.() === 0;
/** PostgreSQL refuses to run as root: there its commands run as the "postgres" user (runuser). Synchronous. */
function asPostgres(command, args) {
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  return spawnSync(cmd, argv, { cwd: tmpdir(), encoding: "utf8" });
}
/** The same, without blocking the event loop (the load and the stand-ins run in this process). */
function asPostgresAsync(command, args) {
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const child = spawn(cmd, argv, { cwd: tmpdir(), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (status) => resolve({ status, output }));
  });
}

/**
 * The test's own PostgreSQL 15: initdb in a temporary directory, started on a free loopback port (its socket in that
 * directory), restartable for real. Null when initdb is not installed (the caller falls back to the shared server).
 */
async function startOwnPostgres() {
  const initdb = path.join(PG_BIN, "initdb");
  const pgCtl = path.join(PG_BIN, "pg_ctl");
  if (!existsSync(initdb) || !existsSync(pgCtl)) return null;
  const dir = tempDir("nuru-cluster-postgres-");
  if (asRoot) {
    const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout);
    const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout);
    if (!uid) throw new Error("running as root, but there is no postgres user to run PostgreSQL as");
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, "data");
  const init = asPostgres(initdb, ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
  const port = await freePort();
  const cluster = {
    dataDir,
    port,
    url: `postgres://postgres@127.0.0.1:${port}`,
    async ctl(...args) {
      const result = await asPostgresAsync(pgCtl, ["-D", dataDir, "-l", path.join(dir, "postgres.log"), ...args]);
      if (result.status !== 0) throw new Error(`pg_ctl ${args.join(" ")} failed:\n${result.output}`);
    },
    start: () =>
      cluster.ctl("-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "-w", "-t", "60", "start"),
    /** A real stop: fast mode ends every session (the apps', PgBouncer's) and shuts down cleanly. */
    stop: () => cluster.ctl("-m", "fast", "-w", "stop"),
  };
  ownCluster = cluster;
  await cluster.start();
  return cluster;
}

async function ensureBuild() {
  if (existsSync(path.join(ROOT, "build/server")) && existsSync(path.join(ROOT, "build/client"))) return;
  log("no build/: npm run build");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/** deploy/pgbouncer.ini with local addresses: what compose runs is what is tested, but for host, port and auth. */
function pgbouncerConfig(dir, port, databaseName) {
  const target = new URL(SERVER);
  const user = decodeURIComponent(target.username || "postgres");
  return (
    readFileSync(path.join(ROOT, "deploy/pgbouncer.ini"), "utf8")
      .replace(
        /^nuru = .*$/m,
        `nuru = host=${target.hostname} port=${target.port || 5432} dbname=${databaseName} user=${user}`,
      )
      .replace(/^listen_addr = .*$/m, "listen_addr = 127.0.0.1")
      .replace(/^listen_port = .*$/m, `listen_port = ${port}\nunix_socket_dir =\nlogfile = ${dir}/pgbouncer.log`)
      // The local PostgreSQL trusts loopback: no password file here.
      .replace(/^auth_type = .*$/m, "auth_type = any")
      .replace(/^auth_file = .*$/m, "")
      .replace(/^admin_users = .*$/m, `admin_users = ${user}`)
  );
}

async function startPgBouncer(databaseName) {
  const dir = tempDir("nuru-cluster-pgbouncer-");
  chmodSync(dir, 0o777); // as root PgBouncer runs as "nobody", who reads the file and writes the log
  const port = await freePort();
  const config = path.join(dir, "pgbouncer.ini");
  writeFileSync(config, pgbouncerConfig(dir, port, databaseName));
  chmodSync(config, 0o644);
  let child;
  const bouncer = {
    port,
    url: `postgres://${new URL(SERVER).username || "postgres"}@127.0.0.1:${port}/nuru`,
    async start() {
      child = startProcess(PGBOUNCER, process.getuid?.() === 0 ? ["-u", "nobody", config] : [config]);
      await waitForPort(port, child, "pgbouncer");
    },
    /** The database "goes away": the pooler stops at once (SIGINT would wait for clients), its port refuses. */
    async stop() {
      if (child && child.exitCode === null) {
        child.kill("SIGTERM");
        await child.exited;
      }
    },
  };
  await bouncer.start();
  return bouncer;
}

async function startHaproxy(appAddresses) {
  const dir = tempDir("nuru-cluster-haproxy-");
  const pem = path.join(dir, "nuru.pem");
  const openssl = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  if (openssl.status !== 0) throw new Error("openssl could not make a certificate");
  writeFileSync(
    pem,
    readFileSync(path.join(dir, "cert.pem"), "utf8") + readFileSync(path.join(dir, "key.pem"), "utf8"),
  );
  const httpPort = await freePort();
  const httpsPort = await freePort();
  const child = startProcess(HAPROXY, ["-db", "-f", path.join(ROOT, "deploy/haproxy.cfg")], {
    NURU_HTTP_BIND: `127.0.0.1:${httpPort}`,
    NURU_HTTPS_BIND: `127.0.0.1:${httpsPort}`,
    NURU_TLS_CERT: pem,
    NURU_APP1: appAddresses[0],
    NURU_APP2: appAddresses[1],
    NURU_APP3: appAddresses[2],
  });
  await waitForPort(httpsPort, child, "haproxy");
  return { url: `https://127.0.0.1:${httpsPort}`, child };
}

/** One app process (`node server.js`, the build), restartable on the same port. */
function appProcess(name, port, env) {
  const app = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child: undefined,
    metricsBefore: [], // counters of the process's earlier lives, read just before each stop
    readyPath: "/readyz",
    async start() {
      app.child = startProcess(process.execPath, ["server.js"], {
        ...env,
        PORT: String(port),
        DATA_DIR: tempDir("nuru-cluster-app-"),
      });
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if (app.child.exitCode !== null) throw new Error(`${name} exited early:\n${app.child.output()}`);
        const res = await fetch(`${app.url}${app.readyPath}`).catch(() => null);
        // Before /readyz existed the shop had /healthz only.
        if (res?.status === 404 && app.readyPath === "/readyz") app.readyPath = "/healthz";
        if (res?.status === 200) return;
        await sleep(250);
      }
      throw new Error(`${name} not ready in 120 s:\n${app.child.output()}`);
    },
    async saveMetrics() {
      const text = await scrapeMetrics(app);
      if (text) app.metricsBefore.push(text);
    },
    async kill9() {
      app.child.kill("SIGKILL");
      await app.child.exited;
    },
    async terminate() {
      app.child.kill("SIGTERM");
      const code = await app.child.exited;
      return code;
    },
  };
  return app;
}

async function scrapeMetrics(app) {
  const res = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } }).catch(
    () => null,
  );
  return res?.ok ? res.text() : "";
}

/** nuru_job_runs_total{job,outcome="ran"} summed over scraped texts, by job. */
function jobRunsRan(texts) {
  const sums = new Map();
  for (const text of texts)
    for (const m of text.matchAll(/^nuru_job_runs_total\{([^}]*)\} (\d+)/gm)) {
      const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
      if (labels.outcome === "ran") sums.set(labels.job, (sums.get(labels.job) ?? 0) + Number(m[2]));
    }
  return sums;
}

// ---------------------------------------------------------------------------------------------------- the load
function newPhase(name) {
  return { name, requests: 0, failures: [], unavailable: 0, unavailableWithoutRetryAfter: 0, checkouts: 0 };
}

/** One request through HAProxy, counted in `phase`: a 5xx or a network error is a failure (503s counted apart). */
async function request(ctx, phase, pathname, init = {}) {
  phase.requests++;
  try {
    const res = await fetch(`${ctx.base}${pathname}`, { redirect: "manual", ...init });
    await res.arrayBuffer();
    if (res.status === 503) {
      phase.unavailable++;
      if (!res.headers.get("retry-after")) phase.unavailableWithoutRetryAfter++;
      phase.failures.push(`${init.method ?? "GET"} ${pathname}: 503`);
    } else if (res.status >= 400) phase.failures.push(`${init.method ?? "GET"} ${pathname}: ${res.status}`);
    return res;
  } catch (error) {
    phase.failures.push(`${init.method ?? "GET"} ${pathname}: ${error.cause?.code ?? error.message}`);
    return null;
  }
}

async function signIn(base, email) {
  const res = await fetch(`${base}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signin", email, password: DEMO_PASSWORD }).toString(),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!cookies.some((c) => c.includes("session_token"))) throw new Error(`sign-in failed for ${email}: ${res.status}`);
  return cookies.filter((c) => !c.startsWith("nuru_flash")).join("; ");
}

/** The checkout form's POST through HAProxy: the order's tracking id at the gateway, or null when refused. */
async function placeOrder(ctx, phase, buyer) {
  const res = await request(ctx, phase, `/checkout/ebook/${buyer.ebookId}`, {
    method: "POST",
    headers: { Cookie: buyer.cookie, Origin: ctx.base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "pay" }).toString(),
  });
  const location = res?.status === 303 ? res.headers.get("location") : null;
  const trackingId = location ? new URL(location, ctx.base).searchParams.get("OrderTrackingId") : null;
  if (trackingId) phase.checkouts++;
  return trackingId;
}

/**
 * The buyer pays (three in four) or her payment fails on the stand-in, which sends the IPN through HAProxy (retried
 * 8 times, 1.5 s apart); the outcome is judged from the database at the end.
 */
async function pay(ctx, trackingId) {
  ctx.paymentsInFlight++;
  try {
    if (Math.random() < 0.75) await ctx.pesapal.complete(trackingId, Math.random() < 0.5 ? "mpesa" : "card");
    else await ctx.pesapal.fail(trackingId);
    ctx.paid.push(trackingId);
  } finally {
    ctx.paymentsInFlight--;
  }
}

async function checkout(ctx, phase, buyers) {
  const buyer = buyers.shift();
  const trackingId = await placeOrder(ctx, phase, buyer);
  // Refused: try again later (an order made whose answer was lost is checked all the same).
  if (trackingId) await pay(ctx, trackingId);
  else buyers.push(buyer);
}

const GUEST_PAGES = ["/", "/articles", "/ebooks", "/pricing"];
const READER_PAGES = ["/home", "/account", "/account/gifts"];

/**
 * Workers send a mix of requests until `until()` says stop, counted in `phaseOf` (a phase, or a function naming the
 * current one); a fifth of them are checkouts while `buyers` are left.
 */
async function runLoad(ctx, phaseOf, until, buyers, { workers = 6 } = {}) {
  const worker = async () => {
    while (!until()) {
      const phase = typeof phaseOf === "function" ? phaseOf() : phaseOf;
      const roll = Math.random();
      if (roll < 0.2 && buyers.length > 0) await checkout(ctx, phase, buyers);
      else if (roll < 0.55 || ctx.cookies.length === 0)
        await request(ctx, phase, GUEST_PAGES[Math.floor(Math.random() * GUEST_PAGES.length)]);
      else
        await request(ctx, phase, READER_PAGES[Math.floor(Math.random() * READER_PAGES.length)], {
          headers: { Cookie: ctx.cookies[Math.floor(Math.random() * ctx.cookies.length)] },
        });
      await sleep(20);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
}

// ---------------------------------------------------------------------------------------------------- the checks
async function checkPayments(ctx, db) {
  // Orders whose IPNs all fell in a gap are repeated by the gateway (Pesapal retries); up to a minute to settle.
  const deadline = Date.now() + 60_000;
  let problems;
  let rows;
  for (;;) {
    ({ rows } = await db.query(
      `select o.id, o.status, o.gateway_tracking_id as tracking,
              (select count(*)::int from ebook_purchases p where p.order_id = o.id) as grants
         from orders o join users u on u.id = o.user_id where u.email like 'cluster-%'`,
    ));
    problems = [];
    const repeat = [];
    for (const row of rows) {
      const gateway = row.tracking ? (ctx.pesapal.getOrder(row.tracking)?.state ?? "unknown") : "none";
      const expected = gateway === "completed" ? "completed" : gateway === "failed" ? "failed" : "pending";
      const grants = expected === "completed" ? 1 : 0;
      if (row.status !== expected || row.grants !== grants) {
        problems.push(`order ${row.id}: gateway ${gateway}, shop ${row.status} with ${row.grants} grant(s)`);
        if (gateway === "completed" || gateway === "failed") repeat.push(row.tracking);
      }
    }
    if (problems.length === 0 || Date.now() > deadline) break;
    await Promise.all(repeat.map((trackingId) => ctx.pesapal.repeatIpn(trackingId).catch(() => {})));
    await sleep(2_000);
  }
  const settled = rows.filter((r) => r.status !== "pending").length;
  return { orders: rows.length, settled, paidOnGateway: ctx.paid.length, problems };
}

/** The database is the test's own: every run in it happened during the test. */
async function checkJobs(db, apps) {
  const { rows } = await db.query(
    `select job, extract(epoch from tick)::bigint as tick, count(*)::int as runs
       from scheduled_job_runs group by job, tick order by job, tick`,
  );
  const { JOBS } = await import("../app/modules/jobs/jobs.server.ts");
  const period = new Map(JOBS.map((job) => [job.name, job.everySeconds]));
  const ticks = new Map();
  for (const row of rows) ticks.set(row.job, [...(ticks.get(row.job) ?? []), Number(row.tick)]);
  const problems = [];
  for (const row of rows) if (row.runs !== 1) problems.push(`${row.job} ran ${row.runs} times at tick ${row.tick}`);
  // No tick skipped between a job's first and last run in the window.
  for (const [job, list] of ticks)
    for (let i = 1; i < list.length; i++)
      if (list[i] - list[i - 1] !== period.get(job))
        problems.push(`${job}: no run between ticks ${list[i - 1]} and ${list[i]}`);
  // Across all processes and their earlier lives, runs reported ("ran") never exceed the run log's rows.
  const ran = jobRunsRan([
    ...apps.flatMap((app) => app.metricsBefore),
    ...(await Promise.all(apps.map((app) => scrapeMetrics(app)))),
  ]);
  for (const [job, count] of ran) {
    const logged = ticks.get(job)?.length ?? 0;
    if (count > logged) problems.push(`${job}: the processes report ${count} runs for ${logged} ticks`);
  }
  const everyMinute = [...ticks].filter(([job]) => period.get(job) === 60);
  if (everyMinute.length === 0 || everyMinute.every(([, list]) => list.length < 2))
    problems.push("fewer than two ticks of the 60 s jobs ran: the scheduler did not run across the test");
  return { jobTicks: rows.length, jobs: ticks.size, maxRunsPerTick: Math.max(0, ...rows.map((r) => r.runs)), problems };
}

/**
 * Live content events still reach every process after the restart (their LISTEN connections reconnect): one SSE
 * stream per app, an article touched through the direct URL (its trigger NOTIFYs) every 2 s until each stream has
 * had a "content-changed" event, for up to 30 s. The names of the apps that got none.
 */
async function checkLiveEvents(apps, directUrl) {
  const abort = new AbortController();
  const seen = new Set();
  const streams = apps.map(async (app) => {
    const res = await fetch(`${app.url}/api/content-events`, { signal: abort.signal }).catch(() => null);
    if (!res?.ok || !res.body) return;
    let text = "";
    try {
      for await (const chunk of res.body) {
        text += Buffer.from(chunk).toString("utf8");
        if (text.includes("event: content-changed")) {
          seen.add(app.name);
          return;
        }
      }
    } catch {
      // aborted at the end
    }
  });
  const db = new pg.Client({ connectionString: directUrl });
  await db.connect();
  await sleep(500);
  const deadline = Date.now() + 30_000;
  while (seen.size < apps.length && Date.now() < deadline) {
    await db.query(`update articles set title = title where id = (select id from articles order by id limit 1)`);
    await sleep(2_000);
  }
  await db.end();
  abort.abort();
  await Promise.all(streams);
  return apps.filter((app) => !seen.has(app.name)).map((app) => app.name);
}

// ---------------------------------------------------------------------------------------------------- the test
async function main() {
  await ensureBuild();
  const cluster = await startOwnPostgres();
  if (cluster) {
    SERVER = cluster.url;
    log(`own PostgreSQL 15 cluster on 127.0.0.1:${cluster.port} (initdb in a temporary directory)`);
  } else
    console.warn(
      `\ncluster test: ${path.join(PG_BIN, "initdb")} is not installed: FALLING BACK to the shared server ${SHARED_SERVER}` +
        " (a fresh database in it); the database-away fault then stops PgBouncer instead of restarting PostgreSQL.\n",
    );
  database = `nuru_cluster_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const directUrl = `${SERVER}/${database}`;

  // Stand-ins in this process: the S3 store for files and Pesapal, which IPNs the shop through HAProxy.
  const { startS3StandIn } = await import("../app/stand-ins/s3-stand-in.server.ts");
  const { startPesapalStandIn } = await import("../app/stand-ins/pesapal/stand-in.server.ts");
  const s3 = await startS3StandIn({ bucket: "nuru-cluster" });
  standIns.push(s3);
  const pesapal = await startPesapalStandIn({
    consumerKey: "k",
    consumerSecret: "s",
    ipnAttempts: 8,
    ipnRetryDelayMs: 1_500,
  });
  standIns.push(pesapal);

  log(`seeding the demo shop into ${database} (files to the S3 stand-in)`);
  process.env.DATA_DIR = tempDir("nuru-cluster-seed-");
  const { openDatabase } = await import("../app/db/client.server.ts");
  const { seedDemo } = await import("../app/db/seed/demo.ts");
  const { createUser } = await import("../app/db/seed/factories.ts");
  const { createS3Storage } = await import("../app/modules/storage/s3-storage.server.ts");
  const handle = openDatabase({ url: directUrl });
  await handle.migrate();
  await seedDemo(
    handle.db,
    createS3Storage({
      bucket: s3.bucket,
      region: "us-east-1",
      endpoint: s3.endpoint,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    }),
  );
  const db = new pg.Client({ connectionString: directUrl });
  await db.connect();
  const { rows: ebooks } = await db.query(
    `select id from ebooks where access_type = 'premium' and published and price_cents > 0 order by id`,
  );
  if (ebooks.length === 0) throw new Error("the demo shop has no premium ebook to buy");
  await db.end(); // reconnected for the checks: the restart below ends every session
  for (let i = 0; i < READERS; i++)
    await createUser(handle.db, {
      email: `cluster-${i}@nuru.test`,
      fullName: `Cluster Reader ${i}`,
      password: DEMO_PASSWORD,
    });
  await handle.close();

  const bouncer = await startPgBouncer(database);
  const env = {
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    TRUST_PROXY: "true",
    AUTH_SECRET,
    DATABASE_URL: bouncer.url,
    DATABASE_DIRECT_URL: directUrl,
    DATABASE_POOLING: "transaction",
    PESAPAL_BASE_URL: pesapal.url,
    PESAPAL_CONSUMER_KEY: "k",
    PESAPAL_CONSUMER_SECRET: "s",
    STORAGE: "s3",
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    JOBS_INTERVAL_SECONDS: "5",
    METRICS_TOKEN,
    // HAProxy checks /readyz every 2 s and drops a server after 2 failures: keep taking connections meanwhile.
    SHUTDOWN_GRACE_SECONDS: "5",
    SHUTDOWN_TIMEOUT_SECONDS: "25",
    LOG_LEVEL: "warn",
  };
  const ports = [await freePort(), await freePort(), await freePort()];
  const apps = ports.map((port, i) => appProcess(`app${i + 1}`, port, env));
  // PUBLIC_URL is HAProxy's address (the IPN URL registered with the gateway and the CSRF origin).
  const haproxy = await startHaproxy(apps.map((app) => `127.0.0.1:${app.port}`));
  env.PUBLIC_URL = haproxy.url;
  log("starting three app processes");
  await Promise.all(apps.map((app) => app.start()));
  // HAProxy takes a server into rotation after 2 good checks, 2 s apart.
  await sleep(5_000);

  const ctx = { base: haproxy.url, pesapal, cookies: [], paid: [], paymentsInFlight: 0 };
  const buyers = [];
  for (let i = 0; i < READERS; i++) {
    const cookie = await signIn(haproxy.url, `cluster-${i}@nuru.test`);
    ctx.cookies.push(cookie);
    buyers.push({ cookie, ebookId: ebooks[i % ebooks.length].id });
  }
  const violations = [];
  const phases = [];

  // 1. kill -9 in the middle of payments.
  {
    const phase = newPhase("kill -9 of app2 mid-payment");
    phases.push(phase);
    log(phase.name);
    let done = false;
    const load = runLoad(ctx, phase, () => done, buyers.splice(0, BUYERS.kill));
    await sleep(1_500);
    // In the middle of payments: at a moment when a checkout's IPN is on its way.
    for (let i = 0; i < 500 && ctx.paymentsInFlight === 0; i++) await sleep(10);
    const inFlight = ctx.paymentsInFlight;
    ctx.inFlightAtKill = inFlight;
    await apps[1].saveMetrics();
    await apps[1].kill9();
    log(`app2 killed (SIGKILL) with ${inFlight} payment(s) in flight; restarting it`);
    await sleep(2_000);
    await apps[1].start();
    await sleep(8_000);
    done = true;
    await load;
  }

  // 2. Rolling restart: SIGTERM, wait until it stopped and its successor is ready (and in rotation), next.
  {
    const phase = newPhase("rolling restart (SIGTERM)");
    phases.push(phase);
    log(phase.name);
    let done = false;
    const load = runLoad(ctx, phase, () => done, buyers.splice(0, BUYERS.rolling));
    for (const app of apps) {
      await app.saveMetrics();
      const code = await app.terminate();
      if (code !== 0) violations.push(`${app.name} exited with ${code} on SIGTERM`);
      await app.start();
      await sleep(5_000);
      log(`${app.name} restarted`);
    }
    done = true;
    await load;
    if (phase.failures.length > 0)
      violations.push(
        `rolling restart: ${phase.failures.length} failed requests (${phase.failures.slice(0, 5).join("; ")})`,
      );
  }

  // 3. The database goes away (PgBouncer stopped), then comes back on the same port.
  {
    const down = newPhase(cluster ? "database away (PostgreSQL restart)" : "database away (PgBouncer stopped)");
    const after = newPhase("after the database is back");
    phases.push(down, after);
    log(down.name);
    let phase = down;
    let done = false;
    // Orders made before it goes away, paid while it is away: their IPNs meet a shop without its database.
    const orders = [];
    for (const buyer of buyers.splice(0, BUYERS.databaseAway)) orders.push(await placeOrder(ctx, down, buyer));
    if (orders.includes(null)) violations.push("database away: a checkout failed before the database went away");
    const running = runLoad(
      ctx,
      () => phase,
      () => done,
      [],
    );
    await sleep(2_000);
    if (cluster) await cluster.stop();
    else await bouncer.stop();
    log(`${cluster ? "PostgreSQL stopped (pg_ctl stop -m fast)" : "PgBouncer stopped"}; paying the orders now`);
    const payments = Promise.all(orders.filter(Boolean).map((trackingId) => pay(ctx, trackingId)));
    await sleep(10_000);
    if (cluster) await cluster.start();
    else await bouncer.start();
    log(`${cluster ? "PostgreSQL" : "PgBouncer"} back; waiting for every app to be ready again`);
    const deadline = Date.now() + 30_000;
    for (const app of apps)
      while (Date.now() < deadline && (await fetch(`${app.url}${app.readyPath}`).catch(() => null))?.status !== 200)
        await sleep(250);
    await sleep(5_000); // HAProxy's checks take them back into rotation
    phase = after;
    await sleep(10_000);
    done = true;
    await running;
    await payments;
    if (down.unavailable === 0) violations.push("database away: no 503 seen while it was down");
    if (down.unavailableWithoutRetryAfter > 0)
      violations.push(`database away: ${down.unavailableWithoutRetryAfter} 503s without Retry-After`);
    const other = down.failures.filter((f) => !f.endsWith(": 503"));
    if (other.length > 0)
      violations.push(`database away: ${other.length} failures other than 503 (${other.slice(0, 5).join("; ")})`);
    if (after.failures.length > 0)
      violations.push(
        `after the database came back: ${after.failures.length} failed requests (${after.failures.slice(0, 5).join("; ")})`,
      );
  }

  log("checking live content events on every app after the restart");
  const silent = await checkLiveEvents(apps, directUrl);
  if (silent.length > 0) violations.push(`live content events: none reached ${silent.join(", ")} after the restart`);
  log("checking payments and job runs in the database");
  const db2 = new pg.Client({ connectionString: directUrl });
  await db2.connect();
  const payments = await checkPayments(ctx, db2);
  for (const problem of payments.problems) violations.push(`payment: ${problem}`);
  const jobs = await checkJobs(db2, apps);
  for (const problem of jobs.problems) violations.push(`jobs: ${problem}`);
  await db2.end();

  const requests = phases.reduce((n, p) => n + p.requests, 0);
  console.log(
    `\nCluster test figures (HAProxy -> 3 x node server.js -> PgBouncer transaction mode -> ${cluster ? "own PostgreSQL 15" : "shared PostgreSQL"}; S3 stand-in)`,
  );
  for (const p of phases)
    console.log(
      `  ${p.name.padEnd(36)} requests ${String(p.requests).padStart(5)}  failures ${String(p.failures.length).padStart(4)}` +
        `  503 ${String(p.unavailable).padStart(4)} (without Retry-After ${p.unavailableWithoutRetryAfter})  orders ${p.checkouts}`,
    );
  console.log(`  kill -9 with ${ctx.inFlightAtKill} payment(s) in flight`);
  console.log(`  requests ${requests}, failures ${phases.reduce((n, p) => n + p.failures.length, 0)}`);
  console.log(
    `  payments checked ${payments.orders} orders (${payments.paidOnGateway} paid or failed on the gateway, ${payments.settled} settled in the shop), mismatches ${payments.problems.length}`,
  );
  console.log(`  live content events after the restart: ${apps.length - silent.length} of ${apps.length} apps`);
  console.log(`  jobs: ${jobs.jobTicks} job ticks of ${jobs.jobs} jobs, at most ${jobs.maxRunsPerTick} run per tick`);
  console.log(`  time ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (violations.length > 0) {
    console.error(`\nCluster test FAILED (${violations.length}):\n  ${violations.join("\n  ")}`);
    for (const app of apps) console.error(`--- ${app.name} (last output)\n${app.child?.output().slice(-2000)}`);
    return 1;
  }
  console.log("\nCluster test passed.");
  return 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error("cluster test: could not run:", error);
} finally {
  await cleanup();
}
process.exit(exitCode);
