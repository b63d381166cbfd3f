import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect, inject } from "vitest";
import { e2eWorkerIndex } from "./e2e-workers";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** The shared app of the worker running this file (tests/setup/e2e-workers.ts). */
export function baseUrl(): string {
  const urls = inject("baseUrls");
  return urls[e2eWorkerIndex(urls.length)];
}

/** That app's data directory (the leak suite reads the stored file keys to guess at them). */
export function sharedDataDir(): string {
  const dirs = inject("dataDirs");
  return dirs[e2eWorkerIndex(dirs.length)];
}

interface HydrationProbe {
  __nuruHydrated?: boolean;
}

interface FiberRoot {
  current?: { memoizedState?: { isDehydrated?: boolean } | null };
}

/**
 * Runs in every document before its scripts: a minimal stand-in for the React DevTools hook, through which React
 * reports its commits in production builds too. Notes when the commit that finished hydrating the page (its root
 * no longer dehydrated) has run its effects, so listeners set up in useEffect are live.
 */
function hydrationProbe() {
  const probe = window as unknown as HydrationProbe & { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
  if (probe.__REACT_DEVTOOLS_GLOBAL_HOOK__) return;
  probe.__nuruHydrated = false;
  // Methods only, no arrow functions: tsx (keepNames) would wrap those in a helper the page does not have.
  probe.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() {
      return 1;
    },
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot(_id: number, root: FiberRoot) {
      if (root.current?.memoizedState?.isDehydrated === false) probe.__nuruHydrated = true;
    },
  };
}

/** Lets waitForHydration work on the pages of a context that newPage did not create. */
export async function trackHydration(context: BrowserContext) {
  await context.addInitScript(hydrationProbe);
}

/**
 * A new context and its page. It browses from its test file's client address (shared-browser.ts), or from `from`
 * (a test that uses up a per-address limit on purpose does so from an address of its own).
 */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number },
  { from }: { from?: string } = {},
) {
  const context: BrowserContext = await browser.newContext({
    viewport,
    baseURL: baseUrl(),
    ...(from ? { extraHTTPHeaders: { "X-Forwarded-For": from } } : {}),
  });
  await trackHydration(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return { context, page, errors };
}

/** axe-core's browser build, read once per test file and sent to each page that is checked. */
let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Fails the test with the list of violations when axe finds any accessibility problem. It runs axe-core itself in
 * the page (what @axe-core/playwright's legacy mode does), sending its 650 KB source once per document: the wrapper
 * sent it twice and again to each frame (waiting up to a second on each cross-origin video frame it cannot enter),
 * and sending and compiling the source twice was about half of a check's cost (docs/benchmarks-history.md, "Fewer
 * core-seconds per journey"). Our pages' only frames are such videos; axe checks their frame element (its title)
 * from the page.
 */
export async function expectAccessible(page: Page) {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
    };
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map(({ id, help, nodes }) => ({
      id,
      help,
      nodes: nodes.map((n) => ({ target: n.target })),
    }));
  });
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, `axe: ${summary.join("; ")}`).toEqual([]);
}

/**
 * Waits until React has hydrated the page and run its effects, so client behaviour (scroll listeners, buttons)
 * is live. It does not wait for the network to be idle: the home page keeps an event stream open.
 */
export async function waitForHydration(page: Page) {
  // An islands page (ADR 045) has no React in the browser: it is interactive once its one script has run (a module
  // script runs before the load event).
  if (await page.evaluate(() => document.querySelector("script[data-islands]") !== null)) {
    await page.waitForFunction(() => document.readyState === "complete");
    return;
  }
  const tracked = await page.evaluate(() => typeof (window as HydrationProbe).__nuruHydrated === "boolean");
  if (!tracked) throw new Error("waitForHydration needs a page from newPage() or a context with trackHydration()");
  await page.waitForFunction(() => (window as HydrationProbe).__nuruHydrated === true);
}

/**
 * Waits until a scroll just made has been handled: the scroll event fires in the next frame, the page reads the
 * position in that frame's animation callback, and React renders the new state in a task after it. Three frames
 * and a task later, whatever the scroll changes is on screen, so a check that something did NOT change is fair.
 */
export async function afterScrollHandled(page: Page) {
  await page.evaluate(async () => {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/**
 * Scrolls to a section and waits until React renders the element inside it (forms at the bottom of a page load
 * when the reader gets near them).
 */
export async function waitForInteractive(page: Page, section: string, selector: string) {
  await page.locator(section).scrollIntoViewIfNeeded();
  // An islands page (ADR 045): the element is in the server's HTML and its script listens once the page has loaded.
  if (await page.evaluate(() => document.querySelector("script[data-islands]") !== null)) {
    await page.waitForFunction(() => document.readyState === "complete");
    await page.locator(`${section} ${selector}`).first().waitFor();
    return;
  }
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  }, `${section} ${selector}`);
}
