// Following the shop by e-mail (issue 34), on the dev outbox: a guest follows from the home page and confirms by the
// link; the subscriber opts in from her account; an editor publishes a premium article with "send to followers".
// The guest (no plan) gets its opening and a link, never the locked text; the subscriber gets it whole. Each mail
// carries the RFC 8058 headers, one POST to the one-click address unsubscribes, and the preferences page changes
// categories without signing in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import PostalMime from "postal-mime";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { DESKTOP, PHONE, baseUrl, expectAccessible, newPage, waitForHydration } from "../setup/pages";
import { DEMO_PASSWORD } from "../setup/http-session";
import { signInWithForm } from "../setup/shop-journeys";
import { saveScreenshot } from "../setup/screenshots";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const guest = `follower-${tag}@nuru.test`;
const SUBSCRIBER = "subscriber@nuru.test";
const title = `Morning walks for strong knees ${tag}`;
const opening = `Walk twenty minutes after breakfast ${tag}.`;
const locked = `LOCKED-MAIL-TEXT-${tag}`;

interface OutboxMail {
  text: string;
  headers: string;
  links: string[];
  /** The "Download the raw message (.eml)" link. */
  rawUrl: string | null;
}

/** The newest mail in the dev outbox to `to` whose subject is `subject`, as a person sees it on /dev/mail. */
async function mailTo(page: Page, to: string, subject: string): Promise<OutboxMail | null> {
  await page.goto("/dev/mail");
  const mail = page
    .getByTestId("outbox-mail")
    .filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) })
    .filter({ has: page.getByRole("heading", { name: subject, exact: true }) })
    .first();
  if ((await mail.count()) === 0) return null;
  const headers = mail.getByTestId("mail-headers");
  const raw = mail.getByTestId("mail-raw");
  return {
    text: await mail.getByTestId("mail-text").innerText(),
    headers: (await headers.count()) ? await headers.innerText() : "",
    links: await mail
      .getByTestId("mail-text")
      .locator("a")
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href)),
    rawUrl: (await raw.count()) ? await raw.getAttribute("href") : null,
  };
}

async function waitForMail(page: Page, to: string, subject: string): Promise<OutboxMail> {
  let found: OutboxMail | null = null;
  await expect
    .poll(async () => (found = await mailTo(page, to, subject)) !== null, { timeout: 30_000, interval: 500 })
    .toBe(true);
  return found!;
}

