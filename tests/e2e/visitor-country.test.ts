import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { connectBrowser } from "../setup/shared-browser";
import { PHONE, baseUrl, expectAccessible, newPage } from "../setup/pages";
import { postForm, raw } from "../setup/attacker";

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NBSP = "\u00a0";
/** 'KSh 1,250.00' -> 125000 (cents). */
const kesCents = (text: string) => Math.round(Number(/KSh\s?([\d,]+\.\d{2})/.exec(text)![1].replace(/,/g, "")) * 100);

describe("visitor country", () => {
  it("a visitor picks United States from the footer and sees 2.5x KES prices with dollars beside them", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/ebooks?access=premium");
    const footer = page.locator("footer");
    expect(await footer.textContent()).toContain("Prices for Kenya");
    const priced = page.locator("main article").filter({ hasText: "KSh" }).first();
    const title = (await priced.getByRole("heading").textContent())!;
    const price = page.locator("main article").filter({ hasText: title }).getByText(/^KSh/);
    const kenyan = (await price.textContent())!;
    expect(kenyan).not.toContain("≈");

    await footer.getByRole("link", { name: "change" }).click();
    await page.waitForURL((url) => url.pathname === "/country");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Prices in your country");
    await expectAccessible(page);
    await page.getByLabel("Country").selectOption({ label: "United States" });
    await page.getByRole("button", { name: "Update" }).click();
    await page.waitForURL((url) => url.pathname === "/ebooks" && url.search === "?access=premium");

    expect(await footer.textContent()).toContain("Prices for United States");
    const american = (await price.textContent())!;
    expect(american).toMatch(new RegExp(`^KSh${NBSP}[\\d,]+\\.\\d{2} ≈ \\$[\\d,]+\\.\\d{2}$`));
    // 2.5x the Kenyan price, rounded down to whole shillings in her favour (issue 46 item 27): KSh 399 -> KSh 997.
    expect(kesCents(american)).toBe(Math.floor((kesCents(kenyan) * 2.5) / 100) * 100);
    const cookie = (await context.cookies()).find((c) => c.name === "nuru_country");
    expect(cookie).toMatchObject({ value: "US", sameSite: "Lax", path: "/" });
    await expectAccessible(page);
    await context.close();
  });

  it("the picker works as a plain form without JavaScript, and the footer's list of countries is not on every page", async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/ebooks`);
    expect(await page.locator("footer select").count()).toBe(0);
    await page.locator("footer").getByRole("link", { name: "change" }).click();
    await page.waitForURL((url) => url.pathname === "/country");
    await page.getByLabel("Country").selectOption("NG");
    await page.getByRole("button", { name: "Update" }).click();
    await page.waitForURL((url) => url.pathname === "/ebooks");
    expect(await page.locator("footer").textContent()).toContain("Prices for Nigeria");
    expect(await page.locator("main").textContent()).toContain("≈ ₦");
    await context.close();
  });

  it("lists every country: Iceland (no pricing rule) shows Kenyan base prices, and Update returns her to /pricing", async () => {
    const { page, context } = await newPage(browser, PHONE);
    await page.goto("/pricing");
    const prices = () => page.locator("main [data-testid^='price-']").allTextContents();
    const kenyan = await prices();
    expect(kenyan.length).toBeGreaterThan(0);
    await page.locator("main").getByRole("link", { name: "change" }).click();
    await page.waitForURL((url) => url.pathname === "/country");
    const picker = page.getByLabel("Country");
    // Every ISO 3166-1 country, not only the 53 with a rule, by name.
    await expect.poll(() => picker.locator("option").count()).toBeGreaterThan(240);
    const names = await picker.locator("option").allTextContents();
    expect(names).toEqual(expect.arrayContaining(["Iceland", "Kenya", "Nigeria", "Åland Islands", "Zimbabwe"]));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(await picker.locator("option:checked").textContent()).toBe("Kenya");
    await picker.selectOption({ label: "Iceland" });
    await page.getByRole("button", { name: "Update" }).click();
    await page.waitForURL((url) => url.pathname === "/pricing");
    await expect.poll(() => page.locator("main").textContent()).toContain("Prices for Iceland");
    // No rule for Iceland: the default rule, which is Kenya's base price in shillings with nothing beside it.
    expect(await prices()).toEqual(kenyan);
    expect(kenyan.every((p) => p.startsWith("KSh") && !p.includes("≈"))).toBe(true);
    expect(await page.locator("footer").textContent()).toContain("Prices for Iceland");
    await context.close();
  });

  it("a refused choice keeps her way back, and a direct visit without a Referer goes home", async () => {
    const refused = await postForm("/country", { country: "ZZ", redirectTo: "/pricing" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('name="redirectTo" value="/pricing"');
    const direct = await raw("/country");
    expect(direct.body).toContain('name="redirectTo" value="/"');
    const linked = await raw("/country?redirectTo=%2Fpricing");
    expect(linked.body).toContain('name="redirectTo" value="/pricing"');
    const offSite = await raw("/country?redirectTo=https%3A%2F%2Fevil.example%2F");
    expect(offSite.body).toContain('name="redirectTo" value="/"');
  });

  it("answers /api/pricing from the choice, the CDN header, the address, or Kenya", async () => {
    const json = async (headers: Record<string, string>, from?: string) => {
      const res = await raw("/api/pricing", { headers, from });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      return JSON.parse(res.body) as Record<string, unknown>;
    };
    expect(await json({ Cookie: "nuru_country=GB", "cf-ipcountry": "NG" }, "8.8.8.8")).toMatchObject({
      country_code: "GB",
      currency: "GBP",
      source: "choice",
    });
    expect(await json({ "cf-ipcountry": "NG" }, "8.8.8.8")).toMatchObject({ country_code: "NG", source: "cdn" });
    expect(await json({}, "8.8.8.8")).toMatchObject({
      country_code: "US",
      currency: "USD",
      continent_code: "NA",
      exchange_rate: "0.00800000",
      pricing_rule: { markup_percentage: "150.00", discount_percentage: "0.00" },
      source: "ip",
      fallback: false,
    });
    expect(await json({}, "10.0.0.7")).toMatchObject({ country_code: "KE", currency: "KES", source: "default" });
  });

  it("refuses a country the picker does not offer, and never redirects off the site", async () => {
    const refused = await postForm("/country", { country: "ZZ" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Please choose a country from the list.");
    expect(refused.headers.get("set-cookie")).toBeNull();

    const offSite = await postForm("/country", { country: "NG" }, { headers: { Referer: "https://evil.example/x" } });
    expect(offSite.status).toBe(303);
    expect(offSite.headers.get("location")).toBe("/");
    expect(offSite.headers.get("set-cookie")).toMatch(/^nuru_country=NG; Path=\/; Max-Age=31536000; SameSite=Lax/);
    for (const redirectTo of ["https://evil.example/x", "//evil.example/x", "/\\evil.example"]) {
      const offSiteField = await postForm("/country", { country: "NG", redirectTo });
      expect(offSiteField.headers.get("location")).toBe("/");
    }
    const back = await postForm("/country", { country: "NG", redirectTo: "/pricing?x=1" });
    expect(back.headers.get("location")).toBe("/pricing?x=1");
  });
});
