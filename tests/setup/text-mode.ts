// What a text-mode journey reads off the page, in either language (tests/e2e/ebook-text.test.ts and
// swahili-text-mode.test.ts).
import type { Page } from "playwright-core";

/** Computed font size of the body text, in px. */
export const bodyFontSize = (page: Page) =>
  page
    .locator("[data-block] p")
    .first()
    .evaluate((p) => Number.parseFloat(getComputedStyle(p).fontSize));

/** The paragraph at the top of the reading area: where she is. */
export const topBlock = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.querySelector("[data-text-scroller]")!;
    const top = scroller.getBoundingClientRect().top;
    const block = [...document.querySelectorAll<HTMLElement>("[data-block]")].find(
      (b) => b.getBoundingClientRect().bottom > top + 4,
    );
    return Number(block?.dataset.block ?? -1);
  });
