import { describe, expect, it } from "vitest";
import { localeFromPath, localeHref, prefersSwahili, stripLocale } from "~/lib/locale";

describe("the language in the address", () => {
  it("reads Swahili only from /sw and /sw/...", () => {
    expect(localeFromPath("/sw")).toBe("sw");
    expect(localeFromPath("/sw/pricing")).toBe("sw");
    expect(localeFromPath("/")).toBe("en");
    expect(localeFromPath("/swahili-stories")).toBe("en");
    expect(stripLocale("/sw/article/5")).toBe("/article/5");
    expect(stripLocale("/sw")).toBe("/");
  });
  it("keeps her language on every link, with the query and hash", () => {
    expect(localeHref("/pricing?plan=1#top", "sw")).toBe("/sw/pricing?plan=1#top");
    expect(localeHref("/", "sw")).toBe("/sw"); // the guest cache keeps "/sw" as the page, "/sw/" as a variant
    expect(localeHref("/sw/pricing", "sw")).toBe("/sw/pricing");
    expect(localeHref("/sw/pricing?x=1", "en")).toBe("/pricing?x=1");
    expect(localeHref("/sw", "en")).toBe("/");
  });
  it("leaves other sites and relative links alone", () => {
    expect(localeHref("https://evil.example/x", "sw")).toBe("https://evil.example/x");
    expect(localeHref("//evil.example/x", "sw")).toBe("//evil.example/x");
    expect(localeHref("pricing", "sw")).toBe("pricing");
  });
  it("offers Swahili only when she prefers it to English", () => {
    expect(prefersSwahili("sw-KE,sw;q=0.9,en;q=0.8")).toBe(true);
    expect(prefersSwahili("en-GB,en;q=0.9,sw;q=0.8")).toBe(false);
    expect(prefersSwahili("sw;q=0")).toBe(false);
    expect(prefersSwahili(null)).toBe(false);
    expect(prefersSwahili("swe")).toBe(false);
  });
});

describe("pages with a Swahili version", () => {
  it("are the reader pages, in either language", async () => {
    const { hasSwahiliVersion } = await import("~/lib/locale");
    expect(hasSwahiliVersion("/")).toBe(true);
    expect(hasSwahiliVersion("/sw/")).toBe(true);
    expect(hasSwahiliVersion("/sw/category/weight-loss")).toBe(true);
    expect(hasSwahiliVersion("/ebooks")).toBe(true);
    for (const page of ["/about", "/terms", "/privacy", "/sw/about", "/sw/terms", "/sw/privacy"])
      expect(hasSwahiliVersion(page), page).toBe(true);
    expect(hasSwahiliVersion("/privacy/extra")).toBe(false);
    expect(hasSwahiliVersion("/pricing")).toBe(true);
    expect(hasSwahiliVersion("/article/abc")).toBe(true);
    expect(hasSwahiliVersion("/sw/ebook/abc")).toBe(true);
    // The PDF reader has one since issue 50's reader slice; not the other addresses under an ebook (its file), nor
    // the pages that have one address.
    expect(hasSwahiliVersion("/ebook/1/read")).toBe(true);
    expect(hasSwahiliVersion("/sw/ebook/1/read")).toBe(true);
    expect(hasSwahiliVersion("/ebook/1/file")).toBe(false);
    expect(hasSwahiliVersion("/api/payments/ipn")).toBe(false);
    expect(hasSwahiliVersion("/admin")).toBe(false);
    expect(hasSwahiliVersion("/account/data")).toBe(false);
    // Her account's pages have one since issue 50's account slice.
    expect(hasSwahiliVersion("/account")).toBe(true);
  });
});

describe("links on a Swahili page", () => {
  it("go to the Swahili page where there is one, and keep query and hash", async () => {
    const { localizedHref } = await import("~/lib/locale");
    expect(localizedHref("/articles?q=tumbo#list", "sw")).toBe("/sw/articles?q=tumbo#list");
    expect(localizedHref("/", "sw")).toBe("/sw");
    expect(localizedHref("/signin?redirectTo=/sw", "sw")).toBe("/sw/signin?redirectTo=/sw");
    expect(localizedHref("/checkout/plan/basic", "sw")).toBe("/sw/checkout/plan/basic");
    expect(localizedHref("/ebook/x/read?pdf=1", "sw")).toBe("/sw/ebook/x/read?pdf=1");
    expect(localizedHref("/ebook/x/reading", "sw")).toBe("/ebook/x/reading");
    expect(localizedHref("/articles", "en")).toBe("/articles");
    expect(localizedHref("/sw/articles?page=2", "en")).toBe("/articles?page=2");
    expect(localizedHref("https://wa.me/254700000000", "sw")).toBe("https://wa.me/254700000000");
  });
});

describe("the language switch's way back", () => {
  it("keeps the page and its query, less what names an order", async () => {
    const { switchNext } = await import("~/lib/locale");
    expect(switchNext("/articles", "?q=a%20b&page=2")).toBe("/articles?q=a%20b&page=2");
    expect(switchNext("/pricing", "")).toBe("/pricing");
    expect(
      switchNext(
        "/payment/return",
        "?OrderTrackingId=t-1&OrderMerchantReference=NURU-X&OrderNotificationType=CALLBACKURL",
      ),
    ).toBe("/payment/return?OrderTrackingId=t-1");
    expect(switchNext("/payment/return", "?OrderMerchantReference=NURU-X")).toBe("/payment/return");
  });
});
