// Screenshots for a person to open and judge, at 390 px and 1280 px (DEVELOPERS.md: "look at your screens"). They are
// taken only when SHOTS_DIR is set (`SHOTS_DIR=/tmp/shots npx vitest run --project e2e ...`): no test reads them,
// and a full-page PNG costs about a core-second to encode, which the whole suite paid on every run for nobody
// (docs/benchmarks-history.md, "Fewer core-seconds per journey").
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { DESKTOP, PHONE } from "./pages";

/** Saves the page as `<SHOTS_DIR>/<name>.png` (name may hold a folder), when SHOTS_DIR is set. */
export async function saveScreenshot(page: Page, name: string, { fullPage = false } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const file = path.join(dir, `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage });
}

/** The whole page at 390 px and at 1280 px (`<name>-390.png`, `<name>-1280.png`), then back to the phone. */
export async function saveScreenshotsAtBothWidths(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  for (const [label, viewport] of [
    ["390", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await saveScreenshot(page, `${name}-${label}`, { fullPage: true });
  }
  await page.setViewportSize(PHONE);
}
