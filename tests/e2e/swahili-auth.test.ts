// Sign-in and her address in Swahili (issue 50, ADR 048): /sw/signin in each of its views, /sw/reset-password and
// /sw/confirm-email speak Swahili at 390 px (the server's refusals and the page script's own checks too), every way in
// from a Swahili page leads there, and every way out (signing in, a code, a reset, signing out, Google) lands her back
// on a Swahili page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { baseUrl, expectAccessible, newPage, PHONE, waitForHydration } from "../setup/pages";
import { saveScreenshotsAtBothWidths } from "../setup/screenshots";
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

/** English words none of these pages may show (the English pages' own words). */
const ENGLISH =
  /\b(the|and|you|your|we|of|for|with|Sign In|Sign Up|Sign in|Welcome|Email|Password|Forgot|Reset|Continue|Create Account|Show|Hide|code|Back|Check|Error|required|Home|Articles|Ebooks|Pricing|Support|Skip to content)\b/;

async function visibleWords(page: Page) {
  const text = await page.evaluate(() => document.body.innerText);
  return text.replace(/^English$/m, "");
}

async function expectSwahiliPage(page: Page, label: string) {
  expect(await page.locator("html").getAttribute("lang"), label).toBe("sw");
  expect(await visibleWords(page), label).not.toMatch(ENGLISH);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(PHONE.width);
}

/** The newest mail to `to` in the dev outbox: its subject line and its text. */
async function newestMail(page: Page, to: string) {
  await page.goto("/dev/mail");
  const mail = page
    .getByTestId("outbox-mail")
    .filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) })
    .first();
  return {
    subject: (await mail.getByRole("heading").innerText()).trim(),
    text: await mail.getByTestId("mail-text").innerText(),
  };
}

describe("/sw/signin at 390 px", () => {
  it("every view in Swahili, its script's checks and Show in Swahili, alternates named, nothing overflows", async () => {
    const { page, context, errors } = await newPage(browser, PHONE);
    await page.goto("/sw/signin");
    await waitForHydration(page);
    await expectSwahiliPage(page, "signin");
    expect(await page.title()).toBe("Ingia | Nuru");
    expect(await page.getByRole("heading", { level: 2 }).first().innerText()).toBe("Karibu");
    expect(await page.getByRole("tab", { name: "Jisajili" }).getAttribute("href")).toBe("/sw/signin?view=signup");
    expect(await page.locator("form#signin").getAttribute("action")).toBe("/sw/signin");
    // The script's own check, before anything is posted.
    await page.locator("form#signin").getByRole("button", { name: "Ingia", exact: true }).click();
    await expect.poll(() => page.locator("#signin-email-error").textContent()).toBe("Barua pepe inahitajika");
    await page.locator("#signin-password").fill("abc");
    await page.getByRole("button", { name: "Onyesha nenosiri" }).click();
    expect(await page.getByRole("button", { name: "Ficha nenosiri" }).innerText()).toBe("Ficha");
    await saveScreenshotsAtBothWidths(page, "swauth/signin");
    await expectAccessible(page);
    const alternates = await page.$$eval("link[rel=alternate][hreflang]", (found) =>
      found.map((l) => `${l.getAttribute("hreflang")} ${new URL(l.getAttribute("href")!).pathname}`),
    );
    expect(alternates).toEqual(["en /signin", "sw /sw/signin", "x-default /signin"]);

    for (const [view, heading] of [
      ["signup", "Karibu"],
      ["reset", "Weka upya nenosiri"],
      ["code", "Ingia kwa msimbo"],
    ] as const) {
      await page.goto(`/sw/signin?view=${view}&redirectTo=%2Fsw%2Farticles`);
      await waitForHydration(page);
      await expectSwahiliPage(page, view);
      expect(await page.getByRole("heading", { level: 2 }).first().innerText()).toBe(heading);
    }
    // The server's refusal of a sign-up in Swahili (the field's message from the schema).
    await page.goto("/sw/signin?view=signup");
    await page.locator("#signup-fullName").fill("Achieng Odhiambo");
    await page.locator("#signup-email").fill("achieng@example.com");
    await page.locator("#signup-password").fill("sunrise-walk");
    await page.locator("#signup-confirmPassword").fill("sunrise-wal");
    await page.getByRole("button", { name: "Fungua akaunti" }).click();
    await expect.poll(() => page.locator("#signup-confirmPassword-error").textContent()).toBe("Manenosiri hayalingani");
    await expectSwahiliPage(page, "signup refused");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a wrong password is refused in Swahili by the server; the right one lands her on the Swahili page she came from", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/sw/articles");
    const signIn = page.getByRole("banner").getByRole("link", { name: "Ingia" });
    expect(await signIn.getAttribute("href")).toBe("/sw/signin");
    await page.goto("/sw/signin?redirectTo=%2Fsw%2Farticles");
    await page.locator("#signin-email").fill("buyer@nuru.test");
    await page.locator("#signin-password").fill("not-the-password");
    await page.locator("form#signin").getByRole("button", { name: "Ingia", exact: true }).click();
    await page.getByText("Barua pepe au nenosiri si sahihi.").waitFor();
    await expectSwahiliPage(page, "refused");
    await page.goto("/sw/signin?redirectTo=%2Fsw%2Farticles");
    await page.locator("#signin-email").fill("buyer@nuru.test");
    await page.locator("#signin-password").fill(DEMO_PASSWORD);
    await page.locator("form#signin").getByRole("button", { name: "Ingia", exact: true }).click();
    await page.waitForURL(/\/sw\/articles$/);
    expect(await page.getByText("Umeingia!").count()).toBeGreaterThan(0);
    // Signing out from a Swahili page lands on the Swahili home page.
    const landed = await page.evaluate(async () => {
      const res = await fetch("/signout", { method: "POST", body: new FormData() });
      return new URL(res.url).pathname;
    });
    expect(landed).toBe("/sw");
    await context.close();
  });
});

