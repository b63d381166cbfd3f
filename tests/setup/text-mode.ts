// What a text-mode journey reads off the page, in either language (tests/e2e/ebook-text.test.ts and
// swahili-text-mode.test.ts).
import type { Page } from "playwright-core";
import { ebooks as demoEbooks } from "~/db/seed/content-data";
import { getText } from "./http-session";

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

/** The demo buyer's ebook: the first priced one in the demo catalogue (app/db/seed/demo.ts), with a text edition. */
export const boughtEbook = demoEbooks.find((e) => e.price !== null && Number(e.price) > 0)!;

/** Its id in the running shop, found by its title on the ebook list. */
export async function boughtEbookId(): Promise<string> {
  const { body } = await getText(`/ebooks?q=${encodeURIComponent(boughtEbook.title)}`);
  return /href="\/ebook\/([0-9a-f-]{36})"/.exec(body)![1];
}
