// Categories in Chromium: an admin creates one (the address follows the name), finds it on the public grid, edits
// it (the old address then answers 301 to the new one), is told when nothing changed or the name is empty, cannot
// delete one still in use, and deletes her own (its old address goes too).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { DESKTOP, PHONE, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD, getText } from "../setup/http-session";
import { signInWithForm } from "../setup/shop-journeys";
import { raw } from "../setup/attacker";

let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page) => page.getByTestId("toast").last().textContent();

describe("categories", () => {
  for (const [name, viewport] of [
    ["1280 px", DESKTOP],
    ["390 px", PHONE],
  ] as const) {
    it(`an admin creates, edits and deletes a category; one in use is kept (${name})`, async () => {
      const tag = `${Date.now().toString(36)}${viewport.width}`;
      const title = `Mama Care ${tag}`;
      const { page, context, errors } = await newPage(browser, viewport);
      page.on("dialog", (dialog) => void dialog.accept());
      await signInWithForm(page, "admin@nuru.test", DEMO_PASSWORD);
      await page.goto("/admin/categories");
      await waitForHydration(page);
      await expectAccessible(page);

      await page.getByRole("button", { name: "New Category" }).click();
      const dialog = page.getByRole("dialog", { name: "New Category" });
      await dialog.getByRole("button", { name: "Save Category" }).click();
      expect(await dialog.getByText("Category name cannot be empty.").isVisible()).toBe(true);
      await dialog.getByLabel("Name", { exact: true }).fill(`${title} & Recovery`);
      expect(await dialog.getByText(`/category/mama-care-${tag}-recovery`).isVisible()).toBe(true);
      await dialog.getByLabel("Description (optional)").fill("Caring for yourself after birth.");
      // Her Swahili words, for the Swahili pages (ADR 048); the English pages keep the English name.
      await dialog.getByLabel("Name in Swahili (optional)").fill(`Huduma ya Mama ${tag}`);
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Save Category" }).click();
      await expect.poll(() => toast(page)).toContain("Category Created");
      const row = page.getByTestId("admin-category").filter({ hasText: title });
      await row.waitFor();
      expect((await getText("/categories")).body).toContain(`${title} &amp; Recovery`);
      expect((await getText("/categories")).body).not.toContain(`Huduma ya Mama ${tag}`);
      const swahili = (await getText("/sw/categories")).body;
      expect(swahili).toContain(`Huduma ya Mama ${tag}`);
      expect(swahili).not.toContain(`${title} &amp; Recovery`);
      expect((await getText(`/category/mama-care-${tag}-recovery`)).status).toBe(200);

      await row.getByRole("button", { name: /^Edit/ }).click();
      const edit = page.getByRole("dialog", { name: "Edit Category" });
      await edit.getByRole("button", { name: "Save Category" }).click();
      await expect.poll(() => toast(page)).toContain("No Changes");
      await row.getByRole("button", { name: /^Edit/ }).click();
      await edit.getByLabel("Name", { exact: true }).fill(title);
      await edit.getByLabel("Name in Swahili (optional)").fill(`Afya ya Mama ${tag}`);
      expect(await edit.getByText(`Links to /category/mama-care-${tag}-recovery will lead here.`).isVisible()).toBe(
        true,
      );
      await edit.getByRole("button", { name: "Save Category" }).click();
      await expect.poll(() => toast(page)).toContain("Category Updated");
      await expect.poll(() => row.textContent()).toContain(`/category/mama-care-${tag}`);
      expect((await getText(`/category/mama-care-${tag}`)).status).toBe(200);
      // The Swahili list shown (and cached) before the edit says the new Swahili name.
      expect((await getText("/sw/categories")).body).toContain(`Afya ya Mama ${tag}`);
      expect((await getText(`/sw/category/mama-care-${tag}`)).body).toContain(`Afya ya Mama ${tag}</h1>`);
      // The address shared before the rename (and kept by the guest page cache as a 200 above) moves for good,
      // query and all, in one hop; a browser following it lands on the category.
      const moved = await raw(`/category/mama-care-${tag}-recovery?page=1&utm_source=whatsapp`);
      expect(moved.status).toBe(301);
      expect(moved.headers.get("location")).toBe(`/category/mama-care-${tag}?page=1&utm_source=whatsapp`);
      expect(moved.headers.get("x-guest-cache")).toBeNull();
      // The old Swahili address moves to the Swahili one.
      const movedSw = await raw(`/sw/category/mama-care-${tag}-recovery`);
      expect(movedSw.status).toBe(301);
      expect(movedSw.headers.get("location")).toBe(`/sw/category/mama-care-${tag}`);
      await page.goto(`/category/mama-care-${tag}-recovery`);
      expect(new URL(page.url()).pathname).toBe(`/category/mama-care-${tag}`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      await page.goto("/admin/categories");
      await waitForHydration(page);

      const used = page.getByTestId("admin-category").filter({ hasText: "/category/weight-loss" });
      await used.getByRole("button", { name: /^Delete/ }).click();
      await expect.poll(() => toast(page)).toContain("Check if it's linked to existing articles/ebooks.");
      expect(await toast(page)).toContain("Error Deleting Category");
      expect(await used.count()).toBe(1);

      await row.getByRole("button", { name: /^Delete/ }).click();
      await expect.poll(() => toast(page)).toContain("Category Deleted");
      await expect.poll(() => row.count()).toBe(0);
      expect((await getText(`/category/mama-care-${tag}`)).status).toBe(404);
      expect((await getText(`/category/mama-care-${tag}-recovery`)).status).toBe(404);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
