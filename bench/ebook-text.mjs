// npm run bench:ebook-text [-- --no-build]: bytes transferred to show the first screen of an ebook at 390 px in text
// mode against the PDF reader, for each demo ebook and a generated 300-page book, each in a fresh browser (nothing
// cached), as the admin (who may read every title). Results go to bench/results/ebook-text.json.
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

const dataDir = mkdtempSync(path.join(tmpdir(), "nuru-bench-text-"));
const seeded = spawnSync(
  process.execPath,
  ["--import", "./scripts/register.mjs", "bench/ebook-text-seed.ts", dataDir],
  {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  },
);
if (seeded.status !== 0) throw new Error("seeding failed");
const big = JSON.parse(seeded.stdout.trim().split("\n").at(-1));

const app = await startApp({ DATA_DIR: dataDir });
const browser = await launchBrowser();

async function signedInContext() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: app.url });
  const signIn = await context.request.post("/signin", {
    form: { intent: "signin", email: "admin@nuru.test", password: "nuru-demo-2026" },
    headers: { Origin: app.url },
    maxRedirects: 0,
  });
  if (signIn.status() !== 302) throw new Error(`sign-in failed: ${signIn.status()}`);
  return context;
}

/** Everything the page fetched until its first screen is shown and the network is quiet, as sent (compressed). */
async function firstScreen(path, ready, isContent) {
  const context = await signedInContext();
  const page = await context.newPage();
  const responses = [];
  page.on("response", (response) => {
    responses.push(
      response
        .request()
        .sizes()
        .then((s) => ({ url: response.url(), bytes: s.responseBodySize + s.responseHeadersSize }))
        .catch(() => ({ url: response.url(), bytes: 0 })),
    );
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState("networkidle");
  const all = await Promise.all(responses);
  await context.close();
  const total = all.reduce((sum, r) => sum + r.bytes, 0);
  const content = all.filter((r) => isContent(new URL(r.url))).reduce((sum, r) => sum + r.bytes, 0);
  return { total, content, requests: all.length };
}

const list = await (await fetch(`${app.url}/ebooks`)).text();
const ids = [...new Set([...list.matchAll(/href="\/ebook\/([0-9a-f-]{36})"/g)].map((m) => m[1]))];
const books = [
  ...ids.filter((id) => id !== big.ebookId).map((id) => ({ id, big: false })),
  { id: big.ebookId, big: true },
];
const rows = [];
try {
  for (const book of books) {
    const title = (await (await fetch(`${app.url}/ebook/${book.id}`)).text()).match(/<h1[^>]*>([^<]+)</)?.[1];
    const text = await firstScreen(
      `/ebook/${book.id}/text?s=0`,
      (page) => page.locator("[data-block]").first().waitFor(),
      (url) => url.pathname === `/ebook/${book.id}/text`,
    );
    const pdf = await firstScreen(
      `/ebook/${book.id}/read?pdf=1`,
      (page) => page.locator("canvas[data-rendered-page]").waitFor({ timeout: 60_000 }),
      (url) => url.pathname === `/ebook/${book.id}/file`,
    );
    rows.push({ title: book.big ? `${title} (generated)` : title, text, pdf });
    console.log(
      `${title}: text ${text.total.toLocaleString("en")} B (section ${text.content.toLocaleString("en")}) | ` +
        `PDF ${pdf.total.toLocaleString("en")} B (file ${pdf.content.toLocaleString("en")})`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
writeFileSync(
  path.join(results, "ebook-text.json"),
  JSON.stringify({ date: new Date().toISOString(), viewport: "390x844", books: rows }, null, 2),
);
