import { describe, expect, it } from "vitest";
import { safeRedirectPath, sameOriginPath } from "~/lib/safe-redirect";

describe("safeRedirectPath", () => {
  it.each([
    ["/article/1", "/article/1"],
    ["/articles?q=walk&page=2", "/articles?q=walk&page=2"],
    ["/home#latest", "/home#latest"],
    ["/a/../b", "/b"],
  ])("keeps the local path %s", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it.each([
    "//other.example",
    "///other.example",
    "/\\other.example",
    "/\t/other.example",
    "/%09/other.example".replace("%09", "\t"),
    "/\n/other.example",
    "/\r\n/other.example",
    "/..//other.example",
    "/../..//other.example",
    "/./../..//other.example/x",
    "/%2e%2e//other.example",
    "https://other.example",
    "http:/other.example",
    "javascript:alert(1)",
    "other.example",
    "",
    "/\u0000x",
    "/x".padEnd(3000, "x"),
  ])("refuses %j", (target) => {
    expect(safeRedirectPath(target, "/home")).toBe("/home");
  });

  it("refuses values that are not strings", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(undefined, "/x")).toBe("/x");
    expect(safeRedirectPath(42)).toBe("/");
  });
});

describe("sameOriginPath", () => {
  const request = "http://127.0.0.1:3000/engagement";
  it("keeps the path of a same-origin Referer", () => {
    expect(sameOriginPath("http://127.0.0.1:3000/article/1?x=1", request)).toBe("/article/1?x=1");
  });
  it.each([
    "https://other.example/article/1",
    "http://127.0.0.1:3000//other.example/",
    "http://127.0.0.1:3000/..//other.example",
    "not a url",
    "http://[::1",
    "",
  ])("falls back for %j", (referer) => {
    expect(sameOriginPath(referer, request)).toBe("/");
  });
});
