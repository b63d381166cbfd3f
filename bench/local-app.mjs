// What the browser benches (bench:app, bench:images) share: the build, a built app started on loopback with a fresh
// PGlite data directory (the demo shop seeds itself), and Lighthouse runs that try again when Lighthouse fails to
// record a trace on a busy machine. Chromium and its flags are the test suite's (tests/setup/browser.ts).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CHROME_ARGS, findChrome } from "../tests/setup/browser.ts";

export const root = path.resolve(import.meta.dirname, "..");

/** `npm run build` unless the bench was given --no-build; exits on a failed build. */
export function buildUnlessAsked() {
  if (process.argv.includes("--no-build")) return;
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(1);
}

/**
 * Starts the built app on 127.0.0.1:port with a fresh data directory; `ready()` waits for /healthz. `quiet`: the
 * server's log is not shown.
 */
export function startLocalApp(port, dataDirPrefix, { quiet = false } = {}) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), dataDirPrefix));
  const server = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
    },
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
  });
  return { base, server, dataDir, stop: () => stopServer(server), ready: () => waitHealthy(base, 180_000) };
}

/** Posts the demo reader's sign-in form (the real one, as a browser without JavaScript would) to the app at `base`. */
export function postSignIn(base, email) {
  return fetch(`${base}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signin", email, password: "nuru-demo-2026" }).toString(),
  });
}

/** Signs a demo account in through the real form and returns the session cookie header. */
export async function signInCookie(base, email) {
  const res = await postSignIn(base, email);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!cookies.some((c) => c.includes("session_token"))) throw new Error(`bench sign-in failed: ${res.status}`);
  return cookies.filter((c) => !c.startsWith("nuru_flash")).join("; ");
}

/** Asks `check` every half second until it answers true; throws after `ms` (a rejection counts as not yet). */
export async function until(what, check, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Waits until the server at `base` answers /healthz with 200, for at most `timeoutMs`. */
export async function waitHealthy(base, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).status === 200) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("server did not become ready");
}

/** Stops a server process with SIGTERM; resolves once it has exited. */
export function stopServer(server) {
  return new Promise((resolve) => {
    server.on("exit", resolve);
    server.kill("SIGTERM");
  });
}

/**
 * Lighthouse (mobile, default throttling) on `url`, its JSON written to `out`; up to three attempts. In the whole
 * browser, as a reader's Chrome (the tests' headless shell is lighter, and scores would not compare with earlier runs).
 */
export function runLighthouse(url, out, { args = [], timeout, chrome = findChrome({ full: true }) }) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    // Lighthouse sometimes fails to record a trace (NO_NAVSTART) on a busy machine; try again.
    const run = spawnSync(
      "npx",
      [
        "lighthouse",
        url,
        `--chrome-flags=${CHROME_ARGS.join(" ")}`,
        "--output=json",
        `--output-path=${out}`,
        "--quiet",
        ...args,
      ],
      { cwd: root, stdio: "inherit", env: { ...process.env, CHROME_PATH: chrome }, timeout },
    );
    if (run.status === 0) return;
  }
  throw new Error(`lighthouse failed on ${url}`);
}

/** The demo shop is seeded after /healthz answers: waits until its ebooks are listed. */
export async function waitSeeded(base, ms = 180_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/ebooks`).catch(() => null);
    if (res?.status === 200 && (await res.text()).includes('href="/ebook/')) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("demo content did not load");
}

/** The first link on `page` whose href starts with `prefix` (the shop's own demo content). */
export async function firstLink(base, page, prefix) {
  const html = await (await fetch(`${base}${page}`)).text();
  const m = html.match(new RegExp(`href="(${prefix.replace(/\//g, "\\/")}[^"#?]+)"`));
  if (!m) throw new Error(`no link to ${prefix}… on ${page}`);
  return m[1];
}

/** The public pages both browser benches measure, each with its address in the demo shop (after waitSeeded). */
export async function publicPages(base) {
  return [
    ["home", "/"],
    ["articles", "/articles"],
    ["article", await firstLink(base, "/articles", "/article/")],
    ["ebooks", "/ebooks"],
    ["ebook", await firstLink(base, "/ebooks", "/ebook/")],
    ["pricing", "/pricing"],
    ["categories", "/categories"],
  ];
}
