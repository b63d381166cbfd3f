// npm run bench:app [-- --no-build]: issue 32's "Lighthouse on /, an article and /ebooks: installable, performance at
// least 98, the other categories 100". Builds, starts the app on loopback with a fresh PGlite data dir and the demo
// shop, then:
//  - installability, checked directly (Lighthouse 12 dropped its PWA category): the manifest linked from the page and
//    its fields (name, short name, display, start_url inside scope, theme and background colours), icons 192 and 512
//    (and a maskable 512) that load as PNGs of the size they claim, a service worker that controls the page and
//    answers a navigation with no connection, and Chromium's own verdict (DevTools Page.getInstallabilityErrors);
//  - Lighthouse mobile (default throttling) on /, a demo article and /ebooks: the four category scores and the
//    binary audits that fail; beside them the machine's load average, Lighthouse's CPU benchmark index and the page's
//    main-thread work in CPU time from the trace (bench/trace-cpu.mjs): on a busy machine the score measures the
//    machine, and these say by how much. Lighthouse starts only once the server has finished its start-up work.
// Results go to bench/results/app.json. Traffic goes only to 127.0.0.1; every run is bounded in time.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { chromium } from "playwright-core";
import { mainThreadCpu } from "./trace-cpu.mjs";
import { CHROME_ARGS, findChrome } from "../tests/setup/browser.ts";
import { buildUnlessAsked, root, runLighthouse, startLocalApp, waitSeeded } from "./local-app.mjs";

const results = path.join(root, "bench/results");
mkdirSync(results, { recursive: true });
buildUnlessAsked();
const {
  base,
  server,
  stop: stopServer,
  ready: waitReady,
} = startLocalApp(Number(process.env.BENCH_PORT ?? 3997), "nuru-bench-app-");

/**
 * Waits until the server process has been idle for 3 s (under 5 % of a core): the demo seed and the jobs' first run
 * (5 s after the database opens) would otherwise share the cores with the browser Lighthouse measures. Linux only
 * (reads /proc); elsewhere it returns at once. At most 60 s.
 */
async function waitServerIdle(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return;
  const ticks = () => {
    const fields = readFileSync(stat, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime + stime, in 1/100 s
  };
  const deadline = Date.now() + 60_000;
  let quiet = 0;
  let last = ticks();
  while (Date.now() < deadline && quiet < 3) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = ticks();
    quiet = now - last <= 5 ? quiet + 1 : 0;
    last = now;
  }
}

/** The manifest and icon checks Chromium's install criteria (and Lighthouse's old PWA audits) made. */
async function manifestChecks() {
  const html = await (await fetch(`${base}/`)).text();
  const href =
    /<link[^>]+rel="manifest"[^>]+href="([^"]+)"/.exec(html)?.[1] ??
    /<link[^>]+href="([^"]+)"[^>]+rel="manifest"/.exec(html)?.[1];
  const checks = { manifestLinked: Boolean(href) };
  if (!href) return { checks };
  const manifestUrl = new URL(href, base);
  const response = await fetch(manifestUrl);
  const manifest = await response.json();
  const scope = new URL(manifest.scope ?? ".", manifestUrl);
  const start = new URL(manifest.start_url ?? ".", manifestUrl);
  Object.assign(checks, {
    manifestContentType: /manifest\+json|application\/json/.test(response.headers.get("content-type") ?? ""),
    name: Boolean(manifest.name),
    shortName: Boolean(manifest.short_name) && manifest.short_name.length <= 12,
    display: ["standalone", "fullscreen", "minimal-ui"].includes(manifest.display),
    startUrlInScope: start.origin === scope.origin && start.pathname.startsWith(scope.pathname),
    themeColor: /^#[0-9a-f]{6}$/i.test(manifest.theme_color ?? ""),
    backgroundColor: /^#[0-9a-f]{6}$/i.test(manifest.background_color ?? ""),
    themeColorMeta: /<meta[^>]+name="theme-color"/.test(html),
  });
  const icons = [];
  for (const icon of manifest.icons ?? []) {
    const bytes = Buffer.from(await (await fetch(new URL(icon.src, manifestUrl))).arrayBuffer());
    const meta = await sharp(bytes).metadata();
    icons.push({
      src: icon.src,
      purpose: icon.purpose ?? "any",
      sizes: icon.sizes,
      actual: `${meta.width}x${meta.height}`,
      format: meta.format,
    });
  }
  const has = (size, purpose) =>
    icons.some(
      (i) => i.sizes === size && i.actual === size && i.format === "png" && i.purpose.split(" ").includes(purpose),
    );
  Object.assign(checks, {
    icon192: has("192x192", "any"),
    icon512: has("512x512", "any"),
    maskable512: has("512x512", "maskable"),
  });
  return {
    checks,
    manifest: { url: manifestUrl.pathname, start_url: manifest.start_url, scope: manifest.scope },
    icons,
  };
}

