// npm run bench:js: the JavaScript every reader page loads before she touches anything (module preloads, script
// tags and the entry's import; gzip -9), for a guest and for a signed-in subscriber, against the 75 KiB budget of
// issue 51 (the global median phone). Starts the built app on a fresh PGlite data directory (the demo shop); run
// `npm run build` first, or drop --no-build. Writes bench/results/js-bytes.json.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildUnlessAsked, root, signInCookie, startLocalApp } from "./local-app.mjs";
import { pageJavascriptBytes } from "./page-javascript.ts";

const BUDGET = 75 * 1024;
const PORT = 3957;

buildUnlessAsked();
const app = startLocalApp(PORT, "nuru-js-bytes-");
try {
  await app.ready();
  const base = app.base;
  const cookie = await signInCookie(base, "subscriber@nuru.test");
  const first = async (listPath, pattern) => {
    const html = await (await fetch(base + listPath)).text();
    return html.match(pattern)?.[1] ?? null;
  };
  const article = await first("/articles", /href="(\/article\/[^"?#]+)"/);
  const ebook = await first("/ebooks", /href="(\/ebook\/[0-9a-f-]{36})"/);
  const category = await first("/categories", /href="(\/category\/[^"?#]+)"/);
  const pages = [
    { name: "home", path: "/", signedIn: "/home" },
    { name: "articles", path: "/articles" },
    { name: "an article", path: article },
    { name: "ebooks", path: "/ebooks" },
    { name: "an ebook", path: ebook },
    { name: "pricing", path: "/pricing" },
    { name: "categories", path: "/categories" },
    { name: "a category", path: category },
    { name: "checkout", path: null, signedIn: "/checkout/plan/premium" },
    { name: "dashboard", path: null, signedIn: "/dashboard" },
    { name: "bookmarks", path: null, signedIn: "/bookmarks" },
    { name: "offline library", path: "/library/offline", signedIn: "/library/offline" },
  ];
  const rows = [];
  for (const page of pages) {
    const guest = page.path ? await pageJavascriptBytes(base + page.path) : null;
    const signedPath = page.signedIn ?? page.path;
    const member = signedPath ? await pageJavascriptBytes(base + signedPath, cookie) : null;
    rows.push({
      page: page.name,
      guestPath: page.path,
      guestGzip: guest?.gzipBytes ?? null,
      subscriberPath: signedPath,
      subscriberGzip: member?.gzipBytes ?? null,
    });
  }
  const kib = (bytes) => (bytes === null ? "-" : `${(bytes / 1024).toFixed(1)} KiB`);
  const mark = (bytes) => (bytes === null ? "" : bytes <= BUDGET ? " ok" : " OVER");
  console.log(`JavaScript before interaction (gzip -9), budget ${kib(BUDGET)}:`);
  console.log(`${"page".padEnd(18)}${"guest".padStart(16)}${"subscriber".padStart(18)}`);
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(18)}${(kib(r.guestGzip) + mark(r.guestGzip)).padStart(16)}${(kib(r.subscriberGzip) + mark(r.subscriberGzip)).padStart(18)}`,
    );
  }
  const over = rows.filter((r) => [r.guestGzip, r.subscriberGzip].some((b) => b !== null && b > BUDGET));
  console.log(`${rows.length - over.length} of ${rows.length} pages within the budget for both.`);
  const results = path.join(root, "bench/results");
  mkdirSync(results, { recursive: true });
  writeFileSync(
    path.join(results, "js-bytes.json"),
    JSON.stringify({ at: new Date().toISOString(), budgetBytes: BUDGET, rows }, null, 2),
  );
} finally {
  await app.stop();
  rmSync(app.dataDir, { recursive: true, force: true });
}
