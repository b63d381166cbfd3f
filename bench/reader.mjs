// npm run bench:reader: opens a 300-page, ~20 MB PDF in the reader in Chromium on loopback and reports the time
// to the first page, the share of the file fetched for it, and page-turn times. Results go to bench/results/.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startApp } from "../tests/setup/app-server.ts";
import { launchBrowser } from "../tests/setup/browser.ts";

const root = path.resolve(import.meta.dirname, "..");
const results = path.join(root, "bench/results");
mkdirSync(results, { recursive: true });
if (!process.argv.includes("--no-build")) {
  if (spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "nuru-bench-reader-"));
const seeded = spawnSync(process.execPath, ["--import", "./scripts/register.mjs", "bench/reader-seed.ts", dataDir], {
  cwd: root,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
if (seeded.status !== 0) throw new Error("seeding failed");
const { ebookId, bytes: fileBytes } = JSON.parse(seeded.stdout.trim().split("\n").at(-1));

const app = await startApp({ DATA_DIR: dataDir });
const browser = await launchBrowser();
const runs = [];
try {
  for (let run = 1; run <= 5; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: app.url });
    const signIn = await context.request.post("/signin", {
      form: { intent: "signin", email: "reader@nuru.test", password: "nuru-demo-2026" },
      headers: { Origin: app.url },
      maxRedirects: 0,
    });
    if (signIn.status() !== 302) throw new Error(`sign-in failed: ${signIn.status()}`);
    // Each run starts from page 1 (the reader reopens where the last run stopped).
    await context.request.post(`/ebook/${ebookId}/reading`, {
      form: { intent: "progress", page: "1" },
      headers: { Origin: app.url },
    });
    const page = await context.newPage();
    let fetched = 0;
    let requests = 0;
    page.on("response", (response) => {
      if (!response.url().includes(`/ebook/${ebookId}/file`)) return;
      requests++;
      fetched += Number(response.headers()["content-length"] ?? 0);
    });
    // Warm the shop's own page and scripts the way a reader arrives: from the ebook page.
    await page.goto(`/ebook/${ebookId}`);
    const start = Date.now();
    await page.goto(`/ebook/${ebookId}/read`);
    await page.locator('canvas[data-rendered-page="1"]').waitFor({ timeout: 30_000 });
    const firstPageMs = Date.now() - start;
    const timeline = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0];
      const round = (n) => Math.round(n);
      const resources = performance
        .getEntriesByType("resource")
        .filter((r) => /pdf\.worker|ebook-reader|\/file\?/.test(r.name))
        .map((r) => `${r.name.split("/").pop().slice(0, 24)} ${round(r.startTime)}-${round(r.responseEnd)}`);
      return {
        ttfb: round(nav.responseStart),
        domContentLoaded: round(nav.domContentLoadedEventEnd),
        now: round(performance.now()),
        resources,
      };
    });
    const fetchedForFirst = fetched;
    const turns = [];
    for (let n = 2; n <= 11; n++) {
      const t0 = Date.now();
      await page.getByRole("button", { name: "Next page" }).click();
      await page.locator(`canvas[data-rendered-page="${n}"]`).waitFor({ timeout: 10_000 });
      turns.push(Date.now() - t0);
    }
    runs.push({
      run,
      firstPageMs,
      timeline,
      fetchedBytes: fetchedForFirst,
      fetchedShare: fetchedForFirst / fileBytes,
      requests,
      turnsMs: turns,
      fetchedAfterTurns: fetched,
    });
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const allTurns = runs.flatMap((r) => r.turnsMs);
const summary = {
  date: new Date().toISOString(),
  fileBytes,
  pages: 300,
  firstPageMs: { median: median(runs.map((r) => r.firstPageMs)), max: Math.max(...runs.map((r) => r.firstPageMs)) },
  fetchedForFirstPage: {
    medianBytes: median(runs.map((r) => r.fetchedBytes)),
    maxShare: Math.max(...runs.map((r) => r.fetchedShare)),
  },
  pageTurnMs: {
    median: median(allTurns),
    p90: [...allTurns].sort((a, b) => a - b)[Math.floor(allTurns.length * 0.9)],
    max: Math.max(...allTurns),
  },
  runs,
};
writeFileSync(path.join(results, "reader.json"), JSON.stringify(summary, null, 2));
console.log(
  `PDF ${(fileBytes / 1e6).toFixed(1)} MB, 300 pages. First page: median ${summary.firstPageMs.median} ms, max ${summary.firstPageMs.max} ms; ` +
    `fetched for it: ${(summary.fetchedForFirstPage.medianBytes / 1024).toFixed(0)} KB (max ${(summary.fetchedForFirstPage.maxShare * 100).toFixed(2)} % of the file). ` +
    `Page turns: median ${summary.pageTurnMs.median} ms, p90 ${summary.pageTurnMs.p90} ms, max ${summary.pageTurnMs.max} ms.`,
);
