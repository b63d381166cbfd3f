import { describe, expect, it } from "vitest";
import { isSameOriginOrSafe } from "~/lib/csrf.server";

const SHOP = "https://nuru.example";

describe("cross-site request forgery check", () => {
  it("lets reads through", () => {
    expect(isSameOriginOrSafe("GET", {}, SHOP)).toBe(true);
  });
  it("accepts posts from the shop's own origin or host", () => {
    expect(isSameOriginOrSafe("POST", { origin: SHOP }, SHOP)).toBe(true);
    expect(isSameOriginOrSafe("POST", { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }, SHOP)).toBe(true);
    expect(isSameOriginOrSafe("POST", { referer: `${SHOP}/signin` }, SHOP)).toBe(true);
  });
  it("refuses posts from elsewhere or without an origin", () => {
    expect(isSameOriginOrSafe("POST", { origin: "https://evil.example", host: "nuru.example" }, SHOP)).toBe(false);
    expect(isSameOriginOrSafe("POST", {}, SHOP)).toBe(false);
    expect(isSameOriginOrSafe("POST", { origin: "null" }, SHOP)).toBe(false);
    expect(isSameOriginOrSafe("DELETE", { referer: "not a url" }, SHOP)).toBe(false);
  });
  it("believes X-Forwarded-Host only behind a trusted proxy", () => {
    const forged = { origin: "https://evil.example", host: "nuru.example", "x-forwarded-host": "evil.example" };
    expect(isSameOriginOrSafe("POST", forged, SHOP)).toBe(false);
    expect(isSameOriginOrSafe("POST", forged, SHOP, false)).toBe(false);
    const proxied = { origin: "https://shop.internal", host: "10.0.0.5:3000", "x-forwarded-host": "shop.internal" };
    expect(isSameOriginOrSafe("POST", proxied, SHOP, true)).toBe(true);
    expect(isSameOriginOrSafe("POST", proxied, SHOP, false)).toBe(false);
  });
});
