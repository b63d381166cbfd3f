import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { DESKTOP, PHONE, baseUrl, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { newReader } from "../setup/attacker";
import { asGooglePerson } from "../setup/google-person";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DEMO_PASSWORD = "nuru-demo-2026";
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@nuru.test`;

/** The newest link in the dev outbox sent to this address whose text contains `hint`. */
async function linkFromOutbox(page: Page, to: string, hint: string): Promise<string> {
  await page.goto("/dev/mail");
  const mail = page
    .getByTestId("outbox-mail")
    .filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) })
    .first();
  const href = await mail.getByRole("link").filter({ hasText: hint }).first().getAttribute("href");
  expect(href).toBeTruthy();
  return href!;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await waitForHydration(page);
  await page.locator("#signin-email").fill(email);
  await page.locator("#signin-password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

describe.each([
  ["phone", PHONE],
  ["desktop", DESKTOP],
])("accounts on %s", (_label, viewport) => {
  it("signs up, confirms through the outbox, signs in, renames, and signs out", async () => {
    const { page, context } = await newPage(browser, viewport);
    const email = unique("amani");
    // The sign-in dialog opens on the pages that run React (the home page and the lists do not, ADR 045: there the
    // link opens the sign-in page, tests/e2e/islands.test.ts).
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.getByRole("heading", { name: "Welcome" }).isVisible()).toBe(true);
    await dialog.getByRole("tab", { name: "Sign Up" }).click();
    await dialog.locator("#signup-fullName").fill("Amani Njoroge");
    await dialog.locator("#signup-email").fill(email);
    await dialog.locator("#signup-password").fill("sunrise-walk");
    await dialog.locator("#signup-confirmPassword").fill("sunrise-wal");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => dialog.getByText("Passwords do not match").isVisible()).toBe(true);
    await dialog.locator("#signup-confirmPassword").fill("sunrise-walk");
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await expect
      .poll(() =>
        dialog.getByText("Account created successfully! Please check your email to confirm your account.").isVisible(),
      )
      .toBe(true);
    // The filled form gives way to the check-your-mail state, with Resend (issue 29 item 13).
    expect(await dialog.getByRole("button", { name: "Create Account" }).count()).toBe(0);
    expect(await dialog.locator("#signup-password").count()).toBe(0);
    expect(await dialog.getByRole("heading", { name: "Check your email" }).isVisible()).toBe(true);
    expect(await dialog.getByText(email, { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Resend confirmation email" }).click();
    await expect
      .poll(() =>
        dialog.getByText("If that account still needs confirming, a new confirmation link is on its way.").isVisible(),
      )
      .toBe(true);
    expect(await dialog.getByRole("heading", { name: "Check your email" }).isVisible()).toBe(true);

    // Not confirmed yet: told why, with a way to resend.
    await signIn(page, email, "sunrise-walk");
    await expect
      .poll(() => page.getByText("Please confirm your email address before signing in.", { exact: false }).isVisible())
      .toBe(true);
    expect(await page.getByRole("button", { name: "Resend confirmation email" }).isVisible()).toBe(true);

    // The link opens a page that asks for the sign-up's password: opening it alone confirms nothing.
    const confirm = await linkFromOutbox(page, email, "/confirm-email");
    await page.goto(confirm);
    expect(await page.getByRole("heading", { name: "Confirm your email" }).isVisible()).toBe(true);
    await expectAccessible(page);
    await page.locator("#confirm-password").fill("wrong-password");
    await page.getByRole("button", { name: "Confirm and Sign In" }).click();
    await expect
      .poll(() => page.getByText("That password does not match this account.", { exact: false }).isVisible())
      .toBe(true);
    await page.locator("#confirm-password").fill("sunrise-walk");
    await page.getByRole("button", { name: "Confirm and Sign In" }).click();
    await page.waitForURL(/\/home$/);
    await expect
      .poll(() => page.getByTestId("toast").innerText())
      .toContain("Your email address is confirmed. Welcome to Nuru!");
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name.includes("session_token"))!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe("Lax");

    await page.goto("/account");
    expect(await page.locator("#account-email").inputValue()).toBe(email);
    // Issue 46, item 22: a signed-in reader with no plan is a "Reader" with her name, never "Guest".
    expect(await page.locator("#account-role").inputValue()).toBe("Reader");
    expect(await page.getByTestId("account-name").innerText()).toBe("Amani Njoroge");
    await page.locator("#account-fullName").fill("Amani W. Njoroge");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await expect.poll(() => page.getByTestId("toast").innerText()).toContain("Profile updated");
    await page.reload();
    expect(await page.locator("#account-fullName").inputValue()).toBe("Amani W. Njoroge");
    expect(await page.getByTestId("account-name").innerText()).toBe("Amani W. Njoroge");
    await expectAccessible(page);

    await waitForHydration(page);
    await page.getByRole("button", { name: "Account menu" }).click();
    const menu = page.getByRole("menu");
    expect(await menu.innerText()).toContain("Amani W. Njoroge");
    expect(await menu.innerText()).toContain(email);
    // Issue 46, item 22: signed in, she is never labelled "Guest".
    expect(await menu.innerText()).not.toContain("Guest");
    expect(await menu.getByRole("menuitem", { name: "Admin Dashboard" }).count()).toBe(0);
    await menu.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await expect.poll(() => page.getByRole("banner").getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);
    await page.goto("/account");
    expect(await page.getByRole("heading", { name: "Sign In Required" }).isVisible()).toBe(true);
    await context.close();
  });
});

describe("password reset", () => {
  it("resets a forgotten password through the outbox; the link works once and ends other sessions", async () => {
    const elsewhere = await newPage(browser, DESKTOP);
    await signIn(elsewhere.page, "reader@nuru.test", DEMO_PASSWORD);
    await elsewhere.page.waitForURL(/\/home$/);
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/signin");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    expect(await page.getByRole("heading", { name: "Reset Password" }).isVisible()).toBe(true);
    // On the sign-in page its own links switch the panel; no dialog opens over it (even once its code has loaded).
    await page.waitForLoadState("networkidle");
    expect(await page.locator("dialog[open]").count()).toBe(0);
    await page.locator("#reset-email").fill("reader@nuru.test");
    await page.getByRole("button", { name: "Send Reset Email" }).click();
    await expect
      .poll(() => page.getByText("Password reset email sent! Please check your email.").isVisible())
      .toBe(true);

    const link = await linkFromOutbox(page, "reader@nuru.test", "/reset-password");
    await page.goto(link);
    await page.locator("#new-password").fill("new-reader-pass");
    await page.locator("#new-confirmPassword").fill("new-reader-pass");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.waitForURL(/\/signin\?reset=1/);
    await signIn(page, "reader@nuru.test", "new-reader-pass");
    await page.waitForURL(/\/home$/);
    await elsewhere.page.goto("/account");
    expect(await elsewhere.page.getByRole("heading", { name: "Sign In Required" }).isVisible()).toBe(true);
    await elsewhere.context.close();

    const again = await newPage(browser, PHONE);
    await again.page.goto(link);
    await again.page.locator("#new-password").fill("another-pass");
    await again.page.locator("#new-confirmPassword").fill("another-pass");
    await again.page.getByRole("button", { name: "Set New Password" }).click();
    await expect
      .poll(() => again.page.getByText("This reset link is invalid or has expired.", { exact: false }).isVisible())
      .toBe(true);
    await again.context.close();

    // The same answer for an unknown address.
    await page.goto("/signout");
    await context.clearCookies();
    await page.goto("/signin?view=reset");
    await waitForHydration(page);
    await page.locator("#reset-email").fill("nobody-here@nuru.test");
    await page.getByRole("button", { name: "Send Reset Email" }).click();
    await expect
      .poll(() => page.getByText("Password reset email sent! Please check your email.").isVisible())
      .toBe(true);
    await context.close();
  });
});

/** The sign-in code in the newest mail to this address (the code leads the subject). */
async function codeFromOutbox(page: Page, to: string): Promise<string> {
  await page.goto("/dev/mail");
  const mail = page
    .getByTestId("outbox-mail")
    .filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) })
    .first();
  const code = /^(\d{6}) is your Nuru sign-in code$/.exec((await mail.getByRole("heading").innerText()).trim())?.[1];
  expect(code).toBeTruthy();
  return code!;
}

describe("sign in with a code by e-mail (ADR 040)", () => {
  it("on a phone: asks for a code, a wrong one says the tries left, the right one signs her in where she was going", async () => {
    const email = await newReader("code-reader-1");
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/signin?redirectTo=%2Fbookmarks");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Email me a sign-in code" }).click();
    expect(await page.getByRole("heading", { name: "Sign in with a code" }).isVisible()).toBe(true);
    // A mistyped address: she starts again with another (the answer never says whether it has an account).
    await page.locator("#code-request-email").fill(`typo-${email}`);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Check your email" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Use another email address" }).click();
    expect(await page.getByRole("heading", { name: "Check your email" }).count()).toBe(0);
    await page.locator("#code-request-email").fill(email);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Check your email" }).isVisible()).toBe(true);
    expect(await page.getByText(`We sent a 6-digit code to ${email}.`, { exact: false }).isVisible()).toBe(true);
    expect(await page.locator("#code-code").getAttribute("autocomplete")).toBe("one-time-code");
    expect(await page.locator("#code-code").getAttribute("inputmode")).toBe("numeric");
    await expectAccessible(page);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The mail is read in another tab (as she would switch to her mail app).
    const mailTab = await context.newPage();
    const code = await codeFromOutbox(mailTab, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await page.locator("#code-code").fill(wrong);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect.poll(() => page.getByText("That code is not right. You have 4 tries left.").isVisible()).toBe(true);
    expect(await page.getByText(email, { exact: true }).isVisible()).toBe(true);
    await page.locator("#code-code").fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(/\/bookmarks$/);
    await expect.poll(() => page.getByTestId("toast").innerText()).toContain("Signed in successfully!");
    await page.goto("/account");
    expect(await page.locator("#account-email").inputValue()).toBe(email);
    await context.close();
  });

  it("works without JavaScript, and an address without an account gets the same pages", async () => {
    const email = await newReader("code-reader-2");
    const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/signin?redirectTo=%2Faccount");
    await page.getByRole("link", { name: "Email me a sign-in code" }).click();
    await page.locator("#code-request-email").fill("nobody-by-code@nuru.test");
    await page.getByRole("button", { name: "Email me a code" }).click();
    await page.getByText("We sent a 6-digit code to nobody-by-code@nuru.test.", { exact: false }).waitFor();
    await page.locator("#code-code").fill("123456");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("That code is not right. You have 4 tries left.").waitFor();

    await page.goto("/signin?view=code&redirectTo=%2Faccount");
    await page.locator("#code-request-email").fill(email);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await page.getByText(`We sent a 6-digit code to ${email}.`, { exact: false }).waitFor();
    const code = await codeFromOutbox(await context.newPage(), email);
    await page.locator("#code-code").fill(code);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(/\/account$/);
    expect(await page.locator("#account-email").inputValue()).toBe(email);
    await context.close();
  });
});

describe("Google sign-in", () => {
  it("signs in through the OAuth stand-in and returns to the site root", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto("/signin");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Account menu" }).click();
    expect(await page.getByRole("menu").innerText()).toContain("wanjiku.google@nuru.test");
    await context.close();
  });

  it("sets the language her account keeps, as a password sign-in does, and leaves the English landing", async () => {
    const email = unique("zawadi.google");
    const person = { sub: `google-${email}`, email, name: "Zawadi Achieng" };
    const offer = "Ukurasa huu upo pia kwa Kiswahili.";
    const languageCookie = async (context: BrowserContext) =>
      (await context.cookies()).find((c) => c.name === "nuru_lang")?.value;
    await asGooglePerson(person, async () => {
      // Her first Google sign-in makes her account, with no language of its own: no cookie. She saves Swahili.
      const first = await newPage(browser, DESKTOP);
      await googleFromEnglishSignIn(first.page);
      expect(await languageCookie(first.context)).toBeUndefined();
      await first.page.goto("/account");
      await first.page.getByLabel("The shop's language for you").selectOption("sw");
      await first.page.getByRole("button", { name: "Save language" }).click();
      await expect.poll(() => first.page.getByTestId("toast").textContent()).toContain("Lugha imehifadhiwa");
      await first.context.close();

      // Another browser, one that prefers Swahili: the home page offers the Swahili page until it knows her choice.
      const { page, context } = await newPage(browser, DESKTOP);
      await page.setExtraHTTPHeaders({ "Accept-Language": "sw-KE,sw;q=0.9,en;q=0.5" });
      await page.goto("/");
      expect(await page.getByRole("link", { name: offer }).isVisible()).toBe(true);
      // Google from the English sign-in page: the English landing (a password sign-in keeps the page's language
      // too), signed in, and her saved Swahili now in this browser.
      await googleFromEnglishSignIn(page);
      expect(await languageCookie(context)).toBe("sw");
      await page.getByRole("button", { name: "Account menu" }).click();
      expect(await page.getByRole("menu").innerText()).toContain(email);
      await page.goto("/");
      expect(await page.locator("html").getAttribute("lang")).toBe("en");
      expect(await page.getByRole("link", { name: "Kiswahili", exact: true }).isVisible()).toBe(true);
      expect(await page.getByText(offer).count()).toBe(0);
      await context.close();
    });
  });
});

/** Google from the English sign-in page, back on the English home page. */
async function googleFromEnglishSignIn(page: Page) {
  await page.goto("/signin");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL(`${baseUrl()}/`);
  await waitForHydration(page);
}

describe("admin guard", () => {
  const ADMIN_PAGES = [
    "/admin",
    "/admin-dashboard",
    "/admin/articles",
    "/admin/ebooks",
    "/admin/users",
    "/admin/categories",
    "/admin/homepage",
    "/admin/moderation",
  ];

  it("sends guests to / and signed-in non-admins to /home", async () => {
    const guest = await newPage(browser, PHONE);
    for (const path of ADMIN_PAGES) {
      await guest.page.goto(path);
      expect(new URL(guest.page.url()).pathname).toBe("/");
    }
    await guest.context.close();

    const reader = await newPage(browser, PHONE);
    await signIn(reader.page, "buyer@nuru.test", DEMO_PASSWORD);
    await reader.page.waitForURL(/\/home$/);
    for (const path of ADMIN_PAGES) {
      await reader.page.goto(path);
      expect(new URL(reader.page.url()).pathname).toBe("/home");
    }
    // An admin action posted by a non-admin changes nothing.
    const me = await reader.page.evaluate(async () => {
      const form = new FormData();
      form.set("userId", "anything");
      form.set("role", "admin");
      const res = await fetch("/admin/users", { method: "POST", body: form, redirect: "manual" });
      return res.type === "opaqueredirect" || res.status >= 300;
    });
    expect(me).toBe(true);
    await reader.page.goto("/account");
    expect(await reader.page.locator("#account-role").inputValue()).toBe("Reader");
    await reader.context.close();
  });

  it("lets the admin in, shows the dashboard and changes a role", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signIn(page, "admin@nuru.test", DEMO_PASSWORD);
    await page.waitForURL(/\/home$/);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Admin Dashboard" }).click();
    await page.waitForURL(/\/admin$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Admin Dashboard");
    expect(Number(await page.getByTestId("count-articles").innerText())).toBeGreaterThanOrEqual(18);
    // A link card for each admin screen, saying what it is for (spec: the dashboard's link cards).
    const screens = page.getByRole("region", { name: "Manage the shop" });
    for (const [name, path] of [
      ["Articles", "/admin/articles"],
      ["Ebooks", "/admin/ebooks"],
      ["Orders", "/admin/orders"],
      ["Analytics", "/admin/analytics"],
      ["Users", "/admin/users"],
      ["Categories", "/admin/categories"],
      ["Homepage", "/admin/homepage"],
      ["Moderation", "/admin/moderation"],
      ["Files", "/admin/media"],
      ["Activity", "/admin/activity"],
    ])
      expect(await screens.getByRole("link", { name: new RegExp(`^${name} `) }).getAttribute("href")).toBe(path);
    expect(await screens.getByText("Approve or reject readers' comments and reviews.").isVisible()).toBe(true);
    await expectAccessible(page);
    await page.goto("/admin/users");
    // The Role Permissions card, true to the policy: the role name never opens paid content.
    const roles = page.getByRole("region", { name: "Role Permissions" });
    expect(await roles.getByText("Subscriber", { exact: true }).isVisible()).toBe(true);
    expect(await roles.textContent()).toContain("only while she has an active paid plan or has bought the ebook");
    await waitForHydration(page);
    await page.getByLabel("Search by e-mail or name").fill("expired@nuru");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.search.includes("q=expired"));
    const row = page.getByTestId("admin-user").filter({ hasText: "expired@nuru.test" });
    await expect.poll(() => page.getByTestId("admin-user").count()).toBe(1);
    expect(await page.getByText('1 user matching "expired@nuru"').isVisible()).toBe(true);
    await row.getByRole("combobox").selectOption("subscriber");
    await row.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => page.getByTestId("toast").innerText())
      .toContain("User role has been updated to subscriber.");
    // She stays on her search.
    expect(page.url()).toContain("q=expired");
    await expectAccessible(page);
    await context.close();
  });

  it("gives the admin role to addresses in ADMIN_EMAILS", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto("/signin?view=signup");
    await waitForHydration(page);
    await page.locator("#signup-fullName").fill("Shop Owner");
    await page.locator("#signup-email").fill("owner@nuru.test");
    await page.locator("#signup-password").fill("owner-pass-1");
    await page.locator("#signup-confirmPassword").fill("owner-pass-1");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => page.getByText("Account created successfully!", { exact: false }).isVisible()).toBe(true);
    await page.goto(await linkFromOutbox(page, "owner@nuru.test", "/confirm-email"));
    await page.locator("#confirm-password").fill("owner-pass-1");
    await page.getByRole("button", { name: "Confirm and Sign In" }).click();
    await page.waitForURL(/\/home$/);
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/admin");
    await context.close();
  });
});

describe("abuse limits", () => {
  it("stops sign-in after 5 failures with a try-again-later message", async () => {
    const { page, context } = await newPage(browser, PHONE);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn(page, "limit-probe@nuru.test", `wrong-${attempt}`);
      await expect.poll(() => page.getByText("Invalid email or password.").isVisible()).toBe(true);
    }
    await signIn(page, "limit-probe@nuru.test", "wrong-6");
    await expect
      .poll(() => page.getByText("Too many sign-in attempts. Please try again later.").isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe("/signin");
    await context.close();
  });

  it("refuses a cross-site form post", async () => {
    const res = await fetch(`${baseUrl()}/signin`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=signin&email=admin%40nuru.test&password=x",
    });
    expect(res.status).toBe(403);
  });
});
