// Moderation in Chromium: a reader's review and comment wait; an admin approves the review (it becomes public)
// and deletes the comment (it is gone), at desktop and phone widths, with the pending count in the admin menu.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { DESKTOP, PHONE, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { getText, signInCookie, DEMO_PASSWORD } from "../setup/http-session";
import { newReader, postForm } from "../setup/attacker";
import { signInWithForm } from "../setup/shop-journeys";

let browser: Browser;
let ebookId: string;
let articleId: string;

beforeAll(async () => {
  browser = await connectBrowser();
  ebookId = /href="\/ebook\/([0-9a-f-]{36})"/.exec((await getText("/ebooks?access=free")).body)![1];
  articleId = /href="\/article\/([0-9a-f-]{36})"/.exec((await getText("/articles?access=free")).body)![1];
});
afterAll(async () => {
  await browser?.close();
});

/** A reader's review of the ebook and comment on the article, each carrying a tag of its own. */
async function submissions(tag: string) {
  const email = await newReader("mod-pass-1");
  const cookie = await signInCookie(email, "mod-pass-1");
  const review = await postForm(
    "/engagement",
    {
      intent: "review",
      contentType: "ebook",
      contentId: ebookId,
      rating: "4",
      title: `Review ${tag}`,
      body: `Loved it ${tag}`,
    },
    { cookie },
  );
  const comment = await postForm(
    "/engagement",
    { intent: "comment", articleId, body: `Buy cheap pills ${tag}` },
    { cookie },
  );
  expect(review.status).toBeLessThan(400);
  expect(comment.status).toBeLessThan(400);
}

describe("moderation", () => {
  for (const [name, viewport] of [
    ["1280 px", DESKTOP],
    ["390 px", PHONE],
  ] as const) {
    it(`an admin approves a review (it goes public) and deletes a comment (it is gone) (${name})`, async () => {
      const tag = `m${Date.now().toString(36)}${viewport.width}`;
      await submissions(tag);
      expect((await getText(`/ebook/${ebookId}`)).body).not.toContain(`Loved it ${tag}`);

      const { page, context, errors } = await newPage(browser, viewport);
      page.on("dialog", (dialog) => void dialog.accept());
      await signInWithForm(page, "admin@nuru.test", DEMO_PASSWORD);
      await page.goto("/admin");
      // The admin menu's link (the dashboard also has a link card for each screen).
      const moderation = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Moderation/ });
      const menu = await moderation.textContent();
      expect(Number(/waiting: (\d+)/.exec(menu ?? "")?.[1])).toBeGreaterThan(1);
      await moderation.click();
      await page.waitForURL((url) => url.pathname === "/admin/moderation");
      await waitForHydration(page);
      await expectAccessible(page);

      const review = page.getByTestId("pending-item").filter({ hasText: `Loved it ${tag}` });
      expect(await review.textContent()).toContain("4/5");
      await review.getByRole("button", { name: /^Approve/ }).click();
      await expect.poll(() => page.getByTestId("toast").textContent()).toContain("Review Approved");
      expect(
        await page
          .getByTestId("pending-item")
          .filter({ hasText: `Loved it ${tag}` })
          .count(),
      ).toBe(0);
      expect((await getText(`/ebook/${ebookId}`)).body).toContain(`Loved it ${tag}`);

      await page.getByRole("link", { name: /^Comments/ }).click();
      await page.waitForURL((url) => url.search === "?tab=comments");
      await expectAccessible(page);
      const comment = page.getByTestId("pending-item").filter({ hasText: `Buy cheap pills ${tag}` });
      await comment.getByRole("button", { name: /^Delete/ }).click();
      await expect.poll(() => page.getByTestId("toast").textContent()).toContain("Comment Deleted");
      expect(
        await page
          .getByTestId("pending-item")
          .filter({ hasText: `Buy cheap pills ${tag}` })
          .count(),
      ).toBe(0);
      expect((await getText(`/article/${articleId}`)).body).not.toContain(`Buy cheap pills ${tag}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
