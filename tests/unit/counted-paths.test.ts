import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { sourceRouteFacts } from "../setup/route-facts";

// Only requests for pages whose handle says `countsViews` open the page-event scope (lib/route-facts.ts); a route
// whose loader notes a view, an offer view or a search without saying so would silently count nothing.
const NOTES = /\bnote(?:ContentView|OfferView|Search)\(/;

describe("the paths that open a page-event scope", () => {
  const flat = (routes as { path?: string; file: string }[]).filter((r) => r.path !== undefined);
  const counting = flat.filter((r) => NOTES.test(readFileSync(path.join("app", r.file), "utf8")));

  it("are the routes whose loader counts, declared on the route", async () => {
    expect(counting.map((r) => `/${r.path}`).sort()).toEqual((await sourceRouteFacts()).patterns.countsViews);
  }, 60_000);

  it("include their data requests and leave out the pages that count nothing", async () => {
    const facts = await sourceRouteFacts();
    for (const p of ["/article/x", "/article/x.data", "/articles", "/articles.data", "/pricing", "/category/a"])
      expect(facts.countsViews(p), p).toBe(true);
    for (const p of ["/", "/_.data", "/home", "/about", "/ebooks", "/account", "/article/x/extra", "/articles-x"])
      expect(facts.countsViews(p), p).toBe(false);
  }, 60_000);
});