describe("member e-mail", () => {
  let guestMail: OutboxMail;
  let subscriberMail: OutboxMail;

  it("a guest follows from the home page at 390 px and confirms by the link in her mail", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/");
    const form = page.locator("#follow");
    await form.scrollIntoViewIfNeeded();
    expect(await form.getByRole("heading", { name: "New articles by e-mail" }).isVisible()).toBe(true);
    await form.getByLabel("Your e-mail address").fill(guest);
    await form.getByRole("button", { name: "Follow" }).click();
    await page.waitForURL((url) => url.pathname === "/newsletter");
    await waitForHydration(page);
    expect(await page.getByLabel("E-mail address").inputValue()).toBe(guest);
    expect(await page.getByTestId("consent-wording").innerText()).toContain("one-click unsubscribe");
    await page.getByLabel("Weight Loss").check();
    await expectAccessible(page);
    await saveScreenshot(page, "member-mail-follow-390", { fullPage: true });
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.getByText("Check your inbox").isVisible()).toBe(true);

    const confirm = await waitForMail(page, guest, "Confirm your Nuru e-mail subscription");
    const link = confirm.links.find((l) => l.includes("/newsletter/confirm?token="));
    expect(link).toBeTruthy();
    await page.goto(link!);
    // Opening the link changes nothing (mail scanners open links); her button press confirms.
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/newsletter/preferences/"));
    await expect.poll(() => page.getByTestId("follow-status").innerText()).toBe("You get Nuru articles by e-mail.");
    expect(await page.getByLabel("Weight Loss").isChecked()).toBe(true);
    await context.close();
  });

  it("the subscriber opts in from her account page", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signInWithForm(page, SUBSCRIBER, DEMO_PASSWORD);
    await page.goto("/account");
    const section = page.getByRole("region", { name: "New articles by e-mail" });
    await section.getByLabel("Weight Loss").check();
    await section.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL((url) => url.pathname === "/newsletter");
    await expect.poll(() => page.getByText("You follow Nuru by e-mail").isVisible()).toBe(true);
    await page.goto("/account");
    expect(await page.getByRole("link", { name: "Change what you get or unsubscribe" }).isVisible()).toBe(true);
    await context.close();
  });

  it("an editor publishes a premium article with 'send to followers': the opening to a reader without a plan, the whole article to the subscriber", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await signInWithForm(page, "admin@nuru.test", DEMO_PASSWORD);
    await page.goto("/admin/articles/new");
    await waitForHydration(page);
    await page.getByLabel("Title").fill(title);
    const editor = page.getByRole("textbox", { name: "Content" });
    await editor.click();
    await page.keyboard.type(opening);
    await page.keyboard.press("Enter");
    await page.keyboard.type(`The rest is for members: ${locked}.`);
    await page.getByLabel("Excerpt").fill(opening);
    await page.getByLabel("Access type").selectOption("premium");
    await page.locator('input[name="categoryIds"]').first().waitFor();
    await page
      .getByRole("group", { name: /categor/i })
      .getByLabel("Weight Loss")
      .check();
    await page.getByLabel("Published").check();
    await page.getByLabel("Mail it to readers").selectOption("followers");
    await page.getByRole("button", { name: "Create Article" }).click();
    await page.waitForURL(/\/admin\/articles$/);
    await expect.poll(() => page.getByText(/E-mail queued for \d+ readers?/).isVisible()).toBe(true);

    guestMail = await waitForMail(page, guest, title);
    expect(guestMail.text).toContain(opening);
    expect(guestMail.text).toContain("Continue reading on Nuru");
    expect(guestMail.text).not.toContain(locked);
    subscriberMail = await waitForMail(page, SUBSCRIBER, title);
    expect(subscriberMail.text).toContain(opening);
    expect(subscriberMail.text).toContain(locked);
    expect(subscriberMail.text).not.toContain("Continue reading on Nuru");
    for (const mail of [guestMail, subscriberMail]) {
      expect(mail.headers).toMatch(/List-Unsubscribe: <https?:\/\/[^>]+\/newsletter\/unsubscribe\/[\w.-]+>/);
      expect(mail.headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(mail.text).toMatch(/Change what you get: https?:\/\/\S+\/newsletter\/preferences\//);
    }

    // The admin sees the send and its outcome.
    await page.goto("/admin/mail");
    const send = page.getByTestId("mail-send").filter({ hasText: title });
    // Every follower got it: the two above and any a journey running beside this one made (all sent, none failed).
    await expect
      .poll(async () => send.getByTestId("mail-send-counts").innerText())
      .toMatch(/^([2-9]|\d{2,}) sent · 0 waiting · 0 failed · 0 bounced · 0 skipped \(of \1\)$/);
    await context.close();
  });

  it("the dev outbox shows each mail's headers and offers the raw message as a .eml that parses", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/dev/mail");
    const shown = page
      .getByTestId("outbox-mail")
      .filter({ has: page.getByTestId("mail-to").getByText(SUBSCRIBER, { exact: true }) })
      .filter({ has: page.getByRole("heading", { name: title, exact: true }) })
      .first();
    const headers = shown.getByTestId("mail-headers");
    expect(await headers.isVisible()).toBe(true);
    for (const name of [
      "From:",
      "To:",
      "Subject:",
      "Date:",
      "Message-ID:",
      "List-Unsubscribe:",
      "List-Unsubscribe-Post:",
    ])
      expect(await headers.innerText()).toContain(name);
    await saveScreenshot(page, "member-mail-outbox-390");
    // The browser offers it as a download named .eml.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      shown.getByRole("link", { name: "Download the raw message (.eml)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^nuru-mail-[\w-]+\.eml$/);
    await context.close();

    const res = await fetch(`${baseUrl()}${subscriberMail.rawUrl!}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("message/rfc822");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="nuru-mail-[\w-]+\.eml"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const raw = await res.text();
    expect(raw).toContain("\r\n\r\n"); // RFC 5322 lines end in CRLF; an empty line ends the headers
    const parsed = await PostalMime.parse(raw);
    const header = (name: string) => parsed.headers.find((h) => h.key === name.toLowerCase())?.value;
    expect(parsed.subject).toBe(title);
    expect(parsed.to?.map((a) => ("address" in a ? a.address : ""))).toEqual([SUBSCRIBER]);
    expect(header("List-Unsubscribe")).toMatch(/^<https?:\/\/[^>]+\/newsletter\/unsubscribe\/[\w.-]+>$/);
    expect(header("List-Unsubscribe")).toBe(/List-Unsubscribe: (<[^>]+>)/.exec(subscriberMail.headers)![1]);
    expect(header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(parsed.text).toContain(locked);
    expect(parsed.html).toContain(locked);
    // An unknown mail is not found.
    expect((await fetch(`${baseUrl()}/dev/mail/00000000-0000-4000-8000-000000000000.eml`)).status).toBe(404);
  });

  it("one POST to the one-click address unsubscribes, with no sign-in and no token from a page", async () => {
    const address = /List-Unsubscribe: <([^>]+)>/.exec(guestMail.headers)![1]!;
    // As a mail provider sends it (RFC 8058): from its own servers, no Origin, no cookie.
    const res = await fetch(address.replace(/^https?:\/\/[^/]+/, baseUrl()), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    const { page, context } = await newPage(browser, PHONE);
    const preferences = guestMail.links.find((l) => l.includes("/newsletter/preferences/"))!;
    await page.goto(preferences);
    expect(await page.getByTestId("follow-status").innerText()).toBe(
      "You are unsubscribed: Nuru does not e-mail you articles.",
    );
    await context.close();
  });

  it("the preferences page changes categories without signing in (390 px)", async () => {
    const { page, context } = await newPage(browser, PHONE);
    const preferences = subscriberMail.links.find((l) => l.includes("/newsletter/preferences/"))!;
    await page.goto(preferences);
    await waitForHydration(page);
    expect(await page.getByLabel("Weight Loss").isChecked()).toBe(true);
    await page.getByLabel("Weight Loss").uncheck();
    await page.getByLabel("Skin & Beauty").check();
    await page.getByLabel("One weekly digest").check();
    // Sent in place (an islands page, ADR 045: no React, its small script): the same document shows the notice.
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByRole("button", { name: "Save my choices" }).click();
    await expect.poll(() => page.getByText("Your choices are saved.").isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await expectAccessible(page);
    await saveScreenshot(page, "member-mail-preferences-390", { fullPage: true });
    await page.reload();
    expect(await page.getByLabel("Skin & Beauty").isChecked()).toBe(true);
    expect(await page.getByLabel("Weight Loss").isChecked()).toBe(false);
    expect(await page.getByLabel("One weekly digest").isChecked()).toBe(true);
    // Nothing on the page fits badly on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
