// npm run bench:start: issue 51 item 6, "start and memory". Expects `npm run build`. Runs the `serve` script's command
// (package.json, as `npm start` does after its build) on an empty data directory, in `npm start`'s mode, and reports:
// the time from launch to /readyz answering 200 (the database opened, migrations applied, the demo shop seeded), the
// memory (RSS) when ready and its peak during the start, the RSS after 30 s idle, and the RSS under a short load
// (autocannon, 10 connections: the guest home page, then the home page and an article signed in as the demo
// subscriber), and the peak of the child process that prepares a new data directory (app/db/boot.server.ts); then a restart on the data directory it seeded (time to ready, RSS after 10 s). RSS is read from /proc/<pid>/status every 100 ms (VmRSS; VmHWM for the peak). Results go to
// bench/results/start.json. Traffic goes only to 127.0.0.1. `BENCH_RUNS` (default 3) starts; the median is reported.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "../tests/setup/app-server.ts";
import { signInCookie } from "./local-app.mjs";

const root = path.resolve(import.meta.dirname, "..");
const results = path.join(root, "bench/results");
mkdirSync(results, { recursive: true });
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const IDLE_MS = 30_000;

/** The `serve` script split into its environment assignments and the node arguments. */
function serveCommand() {
  const script = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts.serve;
  const words = script.split(/\s+/);
  const env = {};
  while (words[0].includes("=")) {
    const [k, v] = words.shift().split("=");
    env[k] = v;
  }
  if (words.shift() !== "node") throw new Error(`unexpected serve script: ${script}`);
  return { env, args: words };
}

/** RSS and its peak, in MB, of a running process (Linux). */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

/** The child processes of `pid` (a first start on PGlite prepares its data directory in one: app/db/boot.server.ts). */
function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function load(url, headers) {
  const result = await autocannon({ url, connections: 10, duration: LOAD_SECONDS, headers });
  return { url: new URL(url).pathname, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99 };
}

/**
 * Starts the server on `dataDir`; answers it with the time to /readyz 200 and a way to stop it. `onSpawn` sees the
 * process at once (to sample its memory while it starts).
 */
async function launch(dataDir, onSpawn = () => undefined) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { env, args } = serveCommand();
  const started = performance.now();
  const server = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base },
    stdio: ["ignore", "ignore", "inherit"],
  });
  onSpawn(server);
  const stop = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.on("exit", resolve);
      server.kill("SIGTERM");
    });
  while (performance.now() - started < 120_000) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode})`);
    const res = await fetch(`${base}/readyz`).catch(() => null);
    if (res?.status === 200) return { server, base, stop, readyMs: performance.now() - started };
    await sleep(100);
  }
  await stop();
  throw new Error("not ready in 120 s");
}

/** A second start on the data directory the first one seeded (a restart or a deploy): time to ready, RSS idle. */
async function restart(dataDir) {
  const { server, stop, readyMs } = await launch(dataDir);
  try {
    await sleep(10_000);
    return { restartReadyMs: Math.round(readyMs), restartRssIdle10sMb: Math.round(memory(server.pid).rssMb) };
  } finally {
    await stop();
  }
}

async function oneRun() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "nuru-bench-start-"));
  let sampledMax = 0;
  let childPeakMb = 0;
  let sampler;
  const { server, base, stop, readyMs } = await launch(dataDir, (spawned) => {
    sampler = setInterval(() => {
      try {
        sampledMax = Math.max(sampledMax, memory(spawned.pid).rssMb);
        for (const child of childrenOf(spawned.pid)) childPeakMb = Math.max(childPeakMb, memory(child).peakMb);
      } catch {
        // exited
      }
    }, 100);
  });
  try {
    const atReady = memory(server.pid);
    await sleep(IDLE_MS);
    const idle = memory(server.pid);
    sampledMax = 0;
    const cookie = await signInCookie(base, "subscriber@nuru.test");
    const articles = await (await fetch(`${base}/articles`, { headers: { cookie } })).text();
    const article = /href="(\/article\/[^"#?]+)"/.exec(articles)?.[1];
    if (!article) throw new Error("no article listed");
    const loads = [
      await load(`${base}/`, { "accept-encoding": "gzip" }),
      await load(`${base}/`, { cookie, "accept-encoding": "gzip" }),
      await load(`${base}${article}`, { cookie, "accept-encoding": "gzip" }),
    ];
    const afterLoad = memory(server.pid);
    clearInterval(sampler);
    await stop();
    return {
      ...(await restart(dataDir)),
      readyMs: Math.round(readyMs),
      rssAtReadyMb: Math.round(atReady.rssMb),
      peakDuringStartMb: Math.round(atReady.peakMb),
      preparingChildPeakMb: Math.round(childPeakMb),
      rssIdle30sMb: Math.round(idle.rssMb),
      peakUnderLoadMb: Math.round(Math.max(sampledMax, afterLoad.rssMb)),
      peakOverallMb: Math.round(afterLoad.peakMb),
      loads,
    };
  } finally {
    clearInterval(sampler);
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs = [];
for (let i = 1; i <= RUNS; i++) {
  const run = await oneRun();
  console.log(`run ${i}: ${JSON.stringify(run)}`);
  runs.push(run);
}
const median = (key) => {
  const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const keys = [
  "readyMs",
  "rssAtReadyMb",
  "peakDuringStartMb",
  "preparingChildPeakMb",
  "rssIdle30sMb",
  "peakUnderLoadMb",
  "peakOverallMb",
  "restartReadyMs",
  "restartRssIdle10sMb",
];
const summary = Object.fromEntries(keys.map((k) => [k, median(k)]));
console.log(`\nmedian of ${RUNS} starts on an empty data directory:`);
console.log(`  ready (/readyz 200)        ${(summary.readyMs / 1000).toFixed(1)} s   (goal < 12 s)`);
console.log(`  RSS at ready               ${summary.rssAtReadyMb} MB`);
console.log(`  RSS peak during the start  ${summary.peakDuringStartMb} MB`);
console.log(
  `  the preparing child's peak ${summary.preparingChildPeakMb} MB (migrations and the demo seed; it then exits)`,
);
console.log(`  RSS idle after 30 s        ${summary.rssIdle30sMb} MB   (goal < 200 MB)`);
console.log(`  RSS peak under load        ${summary.peakUnderLoadMb} MB   (goal < 250 MB)`);
console.log(`  RSS peak over the run      ${summary.peakOverallMb} MB`);
console.log(
  `  restart on that data: ready ${(summary.restartReadyMs / 1000).toFixed(1)} s, RSS idle after 10 s ${summary.restartRssIdle10sMb} MB`,
);
const out = path.join(results, "start.json");
writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), summary, runs }, null, 2));
console.log(`written to ${out}`);
