// What the HTTP server derives from the routes' handles (issue 31 item 8): which pages the guest cache may keep,
// which routes other servers may post to, which forms get a larger body limit. A route that loses or gains one of
// these facts changes the server's behaviour, so the lists are spelled out here.
import { describe, expect, it } from "vitest";
import { patternToRegExp } from "~/lib/route-facts";
import { guestCacheAddress } from "~/lib/guest-page-cache.server";
import { ARTICLE_FORM_BODY_LIMIT } from "~/modules/content/article-form";
import { sourceRouteFacts } from "../setup/route-facts";

describe("route facts", () => {
  it("name the guest pages and the routes other servers post to", async () => {
    const facts = await sourceRouteFacts();
    expect(facts.patterns.guestPage).toEqual([
      "/",
      "/about",
      "/article/:id",
      "/articles",
      "/categories",
      "/category/:slug",
      "/ebook/:id",
      "/ebooks",
      "/home",
      "/pricing",
      // The Swahili reader pages (issue 50): guest pages too, cached by their own address.
      "/sw",
      "/sw/about",
      "/sw/article/:id",
      "/sw/articles",
      "/sw/categories",
      "/sw/category/:slug",
      "/sw/ebook/:id",
      "/sw/ebooks",
      "/sw/home",
      "/sw/pricing",
      "/sw/terms",
      "/terms",
    ]);
    expect(facts.patterns.crossSitePosts).toEqual([
      "/api/payments/daraja/:kind",
      "/api/payments/ipn",
      "/api/sms/delivery-reports/:secret",
      "/newsletter/unsubscribe/:token",
      // The one-click link's page in Swahili (issue 50): the same module, so the same facts.
      "/sw/newsletter/unsubscribe/:token",
    ]);
  }, 60_000);

  it("name the query parameters each guest page reads (the guest page cache keeps no other, issue 46 item 1)", async () => {
    const facts = await sourceRouteFacts();
    const declared = (path: string) => [...facts.guestQuery(path)].sort();
    expect(declared("/")).toEqual(["q"]);
    expect(declared("/articles")).toEqual(["access", "page", "q"]);
    expect(declared("/ebooks")).toEqual(["access", "page", "q"]);
    // /shop is a redirect to /ebooks now (issue 46 item 11), not a page of its own.
    expect(declared("/shop")).toEqual([]);
    expect(declared("/category/health")).toEqual(["page"]);
    expect(declared("/pricing")).toEqual(["from"]);
    for (const path of ["/about", "/terms", "/categories", "/article/x", "/ebook/x", "/account"])
      expect(declared(path), path).toEqual([]);
  }, 60_000);

  it("match paths as React Router does", async () => {
    const facts = await sourceRouteFacts();
    for (const path of ["/", "/article/0d9f6c1e-8a57-4c6b-9b0e-3f1a2b4c5d6e", "/Pricing", "/ebooks/"]) {
      expect(facts.isGuestPage(path), path).toBe(true);
    }
    for (const path of [
      "/account",
      "/article/x/comments",
      "/ebook/x/read",
      "/admin",
      "/articles.data",
      "/article/x.data",
    ]) {
      expect(facts.isGuestPage(path), path).toBe(false);
    }
    expect(facts.takesCrossSitePosts("/api/payments/ipn/")).toBe(true);
    expect(facts.takesCrossSitePosts("/newsletter/unsubscribe/abc.def")).toBe(true);
    expect(facts.takesCrossSitePosts("/newsletter/unsubscribe")).toBe(false);
    expect(facts.takesCrossSitePosts("/signin")).toBe(false);
    const article = facts.largeForms.find((form) => form.path.test("/admin/articles/new"));
    expect(article?.bytes).toBe(ARTICLE_FORM_BODY_LIMIT);
    expect(facts.largeForms.some((form) => form.path.test("/admin/users"))).toBe(false);
  }, 60_000);

  it("turns params and splats into one segment and the rest", () => {
    expect(patternToRegExp("/og/*").test("/og/article/x.png")).toBe(true);
    expect(patternToRegExp("/category/:slug").test("/category/a/b")).toBe(false);
    expect(patternToRegExp("/a.b").test("/aXb")).toBe(false);
  });
});

describe("the guest page cache's address of a request", () => {
  const declared = new Set(["q", "page"]);
  it("keeps only declared parameters, in one order, and refuses a request that carries any other", () => {
    expect(guestCacheAddress("/articles", "/articles", declared)).toEqual({ address: "/articles", variant: false });
    expect(guestCacheAddress("/articles", "/articles?page=2&q=sleep", declared)).toEqual({
      address: "/articles?page=2&q=sleep",
      variant: true,
    });
    expect(guestCacheAddress("/articles", "/articles?q=sleep&page=2", declared)?.address).toBe(
      "/articles?page=2&q=sleep",
    );
    // An empty value is the page itself.
    expect(guestCacheAddress("/articles", "/articles?q=", declared)).toEqual({ address: "/articles", variant: false });
    expect(guestCacheAddress("/articles", "/articles?q=a&utm_source=x", declared)).toBeNull();
    expect(guestCacheAddress("/about", "/about?x=1", new Set())).toBeNull();
    // Other spellings of a path are variants: they can never push out the page at its own address.
    expect(guestCacheAddress("/Articles", "/Articles", declared)?.variant).toBe(true);
    expect(guestCacheAddress("/articles/", "/articles/", declared)?.variant).toBe(true);
    expect(guestCacheAddress("/", "/", declared)?.variant).toBe(false);
  });
});
