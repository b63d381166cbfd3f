// npm run bench:images [-- --no-build]: responsive images, measured. Builds, starts the app on loopback with a fresh
// PGlite data dir and the demo shop, uploads a 2000 x 1125 photo as the admin (copies are made) and publishes an
// article with it as cover and in the body. Then:
//  - the bytes a 390 px phone (2x) downloads for that article's card on /articles, against the original's bytes;
//  - Lighthouse mobile (default throttling) on / and on that article: performance score, CLS, LCP, bytes;
//  - the JavaScript that article page loads (gzip and brotli), as bench/page-javascript.ts counts it.
// Results go to bench/results/images.json. Traffic goes only to 127.0.0.1; every run is bounded in time.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { illustrationSvg } from "../app/db/seed/assets.ts";
import { pageJavascriptBytes } from "./page-javascript.ts";
import { launchBrowser } from "../tests/setup/browser.ts";
import { buildUnlessAsked, root, runLighthouse, startLocalApp } from "./local-app.mjs";

const results = path.join(root, "bench/results");
mkdirSync(results, { recursive: true });
buildUnlessAsked();
const {
  base,
  stop: stopServer,
  ready: waitReady,
} = startLocalApp(Number(process.env.BENCH_PORT ?? 3998), "nuru-bench-images-");

async function adminCookie() {
  const res = await fetch(`${base}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signin", email: "admin@nuru.test", password: "nuru-demo-2026" }).toString(),
  });
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.startsWith("nuru_flash"))
    .join("; ");
}

/** A photo-like JPEG: smooth gradients with fine noise, about what a phone camera picture costs per pixel. */
function photoJpeg(width, height) {
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i += 3) {
    const p = i / 3;
    data[i] = ((p % width) * 255) / width;
    data[i + 1] = (Math.floor(p / width) * 255) / height;
    data[i + 2] = (p * 7919) % 97;
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function publishArticleWithPhoto(cookie) {
  const form = new FormData();
  form.set("file", new File([await photoJpeg(2000, 1125)], "ngong-road.jpg", { type: "image/jpeg" }));
  const uploaded = await fetch(`${base}/admin/uploads?kind=image`, {
    method: "POST",
    headers: { Origin: base, Cookie: cookie },
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status}`);
  const { asset } = await uploaded.json();
  const title = `Morning light on Ngong Road ${Date.now().toString(36)}`;
  const created = await fetch(`${base}/admin/articles/new`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "save",
      title,
      contentMode: "rich",
      content: `<p>${"A slow walk before work, with the city waking up. ".repeat(30)}</p><img src="${asset.url}" alt="Ngong Road at dawn"><p>${"Water, shoes that fit, and ten minutes more each week. ".repeat(20)}</p>`,
      imageUrl: asset.url,
      accessType: "free",
      published: "on",
    }),
  });
  if (created.status !== 302) throw new Error(`article not created: ${created.status}`);
  const list = await (await fetch(`${base}/articles?q=${encodeURIComponent(title)}`)).text();
  return { asset, title, path: /href="(\/article\/[0-9a-f-]{36})"/.exec(list)[1] };
}

/** Bytes of every /media response while a phone (390 px, 2x) shows `pagePath` and scrolls to `selector`. */
async function phoneImageBytes(browser, pagePath, selector) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const fetched = [];
  page.on("response", async (r) => {
    if (r.url().includes("/media/")) fetched.push({ url: r.url().replace(base, ""), bytes: (await r.body()).length });
  });
  await page.goto(base + pagePath);
  const img = page.locator(selector).first();
  await img.scrollIntoViewIfNeeded();
  await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle());
  await page.waitForTimeout(300);
  await context.close();
  return fetched;
}

function lighthouse(pagePath, name) {
  const out = path.join(results, `lighthouse-images-${name}.json`);
  runLighthouse(base + pagePath, out, { args: ["--only-categories=performance"], timeout: 180_000 });
  const json = JSON.parse(readFileSync(out, "utf8"));
  const audit = (id) => json.audits[id]?.numericValue;
  return {
    performance: Math.round(json.categories.performance.score * 100),
    cls: audit("cumulative-layout-shift"),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    totalBytes: audit("total-byte-weight"),
    imageBytes: (json.audits["network-requests"]?.details?.items ?? [])
      .filter((r) => r.resourceType === "Image")
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

const report = { date: new Date().toISOString(), node: process.version };
try {
  await waitReady();
  const article = await publishArticleWithPhoto(await adminCookie());
  const browser = await launchBrowser();
  try {
    const stem = article.asset.url.replace(/\.jpg$/, "");
    const card = (
      await phoneImageBytes(
        browser,
        `/articles?q=${encodeURIComponent(article.title)}`,
        // The card shows a width copy of the upload (its name carries the width), not the upload itself.
        `main img[src^="${stem}"]`,
      )
    ).filter((f) => f.url.startsWith(stem));
    report.uploadedPhotoCard = { original: article.asset.size, downloaded: card };
    // A demo card (the first must-read on the home page): its copy against the SVG the seed used to store.
    const demo = await phoneImageBytes(browser, "/", '[data-testid="must-reads"] img');
    const mustRead = demo.find((f) => f.url.includes("/seed/articles/"));
    report.demoCard = {
      downloaded: mustRead,
      svgBefore: illustrationSvg("A caption of two lines for the card", 1).length,
    };
  } finally {
    await browser.close();
  }
  const js = await pageJavascriptBytes(base + article.path);
  report.articlePageJavascript = { files: js.files.length, gzipBytes: js.gzipBytes, brotliBytes: js.brotliBytes };
  report.lighthouse = { "/": lighthouse("/", "home"), [article.path]: lighthouse(article.path, "article") };
} finally {
  await stopServer();
}
writeFileSync(path.join(results, "images.json"), JSON.stringify(report, null, 2));
console.log(JSON.stringify(report, null, 2));