describe("her address in Swahili", () => {
  it("a code asked for on /sw/signin comes in Swahili and signs her in where she was going", async () => {
    const email = await newReader("sukuma-wiki-1");
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/sw/signin?view=code&redirectTo=%2Fsw%2Fpricing");
    await page.locator("#code-request-email").fill(email);
    await page.getByRole("button", { name: "Nitumie msimbo", exact: true }).click();
    await page.getByText(`Tumetuma msimbo wa tarakimu 6 kwa ${email}.`, { exact: false }).waitFor();
    await expectSwahiliPage(page, "code sent");
    const mail = await newestMail(await context.newPage(), email);
    const code = /^(\d{6}) ni msimbo wako wa kuingia Nuru$/.exec(mail.subject)?.[1];
    expect(code, mail.subject).toBeTruthy();
    await page.locator("#code-code").fill(code!);
    await page.getByRole("button", { name: "Ingia", exact: true }).click();
    await page.waitForURL(/\/sw\/pricing$/);
    await context.close();
  });

  it("a reset asked for on /sw/signin mails a link to /sw/reset-password, which speaks Swahili and leads back", async () => {
    const email = await newReader("sukuma-wiki-2");
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/sw/signin?view=reset");
    await page.locator("#reset-email").fill(email);
    await page.getByRole("button", { name: "Tuma barua pepe ya kuweka upya nenosiri" }).click();
    await page.getByText("Barua pepe ya kuweka upya nenosiri imetumwa!").waitFor();
    const mail = await newestMail(await context.newPage(), email);
    expect(mail.subject).toBe("Weka upya nenosiri lako la Nuru");
    const link = /https?:\/\/\S+\/sw\/reset-password\?token=\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await waitForHydration(page);
    await expectSwahiliPage(page, "reset page");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Chagua nenosiri jipya");
    await page.locator("#new-password").fill("mpya-kabisa-1");
    await page.locator("#new-confirmPassword").fill("mpya-kabisa-2");
    await page.getByRole("button", { name: "Weka nenosiri jipya" }).click();
    await page.getByText("Manenosiri hayalingani").first().waitFor();
    await page.locator("#new-password").fill("mpya-kabisa-1");
    await page.locator("#new-confirmPassword").fill("mpya-kabisa-1");
    await page.getByRole("button", { name: "Weka nenosiri jipya" }).click();
    await page.waitForURL(/\/sw\/signin\?reset=1$/);
    await page.getByText("Nenosiri lako limebadilishwa. Tafadhali ingia.").waitFor();
    await expectSwahiliPage(page, "after reset");
    await context.close();
  });

  it("a sign-up on /sw/signin is hers in Swahili: the mail, its link to /sw/confirm-email, and where she lands", async () => {
    const email = `sw-signup-${Date.now().toString(36)}@nuru.test`;
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/sw/signin?view=signup");
    await page.locator("#signup-fullName").fill("Achieng Odhiambo");
    await page.locator("#signup-email").fill(email);
    await page.locator("#signup-password").fill("sunrise-walk");
    await page.locator("#signup-confirmPassword").fill("sunrise-walk");
    await page.getByRole("button", { name: "Fungua akaunti" }).click();
    await page.getByRole("heading", { name: "Angalia barua pepe yako" }).waitFor();
    await expectSwahiliPage(page, "signed up");
    const mail = await newestMail(await context.newPage(), email);
    expect(mail.subject).toBe("Thibitisha akaunti yako ya Nuru");
    const link = /https?:\/\/\S+\/sw\/confirm-email\?token=\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await waitForHydration(page);
    await expectSwahiliPage(page, "confirm page");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Thibitisha barua pepe yako");
    await page.locator("#confirm-password").fill("sunrise-walk");
    await page.getByRole("button", { name: "Thibitisha, kisha ingia" }).click();
    await page.waitForURL(/\/sw\/home$/);
    await context.close();
  });

  it("a broken confirmation link says so in Swahili; the reset page without a link too", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/sw/confirm-email?token=hakuna");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/sw/signin?confirm=invalid");
    await page.getByText("Kiungo hiki cha kuthibitisha si sahihi au muda wake umekwisha.", { exact: false }).waitFor();
    await expectSwahiliPage(page, "confirm invalid");
    await page.goto("/sw/reset-password");
    await expectSwahiliPage(page, "reset without token");
    await context.close();
  });

  it("Google from /sw/signin brings her back to the Swahili pages with her language kept", async () => {
    // Someone new to the shop: her account is made at the callback, and keeps Swahili as her language.
    const email = `baraka.google-${Date.now().toString(36)}@nuru.test`;
    await asGooglePerson({ sub: `google-${email}`, email, name: "Baraka Otieno" }, async () => {
      const { page, context } = await newPage(browser, PHONE);
      await page.goto("/sw/signin");
      await page.getByRole("button", { name: "Endelea na Google" }).click();
      await page.waitForURL(`${baseUrl()}/sw`);
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === "nuru_lang")?.value).toBe("sw");
      // The English account page shows her saved choice (English when she has none).
      await page.goto("/account");
      expect(await page.locator("#account-email").inputValue()).toBe(email);
      expect(await page.getByLabel("The shop's language for you").inputValue()).toBe("sw");
      await context.close();
    });
  });
});
