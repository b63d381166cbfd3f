import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser, downloadedBytes } from "../setup/shared-browser";
import { newReader } from "../setup/attacker";
import { PHONE, expectAccessible, newPage, waitForHydration } from "../setup/pages";

// A reader's data rights on a phone (issue 35): from her account she downloads her data, deletes her account with
// her password, and cannot sign in again.
let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = "right-pass-1";

async function signIn(page: Page, email: string) {
  await page.goto("/signin");
  await waitForHydration(page);
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

describe("a reader's data rights at 390 px", () => {
  it("downloads her data, deletes her account, and can no longer sign in", async () => {
    const email = await newReader(PASSWORD);
    const { page, context, errors } = await newPage(browser, PHONE);
    await signIn(page, email);
    await page.waitForURL((url) => url.pathname === "/home");

    await page.goto("/account");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Your data" });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^nuru-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse((await downloadedBytes(download)).toString("utf8"));
    expect(data.profile).toMatchObject({ email, fullName: "Test Reader" });
    expect(data.signIn.sessions.length).toBeGreaterThan(0);

    await section.getByRole("link", { name: "Delete my account" }).click();
    await page.waitForURL((url) => url.pathname === "/account/delete");
    await expect.poll(() => page.getByRole("heading", { name: "Delete my account" }).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.getByLabel("Your password", { exact: true }).fill("not-my-password");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "That password does not match your account" }).count())
      .toBe(1);
    await page.getByLabel("Your password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Delete my account" }).click();
    // She lands on the home page signed out, told so: the delete page is an islands page (ADR 045), so the form is a
    // plain post and the home page a document load, with the toast in the server's HTML.
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByText("Your account has been deleted").isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("link", { name: "Sign In" }).first().isVisible()).toBe(true);

    // Signed out, and her password no longer opens anything.
    await page.goto("/account");
    await expect.poll(() => page.getByRole("heading", { name: "Sign In Required" }).isVisible()).toBe(true);
    await signIn(page, email);
    await expect.poll(() => page.getByText("Invalid email or password.").first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
