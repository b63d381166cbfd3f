import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

// Chromium's headless shell first: on the 2-core machine a new context and page cost it about a third of the CPU
// the full browser's headless mode spends (which builds a whole browser window per tab), and a page load half.
const HEADLESS_SHELL = ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium-headless-shell"];

const FULL_BROWSERS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

export const CHROME_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * CHROME_PATH, then the usual system paths: the headless shell unless `full` (what only the whole browser does, such
 * as its installability check). Never skips silently: no browser is a failure.
 */
export function findChrome({ full = false } = {}): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  const found = (full ? FULL_BROWSERS : [...HEADLESS_SHELL, ...FULL_BROWSERS]).find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      "No Chromium found for the end-to-end tests. Install one with " +
        "`sudo apt-get install -y chromium chromium-headless-shell` " +
        "(Debian/Ubuntu) or point CHROME_PATH at a Chrome/Chromium binary.",
    );
  }
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChrome(), args: CHROME_ARGS, headless: true });
}
