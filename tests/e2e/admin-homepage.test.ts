// The home page editors in Chromium: an admin creates a hero slide with an uploaded image, publishes it and moves it
// first, and a guest's open home page shows it without a reload; the featured ad and a testimonial are saved with
// toasts; bad links are refused with the field's message; the slide's Swahili title shows on /sw (issue 50); the
// audit log lists each change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { DESKTOP, PHONE, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD, getText } from "../setup/http-session";
import { signInWithForm } from "../setup/shop-journeys";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const toast = (page: Page) => page.getByTestId("toast").last().textContent();
const expectToast = (page: Page, text: string) => expect.poll(() => toast(page), { timeout: 10_000 }).toContain(text);
/** Where the slide titled `title` stands in the admin's list (0 is first), or -1. */
const position = (page: Page, title: string) =>
  page.getByTestId("admin-slide").evaluateAll((rows, t) => rows.findIndex((r) => r.textContent?.includes(t)), title);

describe("home page editors", () => {
  for (const [name, viewport] of [
    ["1280 px", DESKTOP],
    ["390 px", PHONE],
  ] as const) {
    it(`an admin's hero slide shows on an open home page; ad and testimonial save with toasts (${name})`, async () => {
      const tag = `${Date.now().toString(36)}${viewport.width}`;
      const title = `Glow season ${tag}`;

      const guest = await newPage(browser, viewport);
      const subscribed = guest.page.waitForResponse((r) => new URL(r.url()).pathname === "/api/content-events");
      await guest.page.goto("/");
      await waitForHydration(guest.page);
      await subscribed;

      const { page, context, errors } = await newPage(browser, viewport);
      page.on("dialog", (dialog) => void dialog.accept());
      await signInWithForm(page, "admin@nuru.test", DEMO_PASSWORD);
      await page.goto("/admin/homepage");
      await waitForHydration(page);
      // Featured Ad opens first (spec).
      expect(await page.getByRole("link", { name: "Featured Ad" }).getAttribute("aria-current")).toBe("page");
      await expectAccessible(page);

      await page.getByRole("link", { name: "Hero Slides" }).click();
      await page.getByRole("link", { name: "New Slide" }).click();
      const form = page.getByRole("form", { name: "New Slide" });
      await form.getByLabel("Title", { exact: true }).fill(title);
      await form.getByLabel("Subtitle", { exact: true }).fill("Skin care for the dry months");
      await form
        .getByLabel("Upload image", { exact: true })
        .setInputFiles({ name: "glow.png", mimeType: "image/png", buffer: PNG });
      await expect.poll(() => form.getByText("Upload successful").isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await form.getByLabel("Image", { exact: true }).inputValue()).toMatch(/^\/media\/images\/.+\.png$/);
      await form.getByLabel("First button text", { exact: true }).fill("Read more");
      await form.getByLabel("First button link", { exact: true }).fill("javascript:alert(1)");
      await expectAccessible(page);
      await form.getByRole("button", { name: "Create Slide" }).click();
      expect(
        await form.getByText("Link must start with / (a page of the shop) or http:// or https://").isVisible(),
      ).toBe(true);
      await form.getByLabel("First button link", { exact: true }).fill("/articles");
      await form.getByRole("button", { name: "Create Slide" }).click();
      await expectToast(page, "Slide Created");
      const row = page.getByTestId("admin-slide").filter({ hasText: title });
      await row.waitFor();
      expect(await row.innerText()).toContain("Draft");
      expect(await guest.page.getByTestId("hero").textContent()).not.toContain(title);

      await row.getByRole("button", { name: `Publish ${title}` }).click();
      await expectToast(page, "Slide Published");
      // Moved to the top, so it is the slide a visitor sees first.
      for (let at = await position(page, title); at > 0; at--) {
        await row.getByRole("button", { name: `Move ${title} up` }).click();
        await expect.poll(() => position(page, title), { timeout: 10_000 }).toBe(at - 1);
      }
      await expectToast(page, "Slide Moved");
      const firstSlide = guest.page.locator('[aria-roledescription="slide"]').first();
      await expect.poll(() => firstSlide.textContent(), { timeout: 10_000 }).toContain(title);
      expect((await getText("/")).body).toContain(title);

      await row.getByRole("link", { name: `Edit ${title}` }).click();
      const edit = page.getByRole("form", { name: "Edit Slide" });
      await edit.getByLabel("Title", { exact: true }).fill(`${title} edited`);
      const swahiliTitle = `Ngozi yenye afya msimu huu ${tag}`;
      await edit.getByLabel("Title in Swahili", { exact: true }).fill(swahiliTitle);
      await edit.getByRole("button", { name: "Update Slide" }).click();
      await expectToast(page, "Slide Updated");
      await expect.poll(() => firstSlide.textContent(), { timeout: 10_000 }).toContain(`${title} edited`);
      // Her Swahili title on the Swahili home page, the English one on the English page; on /sw the words she left
      // in English are marked so, and the button goes to the Swahili page.
      const swahiliHome = (await getText("/sw")).body;
      expect(swahiliHome).toContain(`>${swahiliTitle}</h2>`);
      expect(swahiliHome).not.toContain(`${title} edited`);
      expect(swahiliHome).toContain('<p class="slide-sub" lang="en">Skin care for the dry months</p>');
      const readMore = /<a [^>]*>Read more<\/a>/.exec(swahiliHome)?.[0] ?? "";
      expect(readMore).toContain('href="/sw/articles"');
      expect(readMore).toContain('lang="en"');
      const englishHome = (await getText("/")).body;
      expect(englishHome).toContain(`${title} edited`);
      expect(englishHome).not.toContain(swahiliTitle);
      await page.getByRole("link", { name: `Edit ${title} edited` }).click();
      expect(await page.getByLabel("Title in Swahili", { exact: true }).inputValue()).toBe(swahiliTitle);

      // The Files screen says where the uploaded image is used, so it is not offered for removal.
      await page.goto("/admin/media");
      const file = page.getByTestId("media-file").filter({ hasText: "glow.png" }).first();
      expect(await file.innerText()).toContain(`Used by ${title} edited`);
      expect(await file.getByRole("button", { name: /^Remove/ }).count()).toBe(0);
      await expectAccessible(page);
      await page.goto("/admin/homepage");
      await page.getByRole("link", { name: "Featured Ad" }).click();
      const ad = page.getByRole("form", { name: "Featured Ad" });
      await ad.getByLabel("Headline", { exact: true }).fill(`Featured ${tag}`);
      await ad.getByRole("button", { name: "Save Featured Ad" }).click();
      await expectToast(page, "Featured Ad Saved");
      await expect.poll(() => guest.page.getByText(`Featured ${tag}`).isVisible(), { timeout: 10_000 }).toBe(true);

      await page.getByRole("link", { name: "Testimonials" }).click();
      await page.getByRole("link", { name: "New Testimonial" }).click();
      const quote = page.getByRole("form", { name: "New Testimonial" });
      await quote.getByLabel("Name", { exact: true }).fill(`Achieng ${tag}`);
      await quote.getByLabel("Testimonial", { exact: true }).fill("The hips programme fits my evenings.");
      await quote.getByLabel("Rating", { exact: true }).selectOption("4");
      await quote.getByLabel("Published", { exact: true }).check();
      await quote.getByRole("button", { name: "Create Testimonial" }).click();
      await expectToast(page, "Testimonial Created");
      await expect.poll(() => guest.page.getByText(`Achieng ${tag}`).isVisible(), { timeout: 10_000 }).toBe(true);

      await page.goto("/admin/homepage?tab=hero");
      await page
        .getByTestId("admin-slide")
        .filter({ hasText: title })
        .getByRole("button", { name: /^Delete/ })
        .click();
      await expectToast(page, "Slide Deleted");
      await expect.poll(() => guest.page.getByTestId("hero").textContent(), { timeout: 10_000 }).not.toContain(title);

      await page.goto("/admin/activity");
      const log = page.getByTestId("activity");
      for (const entry of [
        `created: ${title}`,
        `reordered: ${title}`,
        `updated: ${title} edited`,
        `deleted: ${title} edited`,
        `Featured ${tag}`,
        `Achieng ${tag}`,
      ])
        expect(await log.filter({ hasText: entry }).count(), entry).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      expect(guest.errors).toEqual([]);
      await context.close();
      await guest.context.close();
    });
  }
});