/**
 * The service worker controls the page, answers a navigation offline, and Chromium finds nothing missing. A
 * persistent profile: Chromium never offers to install from an incognito context (Playwright's newContext is one).
 */
async function serviceWorkerChecks() {
  const profile = mkdtempSync(path.join(tmpdir(), "nuru-bench-app-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChrome({ full: true }),
    args: CHROME_ARGS,
    viewport: { width: 390, height: 844 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await page.goto(`${base}/`, { waitUntil: "load" });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    const { errors: manifestErrors } = await cdp.send("Page.getAppManifest");
    await context.setOffline(true);
    const offline = await page.goto(`${base}/about`);
    const offlineAnswer = { status: offline?.status(), title: await page.title() };
    await context.setOffline(false);
    return {
      checks: {
        serviceWorkerControlsPage: Boolean(scriptURL?.endsWith("/sw.js")),
        answersOffline: offlineAnswer.status === 200,
        chromiumInstallable: installabilityErrors.length === 0,
        manifestParsesCleanly: manifestErrors.length === 0,
      },
      installabilityErrors,
      manifestErrors,
      offlineAnswer,
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function lighthouse(pagePath, name) {
  const out = path.join(results, `lighthouse-app-${name}.json`);
  const loadAverage = +loadavg()[0].toFixed(2);
  runLighthouse(base + pagePath, out, {
    args: ["--save-assets", "--only-categories=performance,accessibility,best-practices,seo"],
    timeout: 240_000,
  });
  const json = JSON.parse(readFileSync(out, "utf8"));
  const scores = Object.fromEntries(Object.entries(json.categories).map(([k, v]) => [k, Math.round(v.score * 100)]));
  const failing = Object.values(json.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => a.id);
  const audit = (id) => Math.round(json.audits[id]?.numericValue ?? 0);
  // --save-assets writes the trace and the DevTools log beside the report; only the figures are kept.
  const trace = out.replace(/\.json$/, "-0.trace.json");
  const mainThread = existsSync(trace) ? mainThreadCpu(trace) : null;
  rmSync(trace, { force: true });
  rmSync(out.replace(/\.json$/, "-0.devtoolslog.json"), { force: true });
  return {
    ...scores,
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    failingAudits: failing,
    loadAverage,
    benchmarkIndex: Math.round(json.environment?.benchmarkIndex ?? 0),
    mainThread,
  };
}

const report = { date: new Date().toISOString(), node: process.version };
try {
  await waitReady();
  await waitSeeded(base);
  const list = await (await fetch(`${base}/articles`)).text();
  const article = /href="(\/article\/[0-9a-f-]{36})"/.exec(list)[1];
  const installable = await manifestChecks();
  const worker = await serviceWorkerChecks();
  report.installable = {
    ok: Object.values({ ...installable.checks, ...worker.checks }).every(Boolean),
    checks: { ...installable.checks, ...worker.checks },
    manifest: installable.manifest,
    icons: installable.icons,
    installabilityErrors: worker.installabilityErrors,
    manifestErrors: worker.manifestErrors,
    offlineAnswer: worker.offlineAnswer,
  };
  console.log(
    "installable:",
    report.installable.ok,
    report.installable.checks,
    report.installable.installabilityErrors,
  );
  report.lighthouse = {};
  await waitServerIdle(server.pid);
  if (!process.argv.includes("--no-lighthouse"))
    for (const [pagePath, name] of [
      ["/", "home"],
      [article, "article"],
      ["/ebooks", "ebooks"],
    ]) {
      report.lighthouse[pagePath] = lighthouse(pagePath, name);
      console.log(`lighthouse ${pagePath}:`, report.lighthouse[pagePath]);
    }
} finally {
  await stopServer();
}
writeFileSync(path.join(results, "app.json"), JSON.stringify(report, null, 2));
console.log(JSON.stringify(report, null, 2));
