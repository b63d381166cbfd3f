// The page's main-thread work in a Lighthouse trace, in CPU time as well as in wall time.
//
// Lighthouse's Total Blocking Time is wall time: each main-thread task's observed duration, multiplied by its 4x CPU
// slowdown. On a 2-core machine, anything else that runs (other processes, and Chromium's own browser and compositor
// threads, which take screenshots of every frame for Lighthouse) stretches those durations. The trace also records
// each task's thread time (`tdur`, the CPU the thread actually got), which does not stretch: the same page measured
// under load gives about the same CPU time and very different wall times. `stretch` (wall / CPU) says how much of a
// run's blocking time was the machine rather than the page.
import { readFileSync } from "node:fs";

const MS = 1000;

/** Summary of the main thread of the page in a trace file written by `lighthouse --save-assets`. */
export function mainThreadCpu(traceFile) {
  const raw = JSON.parse(readFileSync(traceFile, "utf8"));
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const threadNames = new Map();
  const processNames = new Map();
  for (const e of events) {
    if (e.name === "thread_name") threadNames.set(`${e.pid}:${e.tid}`, e.args.name);
    if (e.name === "process_name") processNames.set(e.pid, e.args.name);
  }
  // The page's renderer main thread: the CrRendererMain with the most tasks (the others are Chromium's own pages).
  const taskCounts = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === "RunTask" && threadNames.get(key) === "CrRendererMain")
      taskCounts.set(key, (taskCounts.get(key) ?? 0) + 1);
  }
  const main = [...taskCounts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return null;
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const start =
    onMain.find((e) => e.name === "navigationStart")?.ts ?? events.find((e) => e.name === "navigationStart")?.ts;
  const fcp = onMain.find((e) => e.name === "firstContentfulPaint")?.ts ?? start;

  const topLevel = (list) => {
    const tasks = [];
    let end = 0;
    for (const t of list.filter((e) => e.ph === "X" && e.tdur !== undefined).sort((a, b) => a.ts - b.ts)) {
      if (t.ts < end) continue;
      tasks.push(t);
      end = t.ts + t.dur;
    }
    return tasks;
  };
  const tasks = topLevel(onMain.filter((e) => e.name === "RunTask" && e.ts >= start));
  let cpu = 0;
  let wall = 0;
  let cpuAfterFcp = 0;
  let blockingAt4x = 0;
  for (const t of tasks) {
    cpu += t.tdur;
    wall += t.dur;
    if (t.ts < fcp) continue;
    cpuAfterFcp += t.tdur;
    // Lighthouse's rule (the part of a task beyond 50 ms counts) applied to the CPU time at its 4x slowdown.
    blockingAt4x += Math.max(0, 4 * t.tdur - 50 * MS);
  }
  // CPU of the other busy threads in the same window (they share the machine's cores with the page's main thread).
  const end = start + Math.max(...tasks.map((t) => t.ts + t.dur - start), 0);
  const others = new Map();
  const byThread = new Map();
  for (const e of events) {
    if (e.ph !== "X" || e.tdur === undefined || e.ts < start || e.ts > end) continue;
    const key = `${e.pid}:${e.tid}`;
    if (key === main) continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  for (const [key, list] of byThread) {
    const label = `${processNames.get(Number(key.split(":")[0])) ?? "?"}/${threadNames.get(key) ?? "?"}`;
    const sum = topLevel(list).reduce((s, t) => s + t.tdur, 0);
    others.set(label, (others.get(label) ?? 0) + sum);
  }
  const busiest = Object.fromEntries(
    [...others.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([label, us]) => [label, Math.round(us / MS)]),
  );
  return {
    tasks: tasks.length,
    cpuMs: Math.round(cpu / MS),
    wallMs: Math.round(wall / MS),
    stretch: +(wall / Math.max(cpu, 1)).toFixed(2),
    cpuAfterFcpMs: Math.round(cpuAfterFcp / MS),
    cpuBlockingAt4xMs: Math.round(blockingAt4x / MS),
    otherThreadsCpuMs: busiest,
  };
}
