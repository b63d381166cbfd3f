// npm run bench:js [-- --no-build]: issue 51 item 1, "at most 75 KiB gzip of JavaScript on every reader page". Starts
// the built app on loopback with a fresh PGlite data directory (the demo shop seeds itself) and opens every reader page
// in Chromium, as a guest and as the demo subscriber, and counts the JavaScript the page loads before any interaction:
// every script response (script tags, module preloads and the modules they import) until the load event and the
// network going quiet, plus the inline scripts in the HTML. Each body is counted as gzip -9, as the server would send
// it. Results go to bench/results/js-bytes.json. Traffic goes only to 127.0.0.1.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROME_ARGS, findChrome } from "../tests/setup/browser.ts";
import { buildUnlessAsked, firstLink, publicPages, root, startLocalApp, waitSeeded } from "./local-app.mjs";

const BUDGET_BYTES = 75 * 1024;
const results = path.join(root, "bench/results");
mkdirSync(results, { recursive: true });
if (!process.argv.includes("--build")) process.argv.push("--no-build"); // expects `npm run build` unless asked
buildUnlessAsked();

const { base, stop, ready, dataDir } = startLocalApp(Number(process.env.BENCH_PORT ?? 3996), "nuru-bench-js-", {
  quiet: true,
});

/** A plan's checkout, from /pricing (a guest's link goes through sign-in and carries it encoded). */
async function checkoutLink() {
  const html = await (await fetch(`${base}/pricing`)).text();
  const m = html.match(/checkout(?:\/|%2F)plan(?:\/|%2F)([a-z0-9-]+)/i);
  if (!m) throw new Error("no plan checkout on /pricing");
  return `/checkout/plan/${m[1]}`;
}

const kb = (n) => (n / 1000).toFixed(1);
const kib = (n) => (n / 1024).toFixed(1);

let browser;
const rows = [];
try {
  await ready();
  await waitSeeded(base);
  const pages = [
    ...(await publicPages(base)),
    ["category", await firstLink(base, "/categories", "/category/")],
    ["checkout", await checkoutLink()],
    ["gift checkout", (await checkoutLink()).replace("/checkout/", "/gift/")],
    ["signin", "/signin"],
    ["payment status", "/payment/return"],
    ["dashboard", "/dashboard"],
    ["account", "/account"],
    ["account gifts", "/account/gifts"],
    ["delete account", "/account/delete"],
    ["offline library", "/library/offline"],
    ["bookmarks", "/bookmarks"],
  ];
  browser = await chromium.launch({ executablePath: findChrome(), args: CHROME_ARGS, headless: true });
  for (const who of ["guest", "subscriber"]) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: base });
    // Count what a first visit costs: no service worker answering from its cache.
    await context.route("**/sw.js", (route) => route.abort());
    if (who === "subscriber") {
      const signIn = await context.request.post("/signin", {
        form: { intent: "signin", email: "subscriber@nuru.test", password: "nuru-demo-2026" },
        headers: { Origin: base },
        maxRedirects: 0,
      });
      if (signIn.status() !== 302) throw new Error(`sign-in failed: ${signIn.status()}`);
    }
    for (const [name, url] of pages) {
      const page = await context.newPage();
      const bodies = [];
      page.on("response", (response) => {
        if (response.request().resourceType() !== "script") return;
        bodies.push(
          response.body().then(
            (body) => ({ url: new URL(response.url()).pathname, gzipBytes: gzipSync(body, { level: 9 }).length }),
            () => null,
          ),
        );
      });
      await page.goto(url, { waitUntil: "load" });
      await page.waitForLoadState("networkidle");
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll("script:not([src])")]
          .filter((s) => s.type !== "application/ld+json" && s.type !== "application/json")
          .map((s) => s.textContent ?? ""),
      );
      const files = (await Promise.all(bodies)).filter(Boolean);
      const inlineBytes = inline.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0);
      const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0) + inlineBytes;
      rows.push({
        who,
        page: name,
        url,
        landedOn: new URL(page.url()).pathname,
        scripts: files.length,
        inlineScripts: inline.length,
        inlineGzipBytes: inlineBytes,
        gzipBytes,
        withinBudget: gzipBytes <= BUDGET_BYTES,
        files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
      });
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser?.close();
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nJavaScript on arrival, gzip -9 (budget ${kb(BUDGET_BYTES)} KB = 75 KiB)\n`);
console.log(
  `${"who".padEnd(11)}${"page".padEnd(17)}${"landed on".padEnd(32)}${"files".padStart(6)}${"KB".padStart(8)}${"KiB".padStart(8)}  budget`,
);
for (const r of rows)
  console.log(
    `${r.who.padEnd(11)}${r.page.padEnd(17)}${r.landedOn.slice(0, 31).padEnd(32)}${String(r.scripts + r.inlineScripts).padStart(6)}${kb(r.gzipBytes).padStart(8)}${kib(r.gzipBytes).padStart(8)}  ${r.withinBudget ? "ok" : `over by ${kib(r.gzipBytes - BUDGET_BYTES)} KiB`}`,
  );
const out = path.join(results, "js-bytes.json");
writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), budgetBytes: BUDGET_BYTES, pages: rows }, null, 2));
console.log(`\n${rows.filter((r) => r.withinBudget).length}/${rows.length} within budget; written to ${out}`);
