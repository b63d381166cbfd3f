// npm run bench:lighthouse [-- --no-build] [--runs 5] [--pages home,article]: issue 51 item 3, Lighthouse measured so
// that it means something on a 2-core machine. Per reader page, as a guest (and the dashboard and a checkout as the
// demo subscriber): N runs (5 by default) of Lighthouse 13 mobile (default throttling, 4x CPU) in Chromium's headless
// shell, one after another with nothing else of ours running, and the median of each figure: the performance score,
// LCP, CLS, TBT, and the page's own main-thread CPU from the trace (bench/trace-cpu.mjs): its blocking part at 4x
// (Lighthouse's rule, 50 ms a task, applied to the CPU the thread got rather than the stretched wall time) and the
// stretch (wall / CPU) that says how much of TBT was the machine. Goals: own blocking CPU at 4x < 100 ms,
// LCP <= 2.0 s, CLS < 0.05, score >= 95. Results: bench/results/lighthouse.json. Traffic goes only to 127.0.0.1.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { findChrome } from "../tests/setup/browser.ts";
import {
  buildUnlessAsked,
  publicPages,
  root,
  runLighthouse,
  signInCookie,
  startLocalApp,
  waitSeeded,
} from "./local-app.mjs";
import { mainThreadCpu } from "./trace-cpu.mjs";

const GOALS = { ownBlockingCpuAt4xMs: 100, lcpMs: 2000, cls: 0.05, score: 95 };
const argValue = (name) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const RUNS = Number(argValue("--runs") ?? process.env.LIGHTHOUSE_RUNS ?? 5);
const only = argValue("--pages")?.split(",");

const results = path.join(root, "bench/results");
mkdirSync(results, { recursive: true });
buildUnlessAsked();
const { base, stop, ready } = startLocalApp(Number(process.env.BENCH_PORT ?? 3995), "nuru-bench-lh-", { quiet: true });

const median = (values) => {
  const sorted = values.filter((v) => typeof v === "number").sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One Lighthouse run: the figures issue 51 asks for, from the report and its trace. */
function measure(url, name, run, cookie) {
  const out = path.join(results, `lighthouse-${name}-${run}.json`);
  const args = ["--save-assets", "--only-categories=performance"];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  runLighthouse(url, out, { args, timeout: 240_000, chrome: findChrome() });
  const json = JSON.parse(readFileSync(out, "utf8"));
  const trace = out.replace(/\.json$/, "-0.trace.json");
  const cpu = existsSync(trace) ? mainThreadCpu(trace) : null;
  for (const file of [out, trace, out.replace(/\.json$/, "-0.devtoolslog.json")]) rmSync(file, { force: true });
  const audit = (id) => json.audits[id]?.numericValue ?? null;
  return {
    score: Math.round(json.categories.performance.score * 100),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    cls: +(audit("cumulative-layout-shift") ?? 0).toFixed(3),
    tbtMs: Math.round(audit("total-blocking-time")),
    ownCpuMs: cpu?.cpuMs ?? null,
    ownBlockingCpuAt4xMs: cpu?.cpuBlockingAt4xMs ?? null,
    stretch: cpu?.stretch ?? null,
    benchmarkIndex: Math.round(json.environment?.benchmarkIndex ?? 0),
    loadAverage: +loadavg()[0].toFixed(2),
  };
}

const report = { date: new Date().toISOString(), runs: RUNS, chrome: findChrome(), goals: GOALS, pages: {} };
try {
  await ready();
  await waitSeeded(base);
  const subscriber = await signInCookie(base, "subscriber@nuru.test");
  const plan = /checkout(?:\/|%2F)plan(?:\/|%2F)([a-z0-9-]+)/i.exec(await (await fetch(`${base}/pricing`)).text())?.[1];
  const pages = [
    ...(await publicPages(base)),
    ["checkout (subscriber)", `/checkout/plan/${plan}`, subscriber],
    ["dashboard (subscriber)", "/dashboard", subscriber],
  ].filter(([name]) => !only || only.some((o) => name.startsWith(o)));
  for (const [name, pagePath, cookie] of pages) {
    const runs = [];
    for (let run = 1; run <= RUNS; run++) runs.push(measure(base + pagePath, name.split(" ")[0], run, cookie));
    const summary = Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((r) => r[key]))]));
    summary.meetsGoals = {
      ownBlockingCpu:
        summary.ownBlockingCpuAt4xMs !== null && summary.ownBlockingCpuAt4xMs < GOALS.ownBlockingCpuAt4xMs,
      lcp: summary.lcpMs <= GOALS.lcpMs,
      cls: summary.cls < GOALS.cls,
      score: summary.score >= GOALS.score,
    };
    report.pages[name] = { path: pagePath, median: summary, runs };
    console.log(
      `${name.padEnd(24)} score ${summary.score}  LCP ${summary.lcpMs} ms  CLS ${summary.cls}  TBT ${summary.tbtMs} ms  ` +
        `own CPU ${summary.ownCpuMs} ms, blocking at 4x ${summary.ownBlockingCpuAt4xMs} ms, stretch ${summary.stretch}`,
    );
  }
} finally {
  await stop();
}
writeFileSync(path.join(results, "lighthouse.json"), JSON.stringify(report, null, 2));
