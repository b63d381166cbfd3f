import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect, inject } from "vitest";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export function baseUrl(): string {
  return inject("baseUrl");
}

export async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context: BrowserContext = await browser.newContext({ viewport, baseURL: baseUrl() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return { context, page, errors };
}

/** Fails the test with the list of violations when axe finds any accessibility problem. */
export async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/** Waits until React has hydrated, so client behaviour (scroll listeners, buttons) is live. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules,
  );
  await page.waitForLoadState("networkidle");
}

/**
 * Scrolls to a section and waits until React renders the element inside it (forms at the bottom of a page load
 * when the reader gets near them).
 */
export async function waitForInteractive(page: Page, section: string, selector: string) {
  await page.locator(section).scrollIntoViewIfNeeded();
  await page.waitForFunction((sel) => {
    const element = document.querySelector(sel);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
  }, `${section} ${selector}`);
}
